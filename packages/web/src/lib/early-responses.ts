/**
 * Responses the early boot script of index.html (packages/web/boot/early-boot.js) requested before
 * the app loaded. Each is handed out once, to a plain GET of the same path made with the same token,
 * within a minute of the page load; anything else goes to the network as usual.
 */
export interface EarlyResponses {
  token: string;
  /** Date.now() when the requests were sent */
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __footfallEarly?: EarlyResponses;
  }
}

const MAX_AGE_MS = 60_000;

export function takeEarlyResponse(
  path: string,
  request: { method?: string; body?: unknown; anonymous?: boolean },
  token: string | null,
  now = Date.now(),
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__footfallEarly;
  if (!early || !token || early.token !== token || now - early.at > MAX_AGE_MS) return undefined;
  if (request.anonymous || request.body !== undefined || (request.method ?? 'GET') !== 'GET')
    return undefined;
  const response = early.responses[path];
  if (!response) return undefined;
  delete early.responses[path];
  return response;
}
