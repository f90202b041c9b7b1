import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`packages/server`), found by walking up from this module to the
 * nearest package.json: the same answer from the sources (`src/platform/package-root.ts`, run by tsx)
 * and from the bundle (`dist/main.js`, where every module shares the bundle's `import.meta.url`). Files
 * the server reads beside its code (the web build, its own entry for child processes) are found from
 * here, never from a module's own folder.
 */
export function serverPackageRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(from)}`);
    dir = parent;
  }
}
