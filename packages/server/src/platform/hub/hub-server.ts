import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { scrubUrl } from '../logger.js';
import {
  MessageType,
  ProtocolError,
  format,
  parseHandshake,
  parseMessage,
  splitRecords,
  type InvocationMessage,
} from './protocol.js';

/**
 * A SignalR-compatible hub server (negotiate + WebSockets transport + JSON hub protocol) on top of
 * `ws`, so that the official `@microsoft/signalr` client works against it unchanged. It knows
 * nothing of users or nodes: authentication, methods and groups are given by the feature using it.
 */

/** Who is connected, as the authenticator sees it. */
export interface HubIdentity {
  /** stable id of the subject (a user id, a share link id): re-validation goes by subject */
  subject: string;
  /** epoch ms after which the connection is closed (the token's expiry); null = no expiry */
  expiresAt: number | null;
  /** the feature's own view of the caller; opaque here */
  data: unknown;
}

export interface HubAuthenticator {
  /** null when the token is not valid */
  authenticate(token: string): Promise<HubIdentity | null>;
  /** re-checks a live identity (user disabled, role or scope changed); null closes the connection */
  revalidate(identity: HubIdentity): Promise<HubIdentity | null>;
}

export interface HubConnection {
  readonly connectionId: string;
  identity: HubIdentity;
  readonly groups: ReadonlySet<string>;
  /** per-connection state kept by the feature (e.g. the hello-acknowledged flag) */
  readonly items: Map<string, unknown>;
  send(target: string, args: unknown[]): void;
  close(error?: string, allowReconnect?: boolean): void;
}

export type HubMethod = (connection: HubConnection, args: unknown[]) => unknown;

/** Thrown by a hub method: its message is sent to the caller in the completion. */
export class HubError extends Error {}

export interface HubLimits {
  /** largest accepted WebSocket message and hub message, in bytes */
  maxMessageBytes: number;
  /** sustained messages per second per connection, and the burst allowed above it */
  messagesPerSecond: number;
  messageBurst: number;
  /** a ping is sent when nothing else was sent for this long */
  keepAliveMs: number;
  /** the connection is closed when the client sent nothing (not even a ping) for this long */
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** a client that does not read is cut off once this much is queued for it */
  maxBufferedBytes: number;
  maxConnections: number;
  /** how often every connected subject is re-validated (disabled user, changed scope) */
  revalidateMs: number;
  sweepMs: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxMessageBytes: 32 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  maxConnections: 20_000,
  revalidateMs: 60_000,
  sweepMs: 1000,
};

export interface HubServerOptions {
  /** e.g. '/signalr' */
  path: string;
  log: Logger;
  /** the token expiry is judged on the application clock */
  clock: Clock;
  authenticator: HubAuthenticator;
  /** hosts (host[:port]) a browser page may connect from, besides the request's own Host */
  allowedOriginHosts: string[];
  methods: Record<string, HubMethod>;
  onConnected?(connection: HubConnection): void;
  onDisconnected?(connection: HubConnection): void;
  /** called after re-validation changed a connection's identity (scope or roles changed) */
  onIdentityChanged?(connection: HubConnection): void | Promise<void>;
  limits?: Partial<HubLimits>;
}

export interface NegotiateAnswer {
  status: 200 | 401 | 403;
  body: Record<string, unknown>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const TEXT_FRAME = { binary: false, compress: false } as const;
/** the JSON protocol, version 1: the only one spoken here (no stateful reconnect, no MessagePack) */
const PROTOCOL = 'json';
const PROTOCOL_VERSION = 1;

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

class Connection implements HubConnection {
  readonly groups = new Set<string>();
  readonly items = new Map<string, unknown>();
  handshaken = false;
  pending = '';
  readonly openedAt = Date.now();
  lastReceived = Date.now();
  lastSent = Date.now();
  tokens: number;
  tokensAt = Date.now();
  closed = false;
  /** invocations run one at a time, in order, as in ASP.NET Core */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly connectionId: string,
    public identity: HubIdentity,
    readonly ws: WebSocket,
    private readonly hub: HubServer,
  ) {
    this.tokens = hub.limits.messageBurst;
  }

  /** a text frame; a Buffer (already UTF-8) lets a group message be encoded once for all members */
  sendRaw(text: string | Buffer) {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.hub.limits.maxBufferedBytes) {
      this.hub.log.warn({ connectionId: this.connectionId }, 'hub: client does not read, cut off');
      this.terminate();
      return;
    }
    this.lastSent = Date.now();
    this.ws.send(text, TEXT_FRAME);
  }

  send(target: string, args: unknown[]) {
    if (this.handshaken) this.sendRaw(format.invocation(target, args));
  }

  close(error?: string, allowReconnect = false) {
    if (this.closed) return;
    if (this.handshaken) this.sendRaw(format.close(error, allowReconnect));
    this.closed = true;
    this.hub.forget(this);
    this.ws.close(error ? 1008 : 1000);
    // a client that does not answer the close handshake is cut after a second
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  terminate() {
    this.closed = true;
    this.hub.forget(this);
    this.ws.terminate();
  }

  /** token bucket: false when the client sends faster than allowed */
  take(): boolean {
    const now = Date.now();
    const { messagesPerSecond, messageBurst } = this.hub.limits;
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.tokensAt) / 1000) * messagesPerSecond);
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class HubServer {
  readonly limits: HubLimits;
  readonly log: Logger;
  private readonly wss: WebSocketServer;
  private readonly all = new Set<Connection>();
  private readonly byId = new Map<string, Connection>();
  private readonly groupMembers = new Map<string, Set<Connection>>();
  private readonly methods = new Map<string, { name: string; fn: HubMethod }>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private lastRevalidation = Date.now();
  private closing = false;

  constructor(private readonly opts: HubServerOptions) {
    this.limits = { ...DEFAULT_HUB_LIMITS, ...opts.limits };
    this.log = opts.log;
    for (const [name, fn] of Object.entries(opts.methods)) this.methods.set(name.toLowerCase(), { name, fn });
    // the hard frame limit sits above the protocol limit, so that an oversized message still gets a
    // Close message with the reason instead of a bare socket cut
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: Math.max(this.limits.maxMessageBytes * 4, 1024 * 1024),
      perMessageDeflate: false,
      clientTracking: false,
    });
  }

  get connectionCount() {
    return this.all.size;
  }

  connections(): Iterable<HubConnection> {
    return this.all;
  }

  /** Answer of POST {path}/negotiate: authenticates, then hands out a connection token. */
  async negotiate(
    req: { headers: IncomingMessage['headers'] },
    query: URLSearchParams,
  ): Promise<NegotiateAnswer> {
    const token = tokenOf(req, query);
    const identity = token ? await this.opts.authenticator.authenticate(token) : null;
    if (!identity) return { status: 401, body: { error: 'Invalid or missing access token.' } };
    if (!this.originAllowed(req.headers)) return { status: 403, body: { error: 'Origin not allowed.' } };
    // the token is self-contained (the id derives from it), so another instance can accept it
    const connectionToken = randomBytes(16).toString('base64url');
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

  /** Takes over WebSocket upgrades of {path} on the HTTP server. */
  attach(server: Server) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.replace(/\/+$/, '').toLowerCase() !== this.opts.path.toLowerCase()) {
        if (server.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      socket.on('error', () => undefined);
      void this.upgrade(req, socket, head, url).catch((err) => {
        this.log.error({ err, url: scrubUrl(req.url ?? '') }, 'hub: upgrade failed');
        reject(socket, 500, 'Internal Server Error');
      });
    });
    this.sweepTimer = setInterval(() => void this.sweep(), this.limits.sweepMs);
    this.sweepTimer.unref();
  }

  private originAllowed(headers: IncomingMessage['headers']): boolean {
    const origin = headers.origin;
    // only browsers send Origin; other clients authenticate with their token alone
    if (!origin) return true;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      return false;
    }
    const own = (headers.host ?? '').toLowerCase();
    return host === own || this.opts.allowedOriginHosts.some((h) => h.toLowerCase() === host);
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    if (this.closing) return reject(socket, 503, 'Service Unavailable');
    if (!this.originAllowed(req.headers)) return reject(socket, 403, 'Forbidden');
    if (this.all.size >= this.limits.maxConnections) return reject(socket, 503, 'Service Unavailable');
    const connectionToken = url.searchParams.get('id') ?? randomBytes(16).toString('base64url');
    if (!TOKEN_PATTERN.test(connectionToken)) return reject(socket, 400, 'Bad Request');
    const connectionId = connectionIdOf(connectionToken);
    if (this.byId.has(connectionId)) return reject(socket, 409, 'Conflict');
    const token = tokenOf(req, url.searchParams);
    const identity = token ? await this.opts.authenticator.authenticate(token) : null;
    if (!identity) return reject(socket, 401, 'Unauthorized');
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, connectionId, identity));
  }

  private accept(ws: WebSocket, connectionId: string, identity: HubIdentity) {
    const conn = new Connection(connectionId, identity, ws, this);
    this.all.add(conn);
    this.byId.set(connectionId, conn);
    this.log.debug({ connectionId, subject: identity.subject }, 'hub: connected');
    ws.on('message', (data: RawData, isBinary: boolean) => this.receive(conn, data, isBinary));
    ws.on('close', () => {
      if (!conn.closed) {
        conn.closed = true;
        this.forget(conn);
      }
    });
    ws.on('error', (err) => {
      this.log.debug({ connectionId, err: err.message }, 'hub: socket error');
      conn.terminate();
    });
  }

  /** Removes a connection from the registry and every group; runs once per connection. */
  forget(conn: Connection) {
    if (!this.all.delete(conn)) return;
    this.byId.delete(conn.connectionId);
    for (const g of conn.groups) this.leave(conn, g);
    if (conn.handshaken) {
      try {
        this.opts.onDisconnected?.(conn);
      } catch (err) {
        this.log.error({ err }, 'hub: onDisconnected failed');
      }
    }
    this.log.debug({ connectionId: conn.connectionId }, 'hub: disconnected');
  }

  private receive(conn: Connection, data: RawData, isBinary: boolean) {
    if (conn.closed) return;
    conn.lastReceived = Date.now();
    if (isBinary) return conn.close('Binary messages are not supported by the JSON protocol.');
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : (data as Buffer | ArrayBuffer).byteLength;
    if (size > this.limits.maxMessageBytes || conn.pending.length + size > this.limits.maxMessageBytes) {
      return conn.close(`Message too large: the limit is ${this.limits.maxMessageBytes} bytes.`);
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const { records, rest } = splitRecords(conn.pending + text);
    conn.pending = rest;
    for (const record of records) {
      if (conn.closed) return;
      if (!conn.take()) return conn.close('Too many messages: slow down.');
      try {
        if (!conn.handshaken) this.handshake(conn, record);
        else this.dispatch(conn, record);
      } catch (err) {
        if (err instanceof ProtocolError) return conn.close(err.message);
        throw err;
      }
    }
  }

  private handshake(conn: Connection, record: string) {
    let request;
    try {
      request = parseHandshake(record);
    } catch (err) {
      conn.sendRaw(format.handshakeError((err as Error).message));
      return conn.terminate();
    }
    if (request.protocol !== PROTOCOL) {
      conn.sendRaw(format.handshakeError(`The protocol '${request.protocol}' is not supported.`));
      return conn.close();
    }
    if (request.version !== PROTOCOL_VERSION) {
      conn.sendRaw(
        format.handshakeError(
          `The server does not support version ${request.version} of the 'json' protocol.`,
        ),
      );
      return conn.close();
    }
    conn.sendRaw(format.handshakeOk());
    conn.handshaken = true;
    try {
      this.opts.onConnected?.(conn);
    } catch (err) {
      this.log.error({ err }, 'hub: onConnected failed');
    }
  }

  private dispatch(conn: Connection, record: string) {
    const message = parseMessage(record);
    switch (message.type) {
      case MessageType.Invocation:
        conn.queue = conn.queue.then(() => this.invoke(conn, message));
        return;
      case MessageType.StreamInvocation:
        conn.sendRaw(format.completionError(message.invocationId, 'Streaming is not supported.'));
        return;
      case MessageType.Close:
        conn.closed = true;
        this.forget(conn);
        conn.ws.close(1000);
        return;
      default:
        // Ping only refreshes lastReceived; completions, stream items, cancels, acks: nothing to do
        return;
    }
  }

  private async invoke(conn: Connection, message: InvocationMessage) {
    if (conn.closed) return;
    const { invocationId } = message;
    const method = this.methods.get(message.target.toLowerCase());
    if (!method) {
      if (invocationId) {
        conn.sendRaw(format.completionError(invocationId, `Unknown hub method '${message.target}'.`));
      }
      return;
    }
    try {
      const result = await method.fn(conn, message.arguments);
      if (invocationId) conn.sendRaw(format.completion(invocationId, result ?? undefined));
    } catch (err) {
      const text =
        err instanceof HubError
          ? err.message
          : `An unexpected error occurred invoking '${method.name}' on the server.`;
      if (!(err instanceof HubError)) this.log.error({ err, method: method.name }, 'hub: method failed');
      if (invocationId) conn.sendRaw(format.completionError(invocationId, text));
    }
  }

  join(connection: HubConnection, group: string) {
    const conn = connection as Connection;
    if (conn.closed || conn.groups.has(group)) return;
    conn.groups.add(group);
    let members = this.groupMembers.get(group);
    if (!members) this.groupMembers.set(group, (members = new Set()));
    members.add(conn);
  }

  leave(connection: HubConnection, group: string) {
    const conn = connection as Connection;
    conn.groups.delete(group);
    const members = this.groupMembers.get(group);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) this.groupMembers.delete(group);
  }

  hasGroup(group: string) {
    return this.groupMembers.has(group);
  }

  groupNames(): IterableIterator<string> {
    return this.groupMembers.keys();
  }

  /** Sends to this instance's members of a group; the message is serialised once. Returns the count. */
  sendToGroup(group: string, target: string, args: unknown[]): number {
    const members = this.groupMembers.get(group);
    if (!members) return 0;
    // encoded once for every member; at thousands of members the cost is the socket writes themselves
    // (measured: a pre-framed raw write per socket was no faster than ws.send of a shared Buffer)
    const bytes = Buffer.from(format.invocation(target, args), 'utf8');
    let n = 0;
    for (const conn of members) {
      if (!conn.handshaken) continue;
      conn.sendRaw(bytes);
      n++;
    }
    return n;
  }

  /** Re-validates the connections of one subject now (e.g. the user was disabled). */
  async revalidateSubject(subject: string) {
    const conns = [...this.all].filter((c) => c.identity.subject === subject);
    if (conns.length > 0) await this.revalidate(conns);
  }

  private async revalidate(conns: Connection[]) {
    const bySubject = new Map<string, Connection[]>();
    for (const c of conns) {
      const list = bySubject.get(c.identity.subject);
      if (list) list.push(c);
      else bySubject.set(c.identity.subject, [c]);
    }
    for (const list of bySubject.values()) {
      const first = list[0]!;
      let next: HubIdentity | null;
      try {
        next = await this.opts.authenticator.revalidate(first.identity);
      } catch (err) {
        this.log.warn({ err }, 'hub: re-validation failed; connections kept until next time');
        continue;
      }
      for (const c of list) {
        if (!next) {
          c.close('Access revoked.', false);
          continue;
        }
        c.identity = { ...next, expiresAt: c.identity.expiresAt };
        try {
          await this.opts.onIdentityChanged?.(c);
        } catch (err) {
          this.log.error({ err }, 'hub: onIdentityChanged failed');
        }
      }
    }
  }

  private async sweep() {
    const now = Date.now();
    const appNow = this.opts.clock.now().getTime();
    const ping = format.ping();
    for (const c of this.all) {
      if (!c.handshaken) {
        if (now - c.openedAt > this.limits.handshakeTimeoutMs) c.terminate();
        continue;
      }
      if (c.identity.expiresAt !== null && appNow >= c.identity.expiresAt) {
        c.close('The access token has expired.', true);
      } else if (now - c.lastReceived > this.limits.clientTimeoutMs) {
        c.close('Client timeout: no message received.', true);
      } else if (now - c.lastSent >= this.limits.keepAliveMs) {
        c.sendRaw(ping);
      }
    }
    if (now - this.lastRevalidation >= this.limits.revalidateMs) {
      this.lastRevalidation = now;
      await this.revalidate([...this.all].filter((c) => c.handshaken));
    }
  }

  /** Closes every connection, letting clients reconnect (to this instance once back, or another). */
  async close() {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const conns = [...this.all];
    for (const c of conns) c.close(undefined, true);
    if (conns.length > 0) await new Promise((r) => setTimeout(r, 50));
    for (const c of conns) c.ws.terminate();
    this.wss.close();
  }
}

function reject(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`,
  );
}
