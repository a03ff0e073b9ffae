// Password hashing: argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane). Every NEW password
// (signup, reset, set-password) passes through hashPassword, which first refuses common and breached passwords.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { fieldError } from '#server/http/errors.ts';

/** Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | null = null;

/**
 * True for a password on the offline list of common and breached passwords (ASVS 2.1.7): zxcvbn-ts's
 * `passwords-common` (about 30,000 of the most frequent passwords of public breach corpora, MIT, shipped in
 * @zxcvbn-ts/language-common; nothing is fetched at run time), compared without letter case, plus passwords
 * that are only whitespace or one repeated character. Server-only: the list is too large for the web bundle.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  const lower = password.toLowerCase();
  return common.has(lower) || common.has(lower.trim()) || /^(.)\1*$/su.test(password) || !password.trim();
}

/** Hashes a new password; a common one is refused with a 400 on the `password` field. */
export async function hashPassword(password: string): Promise<string> {
  if (isCommonPassword(password)) throw fieldError('password', ACCOUNT_MSG.passwordTooCommon);
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hash('not-a-real-password-' + Math.random(), OPTIONS));
