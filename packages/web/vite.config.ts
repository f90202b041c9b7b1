import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';

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

export default defineConfig({
  plugins: [react()],
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
