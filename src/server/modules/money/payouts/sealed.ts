// Sealing payout details at rest (decision 136): AES-256-GCM from node:crypto under PAYOUT_DETAILS_KEY. A sealed
// value is `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts): the key id (8 hex digits of a hash of the
// key) tells which key sealed it, so a value sealed under another key fails with a clear error instead of
// garbage, and a later key rotation can find what to re-seal. The additional data binds each value to its
// account and column: a value copied to another row or column does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function keyId(key: Buffer): string {
  return createHash('sha256').update('payout-details-key-id:').update(key).digest('hex').slice(0, 8);
}

/** Where a sealed value belongs: its account and its column. */
export interface SealedPlace {
  userId: string;
  column: 'upi_id' | 'account_number' | 'pan';
}

const aad = (place: SealedPlace) => Buffer.from(`${VERSION}:${place.userId}:${place.column}`);

export function seal(key: Buffer, plain: string, place: SealedPlace): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(place));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, keyId(key), iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(key: Buffer, sealed: string, place: SealedPlace): string {
  const [version, id, iv, body, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag || rest.length)
    throw new Error('Not a sealed payout detail');
  if (id !== keyId(key)) throw new Error(`Sealed under another key (${id}), not PAYOUT_DETAILS_KEY`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(place));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
