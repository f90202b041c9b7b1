#!/usr/bin/env node
/**
 * Fails when the server's modules import each other in a circle (type-only imports count too: a
 * circle of types is still two files that cannot be understood one without the other).
 * Usage: node scripts/check-import-circles.mjs [dir...]   (default: packages/server/src)
 * Reads the relative specifiers of import/export ... from, import() and vi.mock() with TypeScript's
 * own scanner, and reports each strongly connected group of files (Tarjan) with one circle in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['packages/server/src'];

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(p, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a relative specifier names ('./x.js' is written for './x.ts'), or null. */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
    base,
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

const files = roots.flatMap((r) => sourceFiles(path.resolve(r)));
const edges = new Map();
for (const file of files) {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = info.importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(file, s))
    .filter((t) => t !== null);
  edges.set(file, [...new Set(targets)]);
}

// Tarjan's strongly connected components
let index = 0;
const stack = [];
const state = new Map();
const groups = [];
function visit(v) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(v, s);
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!edges.has(w)) continue;
    const t = state.get(w);
    if (!t) {
      visit(w);
      s.low = Math.min(s.low, state.get(w).low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low === s.index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group);
  }
}
for (const f of files) if (!state.has(f)) visit(f);

/** One circle through the group, from its first file (breadth-first back to the start). */
function circleIn(group) {
  const inGroup = new Set(group);
  const start = group[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const circle = [start];
        for (let u = v; u !== start; u = previous.get(u)) circle.splice(1, 0, u);
        return [...circle, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return group;
}

const rel = (f) => path.relative(process.cwd(), f);
if (groups.length === 0) {
  console.log(`No import circles among ${files.length} files.`);
} else {
  for (const group of groups) {
    console.error(`Import circle (${group.length} files): ${circleIn(group).map(rel).join(' -> ')}`);
  }
  process.exitCode = 1;
}
