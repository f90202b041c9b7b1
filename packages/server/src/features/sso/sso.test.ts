import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerSignInBody } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeNode,
  type MadeUser,
} from '../../test/factories.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-test-provider.js';

/**
 * Customer sign-in through a real OpenID Connect provider (oidc-provider on a loopback port): the
 * authorization code flow with PKCE, the state kept server-side (single use, ten minutes), the
 * checks openid-client makes on the provider's answer, and who may sign in.
 */
const PUBLIC_URL = 'https://footfall.example.com';
const redirect = (slug: string) => `${PUBLIC_URL}/login/${slug}/callback`;

describe('customer sign-in with OpenID Connect', () => {
  let t: TestApp;
  let idp: TestProvider;
  let other: TestProvider;
  let superAdmin: MadeUser;
  let store: MadeNode;
  let groupId: string;

  const body = (slug: string, over: Partial<CustomerSignInBody> = {}): CustomerSignInBody => ({
    slug,
    name: `Customer ${slug}`,
    enabled: true,
    branding: {
      logoUrl: '',
      primaryColor: '#00874e',
      backgroundColor: '#f0f5f2',
      title: { en: 'Employees', fr: 'Employés', es: 'Empleados' },
      welcome: { en: 'Welcome', fr: 'Bienvenue', es: 'Bienvenido' },
      buttonLabel: { en: 'Sign in with SSO', fr: 'Connexion SSO', es: 'Acceso SSO' },
    },
    provider: {
      issuerUrl: idp.issuer,
      clientId: 'footfall',
      clientSecret: 'footfall-secret-1',
      scopes: 'openid email profile',
    },
    userMatch: 'email',
    autoCreate: { enabled: false, userGroupId: null, scopeNodeId: null, roles: ['User'] },
    ...over,
  });

  const admin = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: await authHeader(t.ctx, superAdmin),
      ...(payload ? { payload } : {}),
    });

  const start = async (slug: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/CustomerSignIn/public/${slug}/start`,
      payload: { language: 'fr', redirectTo: '/fr/dashboard' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().authorizationUrl as string;
  };
  const exchange = (endpoint: string, params: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/authentication/${endpoint}`, payload: params });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const slugs = ['acme', 'acme-sub', 'acme-create', 'acme-off'];
    idp = await startTestProvider([
      { client_id: 'footfall', client_secret: 'footfall-secret-1', redirect_uris: slugs.map(redirect) },
      // another application registered at the same provider, with our redirect URI (an attacker's app)
      { client_id: 'other-app', client_secret: 'other-secret-1', redirect_uris: slugs.map(redirect) },
    ]);
    other = await startTestProvider([
      { client_id: 'footfall', client_secret: 'footfall-secret-1', redirect_uris: slugs.map(redirect) },
    ]);
    superAdmin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
    const client = await makeGroup(t.db, { name: 'Acme' });
    store = await makeLocation(t.db, { name: 'Acme store', parentId: client.id });
    const group = await admin('POST', '/api/UserGroup', { name: 'Acme staff', ownerScopeNodeId: client.id });
    expect(group.statusCode).toBe(201);
    groupId = group.json().id;
    expect((await admin('POST', '/api/CustomerSignIn', body('acme'))).statusCode).toBe(201);
  });
  afterAll(async () => {
    await idp?.close();
    await other?.close();
  });

  it('keeps the client secret encrypted and never sends it back', async () => {
    const list = await admin('GET', '/api/CustomerSignIn');
    const acme = list.json().find((s: { slug: string }) => s.slug === 'acme');
    expect(acme.provider).toEqual({
      issuerUrl: idp.issuer,
      clientId: 'footfall',
      scopes: 'openid email profile',
      hasClientSecret: true,
    });
    expect(acme.redirectUri).toBe(redirect('acme'));
    expect(JSON.stringify(list.json())).not.toContain('footfall-secret-1');
    const row = await t.db
      .selectFrom('customer_sign_in')
      .select('client_secret_enc')
      .where('slug', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(row.client_secret_enc).toMatch(/^v1\./);
    expect(row.client_secret_enc).not.toContain('footfall-secret-1');
    expect(t.ctx.tokens.secretBox.open(row.client_secret_enc!)).toBe('footfall-secret-1');
  });

  it('answers 400 naming the field for a bad configuration, 409 for a slug taken', async () => {
    const bad = await admin('POST', '/api/CustomerSignIn', body('Bad Slug'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('slug');
    const reserved = await admin(
      'POST',
      '/api/CustomerSignIn',
      body('refreshToken'.toLowerCase(), { endpoint: 'impersonate' }),
    );
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().field).toBe('endpoint');
    const colour = await admin('POST', '/api/CustomerSignIn', {
      ...body('acme-colour'),
      branding: { ...body('x').branding, primaryColor: 'green' },
    });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().field).toBe('branding.primaryColor');
    const noScope = await admin('POST', '/api/CustomerSignIn', {
      ...body('acme-noscope'),
      autoCreate: { enabled: true, userGroupId: null, scopeNodeId: null, roles: ['User'] },
    });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().field).toBe('autoCreate.scopeNodeId');
    const taken = await admin('POST', '/api/CustomerSignIn', body('acme'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('slug');
    const count = await t.db
      .selectFrom('customer_sign_in')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('shows the branding publicly, 404 for an unknown page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/CustomerSignIn/public/acme' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      slug: 'acme',
      endpoint: 'acme',
      branding: { primaryColor: '#00874e' },
    });
    expect(JSON.stringify(page.json())).not.toContain('footfall');
    expect((await t.app.inject({ method: 'GET', url: '/api/CustomerSignIn/public/nobody' })).statusCode).toBe(
      404,
    );
  });

  it('signs an SSO user in: PKCE and nonce in the request, our tokens for the matched e-mail', async () => {
    const user = await makeUser(t.db, { roles: ['User'], scopeNodeId: store.id, email: 'Alice@Acme.test' });
    await t.db
      .updateTable('app_user')
      .set({ is_sso_user: true, password_hash: null })
      .where('id', '=', user.id)
      .execute();
    idp.accounts.set('alice-sub', { email: 'alice@acme.test' });
    const url = new URL(await start('acme'));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(redirect('acme'));
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('ui_locales')).toBe('fr');
    const back = await signInAtProvider(url.href, 'alice-sub');
    expect(back.code).toBeTruthy();
    expect(back.iss).toBe(idp.issuer);
    const res = await exchange('acme', back);
    expect(res.statusCode).toBe(200);
    expect(res.json().redirectTo).toBe('/fr/dashboard');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/User/Current',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, isSsoUser: true });
    const logged = await t.db
      .selectFrom('event_log')
      .select(['command', 'target'])
      .where('command', '=', 'Authentication.SsoLogin')
      .execute();
    expect(logged).toEqual([{ command: 'Authentication.SsoLogin', target: user.username }]);
    // the subject is remembered: the same person is found after an e-mail change at the provider
    idp.accounts.set('alice-sub', { email: 'alice.new@acme.test' });
    const again = await exchange('acme', await signInAtProvider(await start('acme'), 'alice-sub'));
    expect(again.statusCode).toBe(200);
  });

  it('refuses a replayed state, an expired one and an unknown one (400 on state)', async () => {
    idp.accounts.set('bob-sub', { email: 'bob@acme.test' });
    const bob = await makeUser(t.db, { roles: ['User'], scopeNodeId: store.id, email: 'bob@acme.test' });
    await t.db
      .updateTable('app_user')
      .set({ is_sso_user: true, password_hash: null })
      .where('id', '=', bob.id)
      .execute();
    const back = await signInAtProvider(await start('acme'), 'bob-sub');
    expect((await exchange('acme', back)).statusCode).toBe(200);
    const replay = await exchange('acme', back);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'sso_state_invalid', field: 'state' });

    const late = await signInAtProvider(await start('acme'), 'bob-sub');
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await exchange('acme', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('sso_state_invalid');

    const unknown = await exchange('acme', { code: 'x', state: 'not-a-state-we-made' });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a code issued to another client (another audience) and an answer naming another issuer', async () => {
    // the other app's code, injected into our callback with a state of ours: the provider refuses to
    // exchange it for our client, so no token is ever issued
    const ours = new URL(await start('acme'));
    const theirs = new URL(ours);
    theirs.searchParams.set('client_id', 'other-app');
    const stolen = await signInAtProvider(theirs.href, 'alice-sub');
    expect(stolen.code).toBeTruthy();
    const audience = await exchange('acme', stolen);
    expect(audience.statusCode).toBe(401);
    expect(audience.json().error).toBe('sso_response_refused');

    // an answer whose `iss` is another provider (mix-up attack): openid-client refuses it
    const fromOther = await signInAtProvider(await start('acme'), 'alice-sub');
    const issuer = await exchange('acme', { ...fromOther, iss: other.issuer });
    expect(issuer.statusCode).toBe(401);
    expect(issuer.json().error).toBe('sso_response_refused');

    // a sign-in configured with the issuer of one provider but pointed at the other's code
    const codeOfOther = await signInAtProvider(
      (await start('acme')).replace(idp.issuer, other.issuer),
      'alice-sub',
    );
    const wrong = await exchange('acme', codeOfOther);
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a user who is not allowed: unknown, a password account, a disabled one (403)', async () => {
    const nobody = await exchange('acme', await signInAtProvider(await start('acme'), 'nobody-sub'));
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().error).toBe('sso_user_not_allowed');

    // a local account with a password is never taken over by a provider naming its e-mail
    await makeUser(t.db, { roles: ['admin'], scopeNodeId: store.id, email: 'carol@acme.test' });
    idp.accounts.set('carol-sub', { email: 'carol@acme.test' });
    const carol = await exchange('acme', await signInAtProvider(await start('acme'), 'carol-sub'));
    expect(carol.statusCode).toBe(403);

    const dave = await makeUser(t.db, { roles: ['User'], scopeNodeId: store.id, email: 'dave@acme.test' });
    await t.db
      .updateTable('app_user')
      .set({ is_sso_user: true, password_hash: null, disabled_at: new Date() })
      .where('id', '=', dave.id)
      .execute();
    idp.accounts.set('dave-sub', { email: 'dave@acme.test' });
    expect((await exchange('acme', await signInAtProvider(await start('acme'), 'dave-sub'))).statusCode).toBe(
      403,
    );

    // an e-mail the provider has not verified matches nobody
    idp.accounts.set('eve-sub', { email: 'alice@acme.test', email_verified: false });
    expect((await exchange('acme', await signInAtProvider(await start('acme'), 'eve-sub'))).statusCode).toBe(
      403,
    );
  });

  it('creates the user on first sign-in into the configured group and scope, once', async () => {
    const made = await admin(
      'POST',
      '/api/CustomerSignIn',
      body('acme-create', {
        endpoint: 'acme-new',
        autoCreate: { enabled: true, userGroupId: groupId, scopeNodeId: store.id, roles: ['User'] },
      }),
    );
    expect(made.statusCode).toBe(201);
    idp.accounts.set('frank-sub', { email: 'frank@acme.test', given_name: 'Frank', family_name: 'Roy' });
    const first = await exchange('acme-new', await signInAtProvider(await start('acme-create'), 'frank-sub'));
    expect(first.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('app_user')
      .select([
        'id',
        'username',
        'first_name',
        'last_name',
        'scope_node_id',
        'user_group_id',
        'is_sso_user',
        'password_hash',
        'roles',
      ])
      .where('email', '=', 'frank@acme.test')
      .execute();
    expect(row.map(({ id: _id, ...r }) => r)).toEqual([
      {
        username: 'frank@acme.test',
        first_name: 'Frank',
        last_name: 'Roy',
        scope_node_id: store.id,
        user_group_id: groupId,
        is_sso_user: true,
        password_hash: null,
        roles: ['User'],
      },
    ]);
    const second = await exchange(
      'acme-new',
      await signInAtProvider(await start('acme-create'), 'frank-sub'),
    );
    expect(second.statusCode).toBe(200);
    const count = await t.db
      .selectFrom('app_user')
      .select((e) => e.fn.countAll().as('n'))
      .where('email', '=', 'frank@acme.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // the SSO user cannot edit a profile nor change a password
    const token = second.json().token;
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/User/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: row[0]!.id, firstName: 'X', lastName: 'Y', email: 'frank@acme.test', language: 'en' },
    });
    expect(profile.statusCode).toBe(403);
    const password = await t.app.inject({
      method: 'POST',
      url: '/authentication/password-change',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'anything', newPassword: 'Another-pass-9' },
    });
    expect(password.statusCode).toBe(403);
  });

  it('says clearly when the provider cannot be reached (502), and refuses a switched-off sign-in', async () => {
    const gone = await admin(
      'POST',
      '/api/CustomerSignIn',
      body('acme-off', { provider: { ...body('x').provider, issuerUrl: 'http://127.0.0.1:9/absent' } }),
    );
    expect(gone.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerSignIn/public/acme-off/start',
      payload: {},
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('sso_provider_unreachable');
    const off = await admin('PUT', `/api/CustomerSignIn/${gone.json().id}`, {
      ...body('acme-off'),
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().provider.hasClientSecret).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/api/CustomerSignIn/public/acme-off' });
    expect(page.statusCode).toBe(403);
    expect(page.json().error).toBe('sso_disabled');
  });
});
