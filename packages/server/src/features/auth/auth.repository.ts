import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** Everything sign-in needs about an account. */
export async function findCredentials(db: Db, by: { username: string } | { id: string }) {
  let q = db
    .selectFrom('app_user')
    .select([
      'id',
      'username',
      'email',
      'language',
      'first_name',
      'password_hash',
      'roles',
      'scope_node_id',
      'disabled_at',
      'token_version',
      'is_sso_user',
    ]);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where(sql`lower(username)`, '=', by.username.toLowerCase());
  return q.executeTakeFirst();
}
/** The users whose e-mail is this one (case ignored): a single-sign-on match needs exactly one. */
export const findUserIdsByEmail = (db: Db, email: string) =>
  db
    .selectFrom('app_user')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .limit(2)
    .execute();

export type Credentials = NonNullable<Awaited<ReturnType<typeof findCredentials>>>;

/**
 * New password: clears the reset-at-next-login flag, bumps token_version (every access token dies)
 * and revokes every refresh token, in one transaction.
 */
export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('app_user')
      .set({
        password_hash: passwordHash,
        reset_password_at_next_login: false,
        token_version: sql`token_version + 1`,
        updated_at: now as never,
      })
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('refresh_token')
      .set({ revoked_at: now })
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('actor_user_id', '=', userId)]))
      .where('revoked_at', 'is', null)
      .execute();
    return row.token_version;
  });
}

// ---- refresh tokens (opaque, stored as sha256) ----

export async function insertRefreshToken(
  db: Db,
  row: {
    familyId: string;
    userId: string;
    actorUserId: string | null;
    tokenHash: string;
    familyExpiresAt: Date;
    issuedAt: Date;
  },
) {
  await db
    .insertInto('refresh_token')
    .values({
      family_id: row.familyId,
      user_id: row.userId,
      actor_user_id: row.actorUserId,
      token_hash: row.tokenHash,
      family_expires_at: row.familyExpiresAt,
      issued_at: row.issuedAt as never,
    })
    .execute();
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_token')
    .select(['id', 'family_id', 'user_id', 'actor_user_id', 'family_expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used; false when someone else used it first (a concurrent reuse). */
export async function markRefreshTokenUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('refresh_token')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every impersonation session of `actorId` as `userId`. */
export async function revokeImpersonationFamilies(db: Db, userId: string, actorId: string, now: Date) {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('actor_user_id', '=', actorId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- password reset (single-use, stored as sha256) ----

export async function insertPasswordReset(
  db: Db,
  userId: string,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await db
    .insertInto('password_reset')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, created_at: now as never })
    .execute();
}

export async function latestPasswordResetAt(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('password_reset')
    .select(sql<Date>`max(created_at)`.as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Consumes a reset token: returns its user when it was unused and unexpired, and spends every other one. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute();
  return row.user_id;
}

// ---- login throttle ----

/** A granted attempt: what `refundThrottleAttempt` needs to give it back. */
export interface ThrottleReservation {
  key: string;
  windowStart: Date;
  lockedUntil: Date | null;
  previousLock: Date | null;
}

/**
 * Takes one attempt from a key's budget before the password is checked, atomically (the row is locked
 * for the decision): refused while the key is locked at `now`; otherwise counts the attempt and locks
 * the key for `lockMs(attempts)`, so concurrent attempts cannot all pass a check of the same count.
 * A window that started at or before `windowStartAfter` starts again. `failures` counts the attempts
 * reserved and not refunded.
 */
export async function reserveThrottleAttempt(
  db: Db,
  key: string,
  now: Date,
  windowStartAfter: Date,
  lockMs: (attempts: number) => number,
): Promise<{ granted: true; reservation: ThrottleReservation } | { granted: false; lockedUntil: Date }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_throttle')
      .values({ key, window_start: now, failures: 0, locked_until: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('login_throttle')
      .select(['window_start', 'failures', 'locked_until'])
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const expired = row.window_start <= windowStartAfter;
    const previousLock = expired ? null : row.locked_until;
    if (previousLock && previousLock > now) return { granted: false as const, lockedUntil: previousLock };
    const windowStart = expired ? now : row.window_start;
    const attempts = (expired ? 0 : row.failures) + 1;
    const ms = lockMs(attempts);
    const lockedUntil = ms > 0 ? new Date(now.getTime() + ms) : null;
    await trx
      .updateTable('login_throttle')
      .set({ window_start: windowStart, failures: attempts, locked_until: lockedUntil })
      .where('key', '=', key)
      .execute();
    return { granted: true as const, reservation: { key, windowStart, lockedUntil, previousLock } };
  });
}

/**
 * Gives a granted attempt back (it succeeded, or another key refused it): one attempt less, and the
 * lock it set undone unless a later attempt has replaced it or the window has started again.
 */
export async function refundThrottleAttempt(db: Db, r: ThrottleReservation) {
  await db
    .updateTable('login_throttle')
    .set({
      failures: sql`greatest(failures - 1, 0)`,
      locked_until: sql`case when locked_until is not distinct from ${r.lockedUntil}::timestamptz then ${r.previousLock}::timestamptz else locked_until end`,
    })
    .where('key', '=', r.key)
    .where('window_start', '=', r.windowStart)
    .execute();
}

export async function clearThrottle(db: Db, key: string) {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** A successful password sign-in: the users screen shows and sorts by it. */
export async function recordSignIn(db: Db, userId: string, now: Date) {
  await db.updateTable('app_user').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}
