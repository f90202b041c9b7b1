import { describe, expect, it } from 'vitest';
import type { Connection } from './connection.js';
import { HubGroups } from './groups.js';
import { RECORD_SEPARATOR } from './protocol.js';

/** A member that records its socket writes, each decoded into the records of its frames. */
function member() {
  const writes: string[][] = [];
  const conn = {
    groups: new Set<string>(),
    handshaken: true,
    sendFrame(frame: Buffer) {
      const records: string[] = [];
      // unmasked server frames with 7-bit lengths (short test messages)
      for (let i = 0; i < frame.length;) {
        const n = frame[i + 1]!;
        const text = frame.subarray(i + 2, i + 2 + n).toString('utf8');
        for (const r of text.split(RECORD_SEPARATOR)) if (r) records.push(JSON.parse(r).arguments[0]);
        i += 2 + n;
      }
      writes.push(records);
    },
  };
  return { conn: conn as unknown as Connection, writes };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('group fan-out', () => {
  it('lets a second message to the group of the fan-out in progress ride along, in order', async () => {
    const groups = new HubGroups(2);
    const m = [member(), member(), member(), member(), member()];
    for (const x of m) groups.join(x.conn, 'g');
    expect(groups.send('g', 'Message', ['first'])).toBe(5);
    // the first two are written now; the three others get both messages in one write
    expect(groups.send('g', 'Message', ['second'])).toBe(5);
    for (let i = 0; i < 5; i++) await turn();
    expect(m.map((x) => x.writes)).toEqual([
      [['first'], ['second']],
      [['first'], ['second']],
      [['first', 'second']],
      [['first', 'second']],
      [['first', 'second']],
    ]);
  });

  it('does not merge when the members changed or other messages are queued', async () => {
    const groups = new HubGroups(1);
    const [a, b, c] = [member(), member(), member()];
    groups.join(a.conn, 'g');
    groups.join(b.conn, 'g');
    groups.join(c.conn, 'h');
    groups.send('g', 'Message', ['g1']);
    groups.join(c.conn, 'g'); // a new member: it gets g2, never g1
    groups.send('g', 'Message', ['g2']);
    groups.send('h', 'Message', ['h1']);
    groups.send('g', 'Message', ['g3']); // behind h1: not merged into g2
    for (let i = 0; i < 12; i++) await turn();
    expect(a.writes).toEqual([['g1'], ['g2'], ['g3']]);
    expect(b.writes).toEqual([['g1'], ['g2'], ['g3']]);
    expect(c.writes).toEqual([['g2'], ['h1'], ['g3']]);
  });
});
