// Password hashing: argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane). Every NEW password
// (signup, reset, set-password, change) passes through hashPassword, which first refuses common and breached
// passwords, passwords a strength estimator guesses quickly, and passwords built from the site's name or the
// person's own name or email (ASVS 2.1.7 and 2.1.8; issue 21, finding 7).
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
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

/**
 * zxcvbn-ts with its common (breached passwords, diceware) and English (words, names, Wikipedia) dictionaries: it
 * sees through l33t, years, dates, keyboard walks and appended symbols. Built on first use: the dictionaries
 * are large, and only the server that hashes a new password needs them.
 */
let estimator: ZxcvbnFactory | null = null;
const estimate = (password: string) =>
  (estimator ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...dictionary, ...englishDictionary },
  })).check(password);

/** Score 3 of 4 ("safely unguessable") is what zxcvbn advises as the least for a password. */
const guessable = (password: string) => estimate(password).score < 3;

/** The site's own name, as people write it. */
const SITE_NAMES = ['sharksecurity', 'shark security', 'shark-security', 'shark_security'];

/** The person's words: each part of the name and of the email's local part of 3 letters or more, and the whole. */
function personalWords(who: PasswordOwner): string[] {
  const local = who.email?.split('@')[0] ?? '';
  const parts = [...(who.name ?? '').split(/[^\p{L}\p{N}]+/u), ...local.split(/[^\p{L}\p{N}]+/u), local];
  return [...new Set(parts.map((p) => p.toLowerCase()).filter((p) => p.length >= 3))];
}

/** What is left of the password once every occurrence of these words is taken out, whatever the letter case. */
function without(password: string, words: string[]): string {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest;
}

export interface PasswordOwner {
  name?: string | null;
  email?: string | null;
}

/**
 * Why a new password is refused, or null. A password that holds the site's name or the person's name or email is
 * refused only when what remains without them is itself guessable: 'Priya Raman 2026' is, while a long passphrase
 * that mentions a first name among other words is not.
 */
export function passwordProblem(password: string, who: PasswordOwner = {}): string | null {
  if (isCommonPassword(password)) return ACCOUNT_MSG.passwordTooCommon;
  const lower = password.toLowerCase();
  const site = SITE_NAMES.filter((n) => lower.includes(n));
  if (site.length && guessable(without(password, site))) return ACCOUNT_MSG.passwordHasSiteName;
  const personal = personalWords(who).filter((w) => lower.includes(w));
  if (personal.length && guessable(without(password, personal))) return ACCOUNT_MSG.passwordHasPersonalInfo;
  if (guessable(password)) return ACCOUNT_MSG.passwordTooGuessable;
  return null;
}

/** Hashes a new password; a refused one is a 400 on the `password` field with the reason (passwordProblem). */
export async function hashPassword(password: string, who: PasswordOwner = {}): Promise<string> {
  const problem = passwordProblem(password, who);
  if (problem) throw fieldError('password', problem);
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
