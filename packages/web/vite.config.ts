import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Build identifier shown in the user menu next to the version: short commit and build date. */
function buildId(): string {
  const date = new Date().toISOString().slice(0, 10);
  try {
    const sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${date}.${sha}`;
  } catch {
    return date;
  }
}

/**
 * Writes a .br and a .gz beside each text file of the build (JS, CSS, SVG, JSON) of 1 KiB or more;
 * the server sends them to browsers that accept the encoding (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'footfall:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const data = Buffer.from(item.type === 'chunk' ? item.code : item.source);
        if (data.length < 1024) continue;
        const file = path.join(dir, fileName);
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_QUALITY]: 10,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_BUILD__: JSON.stringify(buildId()) },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 700 },
  server: {
    // `npm run dev -w packages/web` talks to a server started with `npm start` (port 5000)
    proxy: {
      '/api': 'http://localhost:5000',
      '/authentication': 'http://localhost:5000',
      '/signalr': { target: 'http://localhost:5000', ws: true },
    },
  },
});
