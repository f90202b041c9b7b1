import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { Logger } from '../logger.js';
import { format } from './protocol.js';
import type { HubConnection, HubIdentity, HubLimits } from './hub-types.js';

/** What a connection needs of the server that holds it. */
export interface ConnectionOwner {
  readonly limits: HubLimits;
  readonly log: Logger;
  /** drops the connection from the registry and its groups; runs once per connection */
  forget(conn: Connection): void;
}

const TEXT_FRAME = { binary: false, compress: false } as const;

/**
 * One WebSocket connection of the hub. Sends go through `ws`, except group messages: those are
 * framed once for all members (see `frames.ts`) and written to the socket as they are. That is
 * sound because the `ws` sender never holds a frame back here: compression is off and only
 * strings and Buffers are sent, so its every send reaches the socket at once, in order.
 */
export class Connection implements HubConnection {
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
    /** the upgraded socket under `ws`, for pre-framed writes */
    private readonly socket: Duplex,
    private readonly owner: ConnectionOwner,
  ) {
    this.tokens = owner.limits.messageBurst;
  }

  /** false (and the client cut off) when it cannot take a frame now */
  private writable(): boolean {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.owner.limits.maxBufferedBytes) {
      this.owner.log.warn({ connectionId: this.connectionId }, 'hub: client does not read, cut off');
      this.terminate();
      return false;
    }
    return true;
  }

  /** one text message: a JSON record, or several, already serialised */
  sendRaw(text: string | Buffer) {
    if (!this.writable()) return;
    this.lastSent = Date.now();
    this.ws.send(text, TEXT_FRAME);
  }

  /** a complete WebSocket frame shared by every member of a group (built by `textFrame`) */
  sendFrame(frame: Buffer, now: number) {
    if (!this.writable()) return;
    this.lastSent = now;
    this.socket.write(frame);
  }

  send(target: string, args: unknown[]) {
    if (this.handshaken) this.sendRaw(format.invocation(target, args));
  }

  close(error?: string, allowReconnect = false) {
    if (this.closed) return;
    if (this.handshaken) this.sendRaw(format.close(error, allowReconnect));
    this.closed = true;
    this.owner.forget(this);
    this.ws.close(error ? 1008 : 1000);
    // a client that does not answer the close handshake is cut after a second
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  terminate() {
    this.closed = true;
    this.owner.forget(this);
    this.ws.terminate();
  }

  /** token bucket: false when the client sends faster than allowed */
  take(): boolean {
    const now = Date.now();
    const { messagesPerSecond, messageBurst } = this.owner.limits;
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.tokensAt) / 1000) * messagesPerSecond);
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
