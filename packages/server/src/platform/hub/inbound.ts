import type { RawData } from 'ws';
import type { Logger } from '../logger.js';
import type { Connection } from './connection.js';
import { HubError, type HubConnection, type HubLimits, type HubMethod } from './hub-types.js';
import {
  MessageType,
  ProtocolError,
  format,
  parseHandshake,
  parseMessage,
  splitRecords,
  type InvocationMessage,
} from './protocol.js';

/** the JSON protocol, version 1: the only one spoken here (no stateful reconnect, no MessagePack) */
const PROTOCOL = 'json';
const PROTOCOL_VERSION = 1;

export interface InboundOptions {
  limits: HubLimits;
  log: Logger;
  methods: Record<string, HubMethod>;
  onConnected?(connection: HubConnection): void;
  /** drops a connection that closed itself (a Close message) */
  forget(conn: Connection): void;
}

/**
 * What clients send: size and rate limits, records split across frames, the handshake, then
 * invocations (run one at a time per connection, in order, as in ASP.NET Core), pings and closes.
 */
export class HubInbound {
  private readonly methods = new Map<string, { name: string; fn: HubMethod }>();

  constructor(private readonly opts: InboundOptions) {
    for (const [name, fn] of Object.entries(opts.methods)) this.methods.set(name.toLowerCase(), { name, fn });
  }

  receive(conn: Connection, data: RawData, isBinary: boolean) {
    if (conn.closed) return;
    const { maxMessageBytes } = this.opts.limits;
    conn.lastReceived = Date.now();
    if (isBinary) return conn.close('Binary messages are not supported by the JSON protocol.');
    const size = Array.isArray(data)
      ? data.reduce((n, b) => n + b.length, 0)
      : (data as Buffer | ArrayBuffer).byteLength;
    if (size > maxMessageBytes || conn.pending.length + size > maxMessageBytes) {
      return conn.close(`Message too large: the limit is ${maxMessageBytes} bytes.`);
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
    let refusal: string | null = null;
    if (request.protocol !== PROTOCOL) refusal = `The protocol '${request.protocol}' is not supported.`;
    else if (request.version !== PROTOCOL_VERSION) {
      refusal = `The server does not support version ${request.version} of the 'json' protocol.`;
    }
    if (refusal) {
      conn.sendRaw(format.handshakeError(refusal));
      return conn.close();
    }
    conn.sendRaw(format.handshakeOk());
    conn.handshaken = true;
    try {
      this.opts.onConnected?.(conn);
    } catch (err) {
      this.opts.log.error({ err }, 'hub: onConnected failed');
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
        this.opts.forget(conn);
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
      if (!(err instanceof HubError)) this.opts.log.error({ err, method: method.name }, 'hub: method failed');
      if (invocationId) conn.sendRaw(format.completionError(invocationId, text));
    }
  }
}
