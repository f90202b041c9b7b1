import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { scrubUrl } from '../logger.js';
import type { Logger } from '../logger.js';
import { Connection } from './connection.js';
import { HubGroups } from './groups.js';
import {
  DEFAULT_HUB_LIMITS,
  type HubConnection,
  type HubIdentity,
  type HubLimits,
  type HubServerOptions,
  type NegotiateAnswer,
} from './hub-types.js';
import {
  CONNECTION_TOKEN_PATTERN,
  connectionIdOf,
  negotiate,
  newConnectionToken,
  originAllowed,
  rejectUpgrade,
  tokenOf,
} from './negotiate.js';
import { HubInbound } from './inbound.js';
import { format } from './protocol.js';

export * from './hub-types.js';
export { connectionIdOf, tokenOf } from './negotiate.js';

/**
 * A SignalR-compatible hub server (negotiate + WebSockets transport + JSON hub protocol) on top of
 * `ws`, so that the official `@microsoft/signalr` client works against it unchanged. It knows
 * nothing of users or nodes: authentication, methods and groups are given by the feature using it.
 * Negotiate and upgrade refusals live in `negotiate.ts`, one connection in `connection.ts`, what
 * clients send in `inbound.ts`, groups and the fan-out in `groups.ts`.
 */

export class HubServer {
  readonly limits: HubLimits;
  readonly log: Logger;
  private readonly wss: WebSocketServer;
  private readonly all = new Set<Connection>();
  private readonly byId = new Map<string, Connection>();
  private readonly groups: HubGroups;
  private readonly inbound: HubInbound;
  private sweepTimer: NodeJS.Timeout | null = null;
  private lastRevalidation = Date.now();
  private closing = false;

  constructor(private readonly opts: HubServerOptions) {
    this.limits = { ...DEFAULT_HUB_LIMITS, ...opts.limits };
    this.log = opts.log;
    this.groups = new HubGroups(Math.max(1, this.limits.fanOutChunk));
    this.inbound = new HubInbound({
      limits: this.limits,
      log: this.log,
      methods: opts.methods,
      ...(opts.onConnected ? { onConnected: opts.onConnected } : {}),
      forget: (conn) => this.forget(conn),
    });
    // the hard frame limit sits above the protocol limit, so that an oversized message still gets a
    // Close message with the reason instead of a bare socket cut
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: Math.max(this.limits.maxMessageBytes * 4, 1024 * 1024),
      // no compression: group frames are built once and written as they are (connection.ts)
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
  negotiate(req: { headers: IncomingMessage['headers'] }, query: URLSearchParams): Promise<NegotiateAnswer> {
    return negotiate(this.opts.authenticator, this.opts.allowedOriginHosts, req, query);
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
        rejectUpgrade(socket, 500, 'Internal Server Error');
      });
    });
    this.sweepTimer = setInterval(() => void this.sweep(), this.limits.sweepMs);
    this.sweepTimer.unref();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const refuse = (status: number, text: string) => rejectUpgrade(socket, status, text);
    if (this.closing) return refuse(503, 'Service Unavailable');
    if (!originAllowed(req.headers, this.opts.allowedOriginHosts)) return refuse(403, 'Forbidden');
    if (this.all.size >= this.limits.maxConnections) return refuse(503, 'Service Unavailable');
    const connectionToken = url.searchParams.get('id') ?? newConnectionToken();
    if (!CONNECTION_TOKEN_PATTERN.test(connectionToken)) return refuse(400, 'Bad Request');
    const connectionId = connectionIdOf(connectionToken);
    if (this.byId.has(connectionId)) return refuse(409, 'Conflict');
    const token = tokenOf(req, url.searchParams);
    const identity = token ? await this.opts.authenticator.authenticate(token) : null;
    if (!identity) return refuse(401, 'Unauthorized');
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, socket, connectionId, identity));
  }

  private accept(ws: WebSocket, socket: Duplex, connectionId: string, identity: HubIdentity) {
    const conn = new Connection(connectionId, identity, ws, socket, this);
    this.all.add(conn);
    this.byId.set(connectionId, conn);
    this.log.debug({ connectionId, subject: identity.subject }, 'hub: connected');
    ws.on('message', (data: RawData, isBinary: boolean) => this.inbound.receive(conn, data, isBinary));
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
    this.groups.leaveAll(conn);
    if (conn.handshaken) {
      try {
        this.opts.onDisconnected?.(conn);
      } catch (err) {
        this.log.error({ err }, 'hub: onDisconnected failed');
      }
    }
    this.log.debug({ connectionId: conn.connectionId }, 'hub: disconnected');
  }

  join(connection: HubConnection, group: string) {
    this.groups.join(connection as Connection, group);
  }

  leave(connection: HubConnection, group: string) {
    this.groups.leave(connection as Connection, group);
  }

  hasGroup(group: string) {
    return this.groups.has(group);
  }

  groupNames(): IterableIterator<string> {
    return this.groups.names();
  }

  /** Sends to this instance's members of a group; the message is framed once. Returns the count. */
  sendToGroup(group: string, target: string, args: unknown[]): number {
    return this.groups.send(group, target, args);
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
      let next: HubIdentity | null;
      try {
        next = await this.opts.authenticator.revalidate(list[0]!.identity);
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
