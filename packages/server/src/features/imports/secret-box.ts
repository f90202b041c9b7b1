import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Credentials at rest: AES-256-GCM with a key derived from the server secret (TokenService.deriveKey).
 * Stored as iv (12 bytes) | tag (16 bytes) | ciphertext; a changed secret or a tampered value fails
 * to open (null), never yields garbage.
 */
export function seal(key: Buffer, text: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
