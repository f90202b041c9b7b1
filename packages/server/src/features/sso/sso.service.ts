import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type {
  CustomerSignInBody,
  CustomerSignInDto,
  Principal,
  PublicSignIn,
  Role,
  SsoCallbackBody,
  StartSignInBody,
} from '@footfall/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { EventLogService } from '../event-log/event-log.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UsersService } from '../users/users.service.js';
import type { TreeService } from '../tree/tree.service.js';
import type { UserGroupsService } from '../user-groups/user-groups.service.js';
import {
  consumeLoginState,
  deleteSignIn,
  findIdentity,
  findSignIn,
  insertLoginState,
  insertSignIn,
  linkIdentity,
  listSignIns,
  nameTaken,
  updateSignIn,
  type SignInRow,
  type SignInValues,
} from './sso.repository.js';
import { demoSignIns } from './sso-demo.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** How long a sign-in attempt may take at the provider (state, nonce and PKCE verifier expire then). */
export const LOGIN_STATE_MS = 10 * 60_000;
/** A provider's discovery document is read again after this long (key rotation, new endpoints). */
const DISCOVERY_CACHE_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_S = 5;

const ssoError = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field);

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'tokens' | 'log'> & {
  eventLog: EventLogService;
  auth: AuthService;
  users: UsersService;
  tree: TreeService;
  userGroups: UserGroupsService;
};

/**
 * Customer sign-ins (issue 18): their configuration (superAdmin), their public page, and the OpenID
 * Connect authorization code flow with PKCE (openid-client). The attempt's state, nonce and PKCE
 * verifier stay on the server (`sso_login_state`), single use, ten minutes; the provider's answer is
 * checked by openid-client (issuer, `iss` of the response, audience, nonce, signature, expiry) before a
 * user is matched by e-mail or subject, or created on first sign-in when the sign-in allows it.
 */
export function createSsoService({
  db,
  clock,
  config,
  tokens,
  log,
  eventLog,
  auth,
  users,
  tree,
  userGroups,
}: Deps) {
  const box = tokens.secretBox;
  const discovered = new Map<string, { at: number; config: oidc.Configuration }>();

  const redirectUri = (row: Pick<SignInRow, 'slug'>) =>
    `${config.PUBLIC_URL.replace(/\/$/, '')}/login/${row.slug}/callback`;

  const present = (row: SignInRow): CustomerSignInDto => ({
    id: row.id,
    slug: row.slug,
    endpoint: row.endpoint,
    name: row.name,
    enabled: row.enabled,
    branding: row.branding,
    provider: {
      issuerUrl: row.issuer_url,
      clientId: row.client_id,
      scopes: row.scopes,
      hasClientSecret: row.client_secret_enc !== null,
    },
    redirectUri: redirectUri(row),
    userMatch: row.user_match,
    autoCreate: row.auto_create,
    updatedOn: row.updated_on.toISOString(),
  });

  async function load(id: string): Promise<SignInRow> {
    const row = await findSignIn(db, { id });
    if (!row) throw notFound('Customer sign-in');
    return row;
  }

  async function values(principal: Principal, body: CustomerSignInBody, previous: SignInRow | null) {
    const endpoint = body.endpoint ?? body.slug;
    const exceptId = previous?.id ?? null;
    if (await nameTaken(db, body.slug, exceptId)) throw conflict('This name is taken', 'slug');
    if (endpoint !== body.slug && (await nameTaken(db, endpoint, exceptId)))
      throw conflict('This name is taken', 'endpoint');
    const { scopeNodeId, userGroupId } = body.autoCreate;
    if (scopeNodeId) {
      const exists = await tree.node(principal, scopeNodeId).then(
        () => true,
        () => false,
      );
      if (!exists) throw badRequest('Unknown node', 'autoCreate.scopeNodeId');
    }
    if (userGroupId) {
      const group = await userGroups.get(principal, userGroupId).catch(() => null);
      if (!group) throw badRequest('Unknown user group', 'autoCreate.userGroupId');
    }
    const secret = body.provider.clientSecret;
    const v: SignInValues = {
      slug: body.slug,
      endpoint,
      name: body.name,
      enabled: body.enabled,
      branding: body.branding,
      issuer_url: body.provider.issuerUrl,
      client_id: body.provider.clientId,
      client_secret_enc: secret !== undefined ? box.seal(secret) : (previous?.client_secret_enc ?? null),
      scopes: body.provider.scopes,
      user_match: body.userMatch,
      auto_create: body.autoCreate,
    };
    return v;
  }

  /** The provider's configuration, from its discovery document (cached); 502 when it cannot be read. */
  async function providerOf(row: SignInRow): Promise<oidc.Configuration> {
    const key = `${row.id}:${row.updated_on.getTime()}`;
    const hit = discovered.get(key);
    const now = clock.now().getTime();
    if (hit && now - hit.at < DISCOVERY_CACHE_MS) return hit.config;
    const secret = row.client_secret_enc ? box.open(row.client_secret_enc) : undefined;
    const issuer = new URL(row.issuer_url);
    try {
      const found = await oidc.discovery(
        issuer,
        row.client_id,
        { redirect_uris: [redirectUri(row)], response_types: ['code'] },
        secret ? oidc.ClientSecretPost(secret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_S,
          // a provider on plain HTTP only on this machine (tests, a local Keycloak); anything else TLS
          ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname)
            ? { execute: [oidc.allowInsecureRequests] }
            : {}),
        },
      );
      discovered.set(key, { at: now, config: found });
      return found;
    } catch (err) {
      log.warn({ err: errorText(err), signIn: row.slug }, 'identity provider cannot be reached');
      throw ssoError(502, 'sso_provider_unreachable', 'The identity provider cannot be reached');
    }
  }

  async function enabledByEndpoint(by: { slug: string } | { endpoint: string }): Promise<SignInRow> {
    const row = await findSignIn(db, by);
    if (!row) throw notFound('Customer sign-in');
    if (!row.enabled) throw ssoError(403, 'sso_disabled', 'This sign-in is switched off');
    return row;
  }

  /** The user the provider's claims name, created on first sign-in when allowed; null when none may. */
  async function userFor(
    row: SignInRow,
    claims: oidc.IDToken & Record<string, unknown>,
  ): Promise<string | null> {
    const subject = claims.sub;
    const linked = await findIdentity(db, row.id, subject);
    if (linked) return linked.user_id;
    const email = typeof claims.email === 'string' ? claims.email : null;
    // an e-mail the provider says it has not verified never matches an account
    const verified = claims.email_verified !== false;
    let userId: string | null = null;
    if (row.user_match === 'email' && email && verified) userId = await auth.userIdByEmail(email);
    if (!userId && row.auto_create.enabled && (email || row.user_match === 'subject')) {
      const made = await users.createSsoUser({
        username: email ?? `${subject}@${row.slug}`,
        email: email ?? '',
        firstName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : '',
        language: typeof claims.locale === 'string' ? claims.locale : 'en',
        roles: row.auto_create.roles as Role[],
        scopeNodeId: row.auto_create.scopeNodeId,
        userGroupId: row.auto_create.userGroupId,
        signIn: row.slug,
      });
      userId = made.id;
    }
    if (userId) await linkIdentity(db, row.id, subject, userId);
    return userId;
  }

  return {
    async list(): Promise<CustomerSignInDto[]> {
      return (await listSignIns(db)).map(present);
    },

    async get(id: string): Promise<CustomerSignInDto> {
      return present(await load(id));
    },

    async create(principal: Principal, body: CustomerSignInBody): Promise<CustomerSignInDto> {
      const v = await values(principal, body, null);
      const id = await eventLog.withAudit(async (tx) => {
        const id = await insertSignIn(db, v, clock.now());
        await eventLog.record(tx, principal, 'CustomerSignIn.Create', v.slug, { issuer: v.issuer_url });
        return id;
      });
      return present(await load(id));
    },

    async update(principal: Principal, id: string, body: CustomerSignInBody): Promise<CustomerSignInDto> {
      const previous = await load(id);
      const v = await values(principal, body, previous);
      await eventLog.withAudit(async (tx) => {
        await updateSignIn(db, id, v, clock.now());
        await eventLog.record(tx, principal, 'CustomerSignIn.Update', v.slug, {
          issuer: v.issuer_url,
          secretChanged: body.provider.clientSecret !== undefined,
        });
      });
      return present(await load(id));
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const row = await load(id);
      await eventLog.withAudit(async (tx) => {
        await deleteSignIn(db, id);
        await eventLog.record(tx, principal, 'CustomerSignIn.Delete', row.slug);
      });
    },

    /** The demo's three customer sign-ins (sso-demo.ts), once, on the demo's first start. */
    async seedDemo(groups: { retail: string; venues: string }): Promise<void> {
      await eventLog.withAudit(async (tx) => {
        for (const v of demoSignIns(groups)) {
          if (await nameTaken(db, v.slug, null)) continue;
          await insertSignIn(db, { ...v, client_secret_enc: box.seal(`demo-secret-${v.slug}`) }, clock.now());
          await eventLog.record(tx, null, 'CustomerSignIn.Create', v.slug, { issuer: v.issuer_url });
        }
      });
    },

    /** The page's branding, before anyone is signed in. */
    async publicPage(slug: string): Promise<PublicSignIn> {
      const row = await enabledByEndpoint({ slug });
      return { slug: row.slug, endpoint: row.endpoint, name: row.name, branding: row.branding };
    },

    /** Starts an attempt: the provider's authorization URL, with state, nonce and PKCE kept here. */
    async start(slug: string, body: StartSignInBody): Promise<{ authorizationUrl: string }> {
      const row = await enabledByEndpoint({ slug });
      const provider = await providerOf(row);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const now = clock.now();
      await insertLoginState(db, {
        stateHash: sha256(state),
        signInId: row.id,
        codeVerifier,
        nonce,
        redirectTo: body.redirectTo ?? null,
        now,
        expiresAt: new Date(now.getTime() + LOGIN_STATE_MS),
      });
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri(row),
        scope: row.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: body.language,
      });
      return { authorizationUrl: url.href };
    },

    /**
     * `POST /authentication/<endpoint>`: the provider's answer for our tokens. The state is taken once
     * (unknown, replayed or expired: 400 on `state`), then openid-client exchanges the code with the
     * PKCE verifier and checks the ID token (401 `sso_response_refused` when anything is wrong).
     */
    async complete(endpoint: string, body: SsoCallbackBody) {
      const row = await enabledByEndpoint({ endpoint });
      const attempt = await consumeLoginState(db, sha256(body.state), row.id, clock.now());
      if (!attempt)
        throw ssoError(400, 'sso_state_invalid', 'This sign-in attempt is unknown, used or expired', 'state');
      if (body.error) {
        throw ssoError(401, 'sso_provider_error', `The identity provider refused the sign-in: ${body.error}`);
      }
      if (!body.code) throw badRequest('The provider sent no code', 'code');
      const provider = await providerOf(row);
      const callback = new URL(redirectUri(row));
      callback.searchParams.set('code', body.code);
      callback.searchParams.set('state', body.state);
      if (body.iss !== undefined) callback.searchParams.set('iss', body.iss);
      let claims: (oidc.IDToken & Record<string, unknown>) | undefined;
      try {
        const answer = await oidc.authorizationCodeGrant(provider, callback, {
          pkceCodeVerifier: attempt.code_verifier,
          expectedState: body.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = answer.claims() as (oidc.IDToken & Record<string, unknown>) | undefined;
      } catch (err) {
        const reachable = !(err instanceof TypeError && /fetch failed/i.test(String(err.message)));
        log.warn({ err: errorText(err), signIn: row.slug }, 'single sign-on answer refused');
        if (!reachable)
          throw ssoError(502, 'sso_provider_unreachable', 'The identity provider cannot be reached');
        throw ssoError(401, 'sso_response_refused', 'The identity provider’s answer was refused');
      }
      if (!claims) throw ssoError(401, 'sso_response_refused', 'The identity provider sent no ID token');
      const userId = await userFor(row, claims);
      const issued = userId ? await auth.signInWithProvider(userId, row.slug) : null;
      if (!issued) throw ssoError(403, 'sso_user_not_allowed', 'No account may sign in with this identity');
      return { ...issued, redirectTo: attempt.redirect_to };
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** The error's code and message only: provider answers can be long and hold nothing we need. */
function errorText(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${err.message}`.slice(0, 300);
  }
  return String(err).slice(0, 300);
}
