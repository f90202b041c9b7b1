import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider for tests (the `oidc-provider` package) on a loopback port, with
 * its development login page (any login, any password: the login is the subject) and consent given
 * by the provider's "skip consent for first-party clients" hook. Accounts listed in `accounts` get
 * their claims; any other login gets `<login>@example.test`, verified.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}
export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export async function startTestProvider(
  clients: TestClient[],
  opts: { port?: number } = {},
): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // claims in the ID token itself (not only at the userinfo endpoint), as Entra ID and Okta do
    conformIdTokenClaims: false,
    cookies: { keys: ['footfall-test-provider-cookie-key'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => {
        const a = accounts.get(sub) ?? {};
        return {
          sub,
          email: a.email ?? `${sub}@example.test`,
          email_verified: a.email_verified ?? true,
          ...(a.given_name ? { given_name: a.given_name } : {}),
          ...(a.family_name ? { family_name: a.family_name } : {}),
        };
      },
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId =
        (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's login page as a browser would (cookies, redirects) and returns the
 * parameters it sends back to the redirect URI (`code`, `state`, `iss`, or `error`).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (res.status === 200 && /\/interaction\//.test(url)) {
      // the login form: any login, any password
      await res.text();
      body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    if (!location)
      throw new Error(`provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
    const next = new URL(location, url);
    if (next.origin !== new URL(authorizationUrl).origin) return Object.fromEntries(next.searchParams);
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
