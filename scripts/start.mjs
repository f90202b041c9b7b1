#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server (embedded PostgreSQL and demo data unless DATABASE_URL is set).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const webSrc = path.join(root, 'packages/web');
const domainSrc = path.join(root, 'packages/domain/src');
const stale =
  !fs.existsSync(dist) ||
  fs.statSync(dist).mtimeMs < Math.max(newestMtime(path.join(webSrc, 'src')), newestMtime(domainSrc));
if (stale && fs.existsSync(path.join(webSrc, 'index.html'))) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'packages/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const child = spawn(tsx, ['src/main.ts'], { cwd: path.join(root, 'packages/server'), stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
