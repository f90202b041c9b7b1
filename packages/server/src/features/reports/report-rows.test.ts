import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@footfall/domain';
import { partRows } from './report-rows.js';

/** Answers asked by part, resolved by the test; records how many are in flight. */
function fakeAnswers(fail?: number) {
  const asked: number[] = [];
  const pending = new Map<number, () => void>();
  let inFlight = 0;
  let maxInFlight = 0;
  const answerOf = (part: number) =>
    new Promise<number>((resolve, reject) => {
      asked.push(part);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pending.set(part, () => {
        inFlight--;
        if (part === fail) reject(new Error(`part ${part} failed`));
        else resolve(part * 10);
      });
    });
  const settleAll = () => {
    for (const [part, settle] of pending) {
      pending.delete(part);
      settle();
    }
  };
  return { answerOf, asked, settleAll, maxInFlight: () => maxInFlight };
}

const rowsOf = (part: number, answer: number): ReportRow[] => [
  { location: `part ${part}`, trafficIn: answer },
];

describe('partRows: the parts of a streamed file, read ahead', () => {
  it('yields every part in order, asks nothing before it is read, and at most `ahead` parts past the one written', async () => {
    const f = fakeAnswers();
    const parts = [0, 1, 2, 3, 4, 5, 6];
    const rows = partRows(parts, f.answerOf, rowsOf, 2);
    expect(f.asked).toEqual([]);
    const seen: ReportRow[] = [];
    const asked: number[][] = [];
    const iterator = rows[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      // let the generator ask, then answer what it asked
      await new Promise((r) => setImmediate(r));
      f.settleAll();
      const { value, done } = await next;
      if (done) break;
      seen.push(...value);
      asked.push([...f.asked]);
    }
    expect(seen.map((r) => r.location)).toEqual(parts.map((p) => `part ${p}`));
    expect(seen.map((r) => r.trafficIn)).toEqual(parts.map((p) => p * 10));
    // while part i is written, parts up to i + 2 are asked, not more
    asked.forEach((a, i) => expect(a).toEqual(parts.slice(0, Math.min(parts.length, i + 3))));
    expect(f.asked).toEqual(parts);
    expect(f.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it("a part's failure is thrown when that part is reached, after the parts before it", async () => {
    const f = fakeAnswers(2);
    const seen: unknown[] = [];
    const read = (async () => {
      for await (const chunk of partRows([0, 1, 2, 3], f.answerOf, rowsOf, 2)) seen.push(chunk[0]!.location);
    })();
    // handled at once: the failure comes while the test is still answering parts
    const failure = read.then(
      () => null,
      (e: unknown) => e,
    );
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setImmediate(r));
      f.settleAll();
    }
    expect(await failure).toEqual(new Error('part 2 failed'));
    expect(seen).toEqual(['part 0', 'part 1']);
  });

  it('asks for one part at a time with ahead 1, and refuses ahead 0', async () => {
    const f = fakeAnswers();
    const read = (async () => {
      const out: unknown[] = [];
      for await (const chunk of partRows([0, 1, 2], f.answerOf, rowsOf, 1)) out.push(chunk[0]!.trafficIn);
      return out;
    })();
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setImmediate(r));
      f.settleAll();
    }
    expect(await read).toEqual([0, 10, 20]);
    expect(f.maxInFlight()).toBe(1);
    await expect(partRows([0], f.answerOf, rowsOf, 0).next()).rejects.toThrow('ahead');
  });
});
