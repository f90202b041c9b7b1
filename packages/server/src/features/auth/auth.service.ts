import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Principal, Role, TokenResponse } from '@footfall/domain';
import { canImpersonate, outranksOrEquals } from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { ScopeService } from '../tree/scope.service.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/http/errors.js';
import {
  consumePasswordReset,
  findCredentials,
  findUserIdsByEmail,
  findRefreshToken,
  insertPasswordReset,
  insertRefreshToken,
  latestPasswordResetAt,
  markRefreshTokenUsed,
  revokeFamily,
  recordSignIn,
  revokeImpersonationFamilies,
  setPassword,
  type Credentials,
} from './auth.repository.js';
import { createLoginThrottle, loginThrottleKeys } from './login-throttle.service.js';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/auth/password-hash.js';
import { assertPasswordRule } from '../../platform/http/password-rule.error.js';
import { recoveryMail } from './recovery-mail.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const opaqueToken = () => randomBytes(32).toString('base64url');
const RESET_LIFETIME_MS = 60 * 60_000;
/** one recovery mail a minute per account, so the form cannot flood someone's mailbox */
const RESET_MIN_INTERVAL_MS = 60_000;
const BAD_CREDENTIALS = 'Invalid username or password';

export type LoginOutcome = { ok: true; tokens: TokenResponse } | { ok: false; retryAfterMs: number };

const principalOf = (u: Credentials): Principal => ({
  userId: u.id,
  username: u.username,
  roles: u.roles as Role[],
  scopeNodeId: u.scope_node_id,
});

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens' | 'mailer' | 'log'> & {
  eventLog: EventLogService;
  scope: ScopeService;
};

export function createAuthService({ db, clock, config, tokens, mailer, log, eventLog, scope }: Deps) {
  const throttle = createLoginThrottle(db, clock);

  /** A new access token plus a refresh token; a new family unless `familyId` continues one. */
  async function issue(
    subject: Credentials,
    actor: Credentials | null,
    family?: { id: string; expiresAt: Date },
  ): Promise<TokenResponse> {
    const now = clock.now();
    const { token, expiresAt } = await tokens.signAccess({
      sub: subject.id,
      ver: subject.token_version,
      name: subject.username,
      ...(actor ? { act: { sub: actor.id, name: actor.username, ver: actor.token_version } } : {}),
    });
    const refreshToken = opaqueToken();
    await insertRefreshToken(db, {
      familyId: family?.id ?? randomUUID(),
      userId: subject.id,
      actorUserId: actor?.id ?? null,
      tokenHash: sha256(refreshToken),
      familyExpiresAt:
        family?.expiresAt ?? new Date(now.getTime() + config.REFRESH_TOKEN_DAYS * 24 * 3600_000),
      issuedAt: now,
    });
    return { token, refreshToken, expiresAt: expiresAt.toISOString() };
  }

  const active = (u: Credentials | undefined): u is Credentials => !!u && !u.disabled_at;

  /** Stores a one-hour single-use reset token and mails its link; nothing is kept when the mail fails. */
  async function mailRecoveryLink(user: Credentials, actor: Principal | null, command: string) {
    const now = clock.now();
    const token = opaqueToken();
    await eventLog.withAudit(async (tx) => {
      await insertPasswordReset(db, user.id, sha256(token), now, new Date(now.getTime() + RESET_LIFETIME_MS));
      const mail = recoveryMail(config.PUBLIC_URL, token, {
        firstName: user.first_name,
        language: user.language,
      });
      await mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
      await eventLog.record(tx, actor, command, user.username);
    });
  }

  return {
    /** 401 with one message for every failure, so the answer never says which part was wrong. */
    async login(username: string, password: string, ip: string): Promise<LoginOutcome> {
      // the attempt is counted before the password is checked, so concurrent attempts cannot slip through
      const keys = loginThrottleKeys(username, ip);
      const claim = await throttle.claim(keys);
      if (!claim.ok) return { ok: false, retryAfterMs: claim.waitMs };
      const user = await findCredentials(db, { username });
      const hash = active(user) && !user.is_sso_user ? user.password_hash : null;
      // verify against a dummy hash when there is no account, so the timing does not tell
      const ok = await verifyPassword(hash ?? (await dummyHash()), password);
      if (!ok || !hash || !user) {
        throw unauthorized(BAD_CREDENTIALS);
      }
      return eventLog.withAudit(async (tx) => {
        await throttle.succeeded(keys, claim.reservations);
        await recordSignIn(db, user.id, clock.now());
        await eventLog.record(tx, principalOf(user), 'Authentication.Login', user.username);
        return { ok: true as const, tokens: await issue(user, null) };
      });
    },

    /** The one user with this e-mail (single sign-on matching by e-mail); null for none or several. */
    async userIdByEmail(email: string): Promise<string | null> {
      const rows = await findUserIdsByEmail(db, email);
      return rows.length === 1 ? rows[0]!.id : null;
    },

    /**
     * Tokens for a user the customer sign-in `slug` has authenticated (features/sso). Only an active
     * single-sign-on user may: a password account is never taken over by an identity provider that
     * names its e-mail. Null when the user may not sign in this way.
     */
    async signInWithProvider(userId: string, slug: string): Promise<TokenResponse | null> {
      const user = await findCredentials(db, { id: userId });
      if (!active(user) || !user.is_sso_user) return null;
      return eventLog.withAudit(async (tx) => {
        await recordSignIn(db, user.id, clock.now());
        await eventLog.record(tx, principalOf(user), 'Authentication.SsoLogin', user.username, {
          signIn: slug,
        });
        return issue(user, null);
      });
    },

    /**
     * Rotation: each refresh token works once. Presenting a used (or revoked) one means it was
     * copied: the whole family dies, the thief's copy and the owner's. The family keeps the absolute
     * lifetime it got at sign-in.
     */
    async refresh(refreshToken: string): Promise<TokenResponse> {
      const now = clock.now();
      const row = await findRefreshToken(db, sha256(refreshToken));
      if (!row) throw unauthorized('Invalid refresh token');
      const reused = row.used_at !== null || row.revoked_at !== null;
      if (reused || !(await markRefreshTokenUsed(db, row.id, now))) {
        await eventLog.withAudit(async (tx) => {
          await revokeFamily(db, row.family_id, now);
          if (row.revoked_at === null) {
            log.warn({ familyId: row.family_id }, 'refresh token reused: family revoked');
            await eventLog.record(tx, null, 'Authentication.RefreshTokenReuse', row.user_id, {
              family: row.family_id,
            });
          }
        });
        throw unauthorized('Invalid refresh token');
      }
      if (row.family_expires_at <= now) throw unauthorized('Session expired');
      const subject = await findCredentials(db, { id: row.user_id });
      const actor = row.actor_user_id ? await findCredentials(db, { id: row.actor_user_id }) : null;
      if (!active(subject) || (row.actor_user_id && !active(actor ?? undefined))) {
        await revokeFamily(db, row.family_id, now);
        throw unauthorized('Invalid refresh token');
      }
      return issue(subject, actor ?? null, { id: row.family_id, expiresAt: row.family_expires_at });
    },

    /**
     * Acting as someone else: only admin-kind and Impersonator, only a user inside the actor's scope
     * (404 otherwise, as if absent), never someone more privileged, never while already impersonating.
     */
    async impersonate(principal: Principal, targetUsername: string): Promise<TokenResponse> {
      if (principal.actor) throw forbidden('Stop impersonating first');
      if (!canImpersonate(principal)) throw forbidden('Your role does not allow impersonation');
      const actor = await findCredentials(db, { id: principal.userId });
      const target = await findCredentials(db, { username: targetUsername });
      if (!active(actor)) throw unauthorized();
      const visible = active(target) && (await scope.isScopeVisible(principal, target.scope_node_id));
      if (!visible || !target) throw notFound('User');
      if (target.id === actor.id) throw badRequest('You cannot impersonate yourself', 'targetUsername');
      if (!outranksOrEquals(principal, target.roles as Role[])) {
        throw forbidden('You cannot impersonate a more privileged user');
      }
      const acting: Principal = {
        ...principalOf(target),
        actor: { userId: actor.id, username: actor.username },
      };
      return eventLog.withAudit(async (tx) => {
        await eventLog.record(tx, acting, 'Authentication.Impersonate', target.username, {
          actor: actor.username,
          subject: target.username,
        });
        return issue(target, actor);
      });
    },

    /** Back to the real actor: a fresh session for them; the impersonation sessions end. */
    async stopImpersonating(principal: Principal): Promise<TokenResponse> {
      if (!principal.actor) throw badRequest('You are not impersonating anyone');
      const actor = await findCredentials(db, { id: principal.actor.userId });
      if (!active(actor)) throw unauthorized();
      return eventLog.withAudit(async (tx) => {
        await revokeImpersonationFamilies(db, principal.userId, actor.id, clock.now());
        await eventLog.record(tx, principal, 'Authentication.StopImpersonate', principal.username, {
          actor: actor.username,
          subject: principal.username,
        });
        return issue(actor, null);
      });
    },

    /** Same answer whether or not the account exists; the link comes from PUBLIC_URL only. */
    async forgotPassword(username: string): Promise<void> {
      const user = await findCredentials(db, { username });
      if (!active(user) || user.is_sso_user || !user.email) return;
      const now = clock.now();
      const last = await latestPasswordResetAt(db, user.id);
      if (last && now.getTime() - last.getTime() < RESET_MIN_INTERVAL_MS) return;
      try {
        await mailRecoveryLink(user, null, 'Authentication.ForgotPassword');
      } catch (err) {
        // the answer must not differ for an existing account, so a mail failure is only logged
        log.error({ err, userId: user.id }, 'recovery mail could not be sent');
      }
    },

    /**
     * The users screen's "send a password-reset mail": the same single-use link as "forgot password",
     * sent on an admin's request (the users feature has checked the user is theirs to manage). Unlike
     * the public form it tells what happened: 400 for a user who cannot receive one, 502 when the mail
     * server refuses it.
     */
    async sendRecoveryMail(actor: Principal, userId: string): Promise<void> {
      const user = await findCredentials(db, { id: userId });
      if (!user) throw notFound('User');
      if (!active(user)) throw badRequest('The user is disabled', 'disabled');
      if (user.is_sso_user) throw badRequest('Single sign-on users have no password', 'isSsoUser');
      if (!user.email) throw badRequest('The user has no e-mail address', 'email');
      try {
        await mailRecoveryLink(user, actor, 'User.PasswordResetMail');
      } catch (err) {
        log.error({ err, userId: user.id }, 'recovery mail could not be sent');
        throw new AppError(502, 'mail_failed', 'The mail could not be sent');
      }
    },

    async recoverPassword(token: string, newPassword: string): Promise<void> {
      assertPasswordRule(newPassword);
      const now = clock.now();
      await eventLog.withAudit(async (tx) => {
        const userId = await consumePasswordReset(db, sha256(token), now);
        const user = userId ? await findCredentials(db, { id: userId }) : undefined;
        if (!active(user)) throw badRequest('The link is invalid or has expired', 'token');
        await setPassword(db, user.id, await hashPassword(newPassword), now);
        await eventLog.record(tx, principalOf(user), 'Authentication.RecoverPassword', user.username);
      });
    },

    /** Signed-in change; every other session ends, the caller gets a fresh one. */
    async changePassword(
      principal: Principal,
      oldPassword: string,
      newPassword: string,
    ): Promise<TokenResponse> {
      if (principal.actor) throw forbidden('An impersonator cannot change the password');
      const user = await findCredentials(db, { id: principal.userId });
      if (!active(user)) throw unauthorized();
      if (user.is_sso_user) throw forbidden('Single sign-on users have no password here');
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        throw badRequest('The old password is not correct', 'oldPassword');
      }
      assertPasswordRule(newPassword);
      if (oldPassword === newPassword)
        throw badRequest('The new password must differ from the old one', 'newPassword');
      const newHash = await hashPassword(newPassword);
      return eventLog.withAudit(async (tx) => {
        const version = await setPassword(db, user.id, newHash, clock.now());
        await eventLog.record(tx, principal, 'Authentication.PasswordChange', user.username);
        return issue({ ...user, token_version: version }, null);
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
