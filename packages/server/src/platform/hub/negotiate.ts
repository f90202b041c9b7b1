import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import type { HubAuthenticator, NegotiateAnswer } from './hub-types.js';

/**
 * The HTTP side of a connection, before any WebSocket: the bearer token, the Origin check, the
 * negotiate answer and the connection token, and the refusal of an upgrade.
 */

export const CONNECTION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function newConnectionToken() {
  return randomBytes(16).toString('base64url');
}

/** The id derives from the token, so a negotiate answered by one instance is accepted by another. */
export function connectionIdOf(connectionToken: string) {
  return createHash('sha256').update(connectionToken).digest('base64url').slice(0, 22);
}

/** The bearer token of a request: the Authorization header, else `access_token` (browser WebSockets). */
export function tokenOf(req: { headers: IncomingMessage['headers'] }, query: URLSearchParams): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (m?.[1]) return m[1];
  }
  const q = query.get('access_token');
  return q && q.length > 0 ? q : null;
}

/** Only browsers send Origin; other clients authenticate with their token alone. */
export function originAllowed(headers: IncomingMessage['headers'], allowedHosts: readonly string[]): boolean {
  const origin = headers.origin;
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const own = (headers.host ?? '').toLowerCase();
  return host === own || allowedHosts.some((h) => h.toLowerCase() === host);
}

/** Answer of POST {path}/negotiate: authenticates, then hands out a connection token. */
export async function negotiate(
  authenticator: HubAuthenticator,
  allowedHosts: readonly string[],
  req: { headers: IncomingMessage['headers'] },
  query: URLSearchParams,
): Promise<NegotiateAnswer> {
  const token = tokenOf(req, query);
  const identity = token ? await authenticator.authenticate(token) : null;
  if (!identity) return { status: 401, body: { error: 'Invalid or missing access token.' } };
  if (!originAllowed(req.headers, allowedHosts))
    return { status: 403, body: { error: 'Origin not allowed.' } };
  const connectionToken = newConnectionToken();
  return {
    status: 200,
    body: {
      negotiateVersion: 1,
      connectionId: connectionIdOf(connectionToken),
      connectionToken,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    },
  };
}

/** Refuses an upgrade with a plain HTTP answer. */
export function rejectUpgrade(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`,
  );
}
