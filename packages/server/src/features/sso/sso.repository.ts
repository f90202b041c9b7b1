import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { CustomerSignInTable } from '../../platform/db/sso.tables.js';

export type SignInRow = Selectable<CustomerSignInTable>;
export type SignInValues = Omit<SignInRow, 'id' | 'updated_on'>;

/** Every customer sign-in, by slug. */
export const listSignIns = (db: Db) =>
  db.selectFrom('customer_sign_in').selectAll().orderBy('slug').execute();

export const findSignIn = (db: Db, by: { id: string } | { slug: string } | { endpoint: string }) => {
  let q = db.selectFrom('customer_sign_in').selectAll();
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('slug' in by) q = q.where('slug', '=', by.slug);
  else q = q.where('endpoint', '=', by.endpoint);
  return q.executeTakeFirst();
};

/** Whether a slug or endpoint name is used by another sign-in (as either, since both are URLs). */
export async function nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  let q = db
    .selectFrom('customer_sign_in')
    .select('id')
    .where((w) => w.or([w('slug', '=', name), w('endpoint', '=', name)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertSignIn(db: Db, v: SignInValues, now: Date): Promise<string> {
  const row = await db
    .insertInto('customer_sign_in')
    .values({
      ...v,
      branding: JSON.stringify(v.branding),
      auto_create: JSON.stringify(v.auto_create),
      updated_on: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSignIn(db: Db, id: string, v: SignInValues, now: Date): Promise<void> {
  await db
    .updateTable('customer_sign_in')
    .set({
      ...v,
      branding: JSON.stringify(v.branding),
      auto_create: JSON.stringify(v.auto_create),
      updated_on: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteSignIn(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('customer_sign_in').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertLoginState(
  db: Db,
  v: {
    stateHash: string;
    signInId: string;
    codeVerifier: string;
    nonce: string;
    redirectTo: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  // expired attempts go as new ones come, so the table only holds the last minutes' attempts
  await db.deleteFrom('sso_login_state').where('expires_at', '<', v.now).execute();
  await db
    .insertInto('sso_login_state')
    .values({
      state_hash: v.stateHash,
      sign_in_id: v.signInId,
      code_verifier: v.codeVerifier,
      nonce: v.nonce,
      redirect_to: v.redirectTo,
      created_at: v.now,
      expires_at: v.expiresAt,
    })
    .execute();
}

/**
 * Takes an attempt's state once: marks it used in the same statement that finds it, so two
 * concurrent callbacks with one state cannot both pass. Undefined when unknown, used or expired.
 */
export const consumeLoginState = (db: Db, stateHash: string, signInId: string, now: Date) =>
  db
    .updateTable('sso_login_state')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('sign_in_id', '=', signInId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_verifier', 'nonce', 'redirect_to'])
    .executeTakeFirst();

export const findIdentity = (db: Db, signInId: string, subject: string) =>
  db
    .selectFrom('sso_identity')
    .select('user_id')
    .where('sign_in_id', '=', signInId)
    .where('subject', '=', subject)
    .executeTakeFirst();

/** Remembers which user a provider subject is (a later e-mail change at the provider still finds them). */
export async function linkIdentity(db: Db, signInId: string, subject: string, userId: string): Promise<void> {
  await db
    .insertInto('sso_identity')
    .values({ sign_in_id: signInId, subject, user_id: userId })
    .onConflict((oc) => oc.columns(['sign_in_id', 'subject']).doUpdateSet({ user_id: userId }))
    .execute();
}
