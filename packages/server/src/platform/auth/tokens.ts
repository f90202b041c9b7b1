import { SecretBox } from './secret-box.js';
import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Clock } from '../clock.js';

const AUDIENCE = 'footfall-api';
const ISSUER = 'footfall';
const ALGORITHMS = ['HS256'];

export interface AccessClaims {
  /** subject: the user whose rights the token grants */
  sub: string;
  /** the subject's token_version when issued: bumping it kills the token */
  ver: number;
  /** when impersonating: the real actor */
  act?: { sub: string; name: string; ver: number };
  name: string;
}

export class InvalidTokenError extends Error {}

/** Subjects are user ids: anything else in a validly signed token is refused before it reaches SQL. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function actorOf(act: unknown): AccessClaims['act'] | undefined {
  if (act === undefined) return undefined;
  const a = act as Record<string, unknown> | null;
  if (
    typeof a !== 'object' ||
    a === null ||
    typeof a.sub !== 'string' ||
    !UUID.test(a.sub) ||
    typeof a.name !== 'string' ||
    !Number.isSafeInteger(a.ver)
  ) {
    throw new InvalidTokenError('claims');
  }
  return { sub: a.sub, name: a.name, ver: a.ver as number };
}

export class TokenService {
  private readonly key: Uint8Array;
  /** encrypts secrets kept at rest under a key derived from the same server secret */
  readonly secretBox: SecretBox;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly accessMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.secretBox = new SecretBox(secret);
  }

  /**
   * A 32-byte key for `purpose` derived from the server secret (HKDF-SHA256), e.g. to encrypt stored
   * credentials: the secret itself never leaves this class, and each purpose gets its own key.
   */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, 'footfall', purpose, 32));
  }

  get accessLifetimeMs() {
    return this.accessMinutes * 60_000;
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.accessLifetimeMs);
    const token = await new SignJWT({
      ver: claims.ver,
      name: claims.name,
      ...(claims.act ? { act: claims.act } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(claims.sub)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Only HS256, our audience and issuer, typ at+jwt and an unexpired exp are accepted. */
  async verifyAccess(token: string): Promise<AccessClaims & { exp: number }> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        audience: AUDIENCE,
        issuer: ISSUER,
        typ: 'at+jwt',
        requiredClaims: ['exp', 'sub', 'iat'],
        currentDate: this.clock.now(),
      });
      if (protectedHeader.alg !== 'HS256') throw new InvalidTokenError('algorithm');
      const { sub, ver, name, act, exp } = payload as Record<string, unknown>;
      if (
        typeof sub !== 'string' ||
        !UUID.test(sub) ||
        !Number.isSafeInteger(ver) ||
        typeof name !== 'string' ||
        typeof exp !== 'number'
      ) {
        throw new InvalidTokenError('claims');
      }
      const actor = actorOf(act);
      return { sub, ver: ver as number, name, exp, ...(actor ? { act: actor } : {}) };
    } catch (e) {
      if (e instanceof InvalidTokenError) throw e;
      if (e instanceof errors.JOSEError) throw new InvalidTokenError(e.code);
      throw new InvalidTokenError('malformed');
    }
  }
}
