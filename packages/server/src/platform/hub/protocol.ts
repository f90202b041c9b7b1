/**
 * The ASP.NET Core SignalR JSON hub protocol (dotnet/aspnetcore, src/SignalR/docs/specs/HubProtocol.md),
 * text transfer format: every message is a JSON document followed by the record separator 0x1e.
 * Only what a server needs: parse what clients send, format what servers send.
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

/** What a client may send after the handshake; anything else is a protocol error. */
export type ClientMessage =
  | InvocationMessage
  | { type: typeof MessageType.StreamInvocation; invocationId: string; target: string }
  | { type: typeof MessageType.CancelInvocation; invocationId: string }
  | { type: typeof MessageType.StreamItem; invocationId: string }
  | { type: typeof MessageType.Completion; invocationId: string }
  | { type: typeof MessageType.Ping }
  | { type: typeof MessageType.Close; error?: string }
  | { type: typeof MessageType.Ack | typeof MessageType.Sequence };

export class ProtocolError extends Error {}

/**
 * Splits a text frame into complete records. `rest` is an unterminated tail: the protocol lets a
 * message span frames, so the caller keeps it and prepends it to the next frame.
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export function parseHandshake(record: string): HandshakeRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    throw new ProtocolError('Handshake is not valid JSON.');
  }
  const { protocol, version } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    throw new ProtocolError('Handshake must carry a protocol name and a version.');
  }
  return { protocol, version };
}

const isString = (v: unknown): v is string => typeof v === 'string';

export function parseMessage(record: string): ClientMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProtocolError('Message is not a JSON object.');
  }
  const m = parsed as Record<string, unknown>;
  switch (m.type) {
    case MessageType.Invocation: {
      if (!isString(m.target) || m.target.length === 0) throw new ProtocolError('Invocation without target.');
      if (!Array.isArray(m.arguments)) throw new ProtocolError('Invocation without arguments.');
      if (m.invocationId !== undefined && !isString(m.invocationId)) {
        throw new ProtocolError('invocationId must be a string.');
      }
      const msg: InvocationMessage = {
        type: MessageType.Invocation,
        target: m.target,
        arguments: m.arguments,
      };
      if (isString(m.invocationId)) msg.invocationId = m.invocationId;
      if (Array.isArray(m.streamIds)) msg.streamIds = m.streamIds.filter(isString);
      return msg;
    }
    case MessageType.StreamInvocation:
    case MessageType.CancelInvocation:
    case MessageType.StreamItem:
    case MessageType.Completion:
      if (!isString(m.invocationId)) throw new ProtocolError('Message without invocationId.');
      return { type: m.type, invocationId: m.invocationId, target: isString(m.target) ? m.target : '' };
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return isString(m.error) ? { type: MessageType.Close, error: m.error } : { type: MessageType.Close };
    case MessageType.Ack:
    case MessageType.Sequence:
      return { type: m.type };
    default:
      throw new ProtocolError(`Unknown message type ${JSON.stringify(m.type)}.`);
  }
}

const frame = (value: unknown) => JSON.stringify(value) + RECORD_SEPARATOR;

export const format = {
  handshakeOk: () => frame({}),
  handshakeError: (error: string) => frame({ error }),
  /** a server-to-client call: never carries an invocationId (no result is expected) */
  invocation: (target: string, args: unknown[]) =>
    frame({ type: MessageType.Invocation, target, arguments: args }),
  completion: (invocationId: string, result: unknown) =>
    result === undefined
      ? frame({ type: MessageType.Completion, invocationId })
      : frame({ type: MessageType.Completion, invocationId, result }),
  completionError: (invocationId: string, error: string) =>
    frame({ type: MessageType.Completion, invocationId, error }),
  ping: () => frame({ type: MessageType.Ping }),
  close: (error?: string, allowReconnect?: boolean) =>
    frame({
      type: MessageType.Close,
      ...(error ? { error } : {}),
      ...(allowReconnect ? { allowReconnect: true } : {}),
    }),
};
