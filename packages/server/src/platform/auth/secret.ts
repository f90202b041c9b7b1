import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const WELL_KNOWN = [
  'secret',
  'changeme',
  'change-me',
  'password',
  'your-256-bit-secret',
  'your-secret-key',
  'jwt-secret',
  'supersecret',
  'mysecret',
  'development',
  'test',
];
export const MIN_SECRET_LENGTH = 32;

export function checkSecret(secret: string): void {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const lower = secret.toLowerCase();
  if (
    WELL_KNOWN.some((w) => lower === w || lower.replace(/[^a-z0-9]/g, '') === w.replace(/[^a-z0-9]/g, ''))
  ) {
    throw new Error('JWT_SECRET is a well-known value; choose a random one');
  }
  if (new Set(secret).size < 8) throw new Error('JWT_SECRET has too few distinct characters');
}

/** The configured secret, or one generated at first start and kept (mode 600) in DATA_DIR. */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) {
    checkSecret(configured);
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const kept = fs.readFileSync(file, 'utf8').trim();
    checkSecret(kept);
    return kept;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}
