#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources - the web app (packages/web/dist) and
// the server bundle (packages/server/dist, esbuild) - then runs the compiled server with source maps
// (embedded PostgreSQL and demo data unless DATABASE_URL is set).
// `node scripts/start.mjs create-admin -- <args>` (`npm run create-admin`) runs the bundled command.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** the build output is missing or older than any of its sources (and the lockfile) */
function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const newest = Math.max(
    ...sources.map(newestMtime),
    fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  return fs.statSync(output).mtimeMs < newest;
}

function run(what, args) {
  console.log(`Building ${what}...`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const domainSrc = path.join(root, 'packages/domain/src');
const webSrc = path.join(root, 'packages/web');
const serverDir = path.join(root, 'packages/server');
const command = process.argv[2] === 'create-admin' ? 'create-admin' : 'main';

if (
  command === 'main' &&
  fs.existsSync(path.join(webSrc, 'index.html')) &&
  stale(path.join(webSrc, 'dist/index.html'), [path.join(webSrc, 'src'), domainSrc])
)
  run('the web app', ['run', 'build', '-w', 'packages/web']);
if (stale(path.join(serverDir, 'dist/main.js'), [path.join(serverDir, 'src'), domainSrc]))
  run('the server', ['run', 'build', '-w', 'packages/server']);

const args = process.argv.slice(3).filter((a, i) => !(i === 0 && a === '--'));
const child = spawn(process.execPath, ['--enable-source-maps', `dist/${command}.js`, ...args], {
  cwd: serverDir,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
