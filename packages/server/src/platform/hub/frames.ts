/**
 * A server-to-client WebSocket text frame (RFC 6455 section 5.2: FIN, opcode 1, unmasked), built
 * once for a message that goes to many connections, so that each send is one socket write of a
 * shared Buffer instead of a header allocation and a two-buffer write per connection.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + n);
  frame[0] = 0x81;
  if (n < 126) {
    frame[1] = n;
  } else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, header);
  return frame;
}
