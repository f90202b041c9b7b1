import { badRequest } from '../../platform/http/errors.js';

/**
 * The Irisys MQTT "targets" message (topic `irisys/<serial>/targets`), binary, little-endian, no
 * padding, as Irisys' own viewer reads it (github.com/IrisysUK/mqtt-xy-demo, `mqtt-xy-viewer.py` at
 * commit 6768908db4f9288f1c09bd668910af298b8ef694, beside the vendor's MQTT specification):
 * byte 0 the message type, 0 or 1; type 1 then carries a uint64 timestamp in epoch milliseconds;
 * then 15 bytes per target: uint16 target id, uint8 status, float32 x (m), float32 y (m),
 * float32 height (m). A type 0 message has no timestamp: it is stamped with the server's clock.
 */
export interface IrisysTarget {
  targetId: number;
  status: number;
  x: number;
  y: number;
  height: number;
}

const TARGET_BYTES = 15;

export function parseIrisysTargets(payload: Buffer, now: Date): { at: Date; targets: IrisysTarget[] } {
  if (payload.length < 1) throw badRequest('The targets message is empty', 'body');
  const type = payload[0];
  if (type !== 0 && type !== 1) throw badRequest(`Unknown targets message type ${type}`, 'body');
  let offset = 1;
  let at = now;
  if (type === 1) {
    if (payload.length < 9) throw badRequest('The targets message lacks its timestamp', 'body');
    const ms = Number(payload.readBigUInt64LE(1));
    if (!Number.isSafeInteger(ms) || ms <= 0) throw badRequest('The targets timestamp is not a time', 'body');
    at = new Date(ms);
    offset = 9;
  }
  if ((payload.length - offset) % TARGET_BYTES !== 0)
    throw badRequest(`The targets message is not a whole number of ${TARGET_BYTES}-byte targets`, 'body');
  const targets: IrisysTarget[] = [];
  for (; offset < payload.length; offset += TARGET_BYTES) {
    const t = {
      targetId: payload.readUInt16LE(offset),
      status: payload.readUInt8(offset + 2),
      x: payload.readFloatLE(offset + 3),
      y: payload.readFloatLE(offset + 7),
      height: payload.readFloatLE(offset + 11),
    };
    if (!Number.isFinite(t.x) || !Number.isFinite(t.y) || Math.abs(t.x) > 10_000 || Math.abs(t.y) > 10_000)
      throw badRequest(`Target ${t.targetId} has no valid position`, 'body');
    targets.push(t);
  }
  return { at, targets };
}

/** Builds a targets message (the inverse of the parser), for tests and the demo. */
export function encodeIrisysTargets(at: Date | null, targets: IrisysTarget[]): Buffer {
  const head = at ? 9 : 1;
  const buf = Buffer.alloc(head + targets.length * TARGET_BYTES);
  buf.writeUInt8(at ? 1 : 0, 0);
  if (at) buf.writeBigUInt64LE(BigInt(at.getTime()), 1);
  targets.forEach((t, i) => {
    const o = head + i * TARGET_BYTES;
    buf.writeUInt16LE(t.targetId, o);
    buf.writeUInt8(t.status, o + 2);
    buf.writeFloatLE(t.x, o + 3);
    buf.writeFloatLE(t.y, o + 7);
    buf.writeFloatLE(t.height, o + 11);
  });
  return buf;
}
