import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_LOG_COMMANDS } from '@footfall/domain';

/**
 * The web's command filter offers `EVENT_LOG_COMMANDS` (domain), each with a translated label. This
 * reads the server's sources for the commands they write (the literal after each `record(tx, ...`,
 * and `Prefix.${kind}` templates) so a new command cannot be left out of the list.
 */
const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [fs.readFileSync(p, 'utf8')] : [];
  });
}

function writtenCommands() {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of sources(srcRoot)) {
    // each call up to its end: a command may be chosen by a condition (`mobile ? 'A.B' : 'A.C'`)
    // `.record(tx, ...)` calls, and the helpers that take the command they record as an argument
    for (const call of text.matchAll(/(?:\.record\(\s*\w+,|\bmailRecoveryLink\()[^;]*;/g)) {
      for (const m of call[0].matchAll(/(['`])([A-Z]\w*\.[\w${}]+)\1/g)) {
        const command = m[2]!;
        if (command.includes('${')) prefixes.add(command.slice(0, command.indexOf('${')));
        else literals.add(command);
      }
    }
  }
  return { literals, prefixes };
}

describe('event log commands', () => {
  it('lists every command the server writes, and only those', () => {
    const { literals, prefixes } = writtenCommands();
    const known = new Set<string>(EVENT_LOG_COMMANDS);
    expect(literals.size).toBeGreaterThan(40);
    expect([...literals].filter((c) => !known.has(c))).toEqual([]);
    expect([...prefixes].filter((p) => !EVENT_LOG_COMMANDS.some((c) => c.startsWith(p)))).toEqual([]);
    const unwritten = EVENT_LOG_COMMANDS.filter(
      (c) => !literals.has(c) && ![...prefixes].some((p) => c.startsWith(p)),
    );
    expect(unwritten).toEqual([]);
  });
});
