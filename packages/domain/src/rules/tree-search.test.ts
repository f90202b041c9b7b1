import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  foldSearchText,
  matchesTreeSearch,
  searchTree,
  treeSearchApplies,
  type SearchableNode,
} from './tree-search.js';

const letters = 'abcdefghijklmnopqrstuvwxyzéèêàçñüöABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÀÇÑ0123456789 '.split('');
const name = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 30 }).map((a) => a.join(''));
const hexByte = fc.integer({ min: 0, max: 255 }).map((n) => n.toString(16).padStart(2, '0'));
const mac = fc.array(hexByte, { minLength: 6, maxLength: 6 }).map((b) => b.join(':').toUpperCase());
const node: fc.Arbitrary<SearchableNode> = fc.record({
  name,
  referenceId: fc.option(name, { nil: null }),
  macAddress: fc.option(mac, { nil: null }),
});

/** Adds accents and random case to ASCII letters, as a user might type them. */
const decorate = (text: string, seed: number[]) =>
  [...text]
    .map((ch, i) => {
      const r = seed[i % seed.length] ?? 0;
      const cased = r % 2 === 0 ? ch.toUpperCase() : ch.toLowerCase();
      return r % 3 === 0 && /[aeiouc]/i.test(cased) ? cased + '\u0301' : cased;
    })
    .join('');

describe('tree search: when it applies', () => {
  it('needs 3 characters, or 4 with a colon', () => {
    expect(treeSearchApplies('ab')).toBe(false);
    expect(treeSearchApplies('abc')).toBe(true);
    expect(treeSearchApplies('  ab  ')).toBe(false);
    expect(treeSearchApplies('a:b')).toBe(false);
  });

  it('a colon text under 13 characters needs 5 significant characters', () => {
    expect(treeSearchApplies('aa:b')).toBe(false);
    expect(treeSearchApplies('aa:bb')).toBe(false);
    expect(treeSearchApplies('aa:bb:')).toBe(false);
    expect(treeSearchApplies('aa:bb:c')).toBe(true);
    expect(treeSearchApplies('Hall: North')).toBe(true);
    expect(treeSearchApplies('a::::::::::::')).toBe(true); // 13 characters: length alone suffices
  });

  it('never matches anything below the threshold', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 10 }), fc.string({ maxLength: 2 }), (nodes, text) => {
        expect(searchTree(nodes, text)).toEqual([]);
      }),
    );
  });
});

describe('tree search: matching', () => {
  it('finds a node by any substring of its name of 3+ characters, whatever the accents and case', () => {
    fc.assert(
      fc.property(node, fc.nat(), fc.nat(), fc.array(fc.nat(), { minLength: 1 }), (n, a, b, seed) => {
        const folded = foldSearchText(n.name);
        fc.pre(folded.length >= 3);
        const start = a % (folded.length - 2);
        const end = start + 3 + (b % (folded.length - start - 2));
        const piece = folded.slice(start, end);
        fc.pre(!piece.includes(':') && piece.trim().length >= 3);
        expect(matchesTreeSearch(n, decorate(piece, seed))).toBe(true);
      }),
    );
  });

  it('finds a node by its reference id and by a MAC fragment, with ":" or "-" separators', () => {
    fc.assert(
      fc.property(mac, fc.integer({ min: 7, max: 17 }), fc.nat(), (m, len, off) => {
        const n: SearchableNode = { name: 'x', macAddress: m };
        const start = off % (17 - len + 1);
        const fragment = m.slice(start, start + len).toLowerCase();
        fc.pre(treeSearchApplies(fragment));
        expect(matchesTreeSearch(n, fragment)).toBe(true);
        expect(matchesTreeSearch(n, fragment.replace(/:/g, '-'))).toBe(
          treeSearchApplies(fragment.replace(/:/g, '-')),
        );
      }),
    );
    expect(matchesTreeSearch({ name: 'Door', referenceId: 'STORE-0042' }, 'store-00')).toBe(true);
    expect(matchesTreeSearch({ name: 'Door', macAddress: 'AA-BB-CC-DD-EE-FF' }, 'bb:cc:d')).toBe(true);
  });

  it('ignores accents on either side', () => {
    expect(matchesTreeSearch({ name: 'Montréal Centre' }, 'montreal')).toBe(true);
    expect(matchesTreeSearch({ name: 'Montreal Centre' }, 'MONTRÉAL')).toBe(true);
    expect(matchesTreeSearch({ name: 'Cafe\u0301 Niño' }, 'café nino')).toBe(true);
  });

  it('a short colon fragment with too few significant characters matches nothing, even a real MAC', () => {
    fc.assert(
      fc.property(mac, (m) => {
        const fragment = m.slice(0, 5); // "AA:BB": 4 significant characters
        expect(matchesTreeSearch({ name: m, macAddress: m, referenceId: m }, fragment)).toBe(false);
      }),
    );
  });

  it('a match is a subset of the nodes, in order, and folding the text changes nothing', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 15 }), fc.string({ maxLength: 8 }), (nodes, text) => {
        const found = searchTree(nodes, text);
        let cursor = 0;
        for (const f of found) {
          cursor = nodes.indexOf(f, cursor) + 1;
          expect(cursor).toBeGreaterThan(0);
        }
        expect(searchTree(nodes, foldSearchText(text))).toEqual(found);
        expect(searchTree(nodes, text.toUpperCase()).length).toBe(found.length);
      }),
    );
  });

  it('a node that contains none of the characters is never found', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'xyz'), { minLength: 3, maxLength: 8 }), node, (chars, n) => {
        const other = { ...n, name: n.name.replace(/[xyzXYZ]/g, 'a') };
        const clean = (s: string | null | undefined) => s?.replace(/[xyzXYZ]/g, 'a') ?? null;
        const target = { ...other, referenceId: clean(n.referenceId) };
        expect(matchesTreeSearch(target, chars.join(''))).toBe(false);
      }),
    );
  });
});
