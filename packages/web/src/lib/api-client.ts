import type { ErrorBody, TokenResponse } from '@footfall/domain';
import { tokenStore } from './session/token-store';
import { takeEarlyResponse } from './early-responses';

/** A failed request: rejects with the parsed error body (spec section 8 "Request failure"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
  get field() {
    return this.body?.field;
  }
}

type AuthErrorListener = (error: ApiError) => void;
const authErrorListeners = new Set<AuthErrorListener>();
/** Auth errors are raised to listeners; the session decides what to do (spec "Sign-in flow"). */
export function onAuthError(listener: AuthErrorListener): () => void {
  authErrorListeners.add(listener);
  return () => authErrorListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** a file sent as the raw body (application/octet-stream unless `rawType`) instead of JSON */
  raw?: Blob;
  /** the content type of `raw` (a device export is sent as text/csv) */
  rawType?: string;
  signal?: AbortSignal;
  /** calls made before sign-in or by the session itself: no bearer, no refresh on 401 */
  anonymous?: boolean;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.raw !== undefined) headers['content-type'] = options.rawType ?? 'application/octet-stream';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? (options.body === undefined && options.raw === undefined ? 'GET' : 'POST'),
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'include',
    signal: options.signal,
  });
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!res.ok) throw new ApiError(res.status, (data as Partial<ErrorBody> | null) ?? null);
  return data as T;
}

let refreshing: Promise<boolean> | null = null;

/** Exchanges the refresh token for a new pair; one exchange at a time for the whole page. */
export function refreshSession(): Promise<boolean> {
  const tokens = tokenStore.get();
  if (!tokens) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await send(
        '/authentication/refreshToken',
        { body: { refreshToken: tokens.refreshToken } },
        null,
      );
      const next = await parse<TokenResponse>(res);
      // another tab or a sign-out may have replaced the session meanwhile
      if (tokenStore.get()?.refreshToken === tokens.refreshToken) tokenStore.set(next);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * JSON request to our API (same origin). Carries the bearer token; on a 401 it tries one token
 * refresh and repeats the request, then reports the auth error to the listeners.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.anonymous ? null : (tokenStore.get()?.token ?? null);
  let res = await (takeEarlyResponse(path, options, token) ?? send(path, options, token));
  if (res.status === 401 && token && !options.anonymous) {
    if (await refreshSession()) res = await send(path, options, tokenStore.get()?.token ?? null);
  }
  try {
    return await parse<T>(res);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && !options.anonymous) {
      for (const l of [...authErrorListeners]) l(e);
    }
    throw e;
  }
}

/**
 * A file from our API (an export; a POST when `body` is given): the body as a Blob and the file name the server suggests
 * (Content-Disposition). Same bearer token and one refresh on 401 as `api`; a failure rejects with
 * the parsed error body.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'body' | 'signal'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = tokenStore.get()?.token ?? null;
  let res = await send(path, options, token);
  if (res.status === 401 && token && (await refreshSession()))
    res = await send(path, options, tokenStore.get()?.token ?? null);
  if (!res.ok) return parse<never>(res);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}
