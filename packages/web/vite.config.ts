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
 * Writes a .br and a .gz beside each text file of the build (JS, CSS, SVG, JSON, the HTML page) of 1 KiB or more;
 * the server sends them to browsers that accept the encoding (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'footfall:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(fileName)) continue;
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

/**
 * Inlines boot/early-boot.js into index.html with the built file names it needs: the language chunks
 * (with their date and MUI locales), the dashboard chunk with its imports and style sheets. The Latin Inter
 * font is preloaded too, since every page shows text in it. The server allows the inline script by
 * its hash (packages/server/src/platform/http/web-app.ts).
 */
/** The language cookie's name (I18N_COOKIE of packages/domain, which this config cannot import). */
const I18N_COOKIE = 'i18n_redirected';

function earlyBoot(): Plugin {
  return {
    name: 'footfall:early-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const url = (file: string) => `/${file}`;
        const byModule = (suffix: string) =>
          chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix))?.fileName;
        // each language's texts, merged in one chunk (src/i18n/texts-<lang>.ts, see src/i18n/catalogue.ts)
        const locale = (lang: string, dayjsLocale?: string) =>
          [
            byModule(`src/i18n/texts-${lang}.ts`),
            dayjsLocale && byModule(`dayjs/locale/${dayjsLocale}.js`),
            dayjsLocale && byModule(`src/theme/mui-locales/${lang}.ts`),
          ]
            .filter((f): f is string => !!f)
            .map(url);
        const dashboard = chunks.find((c) => c.name === 'dashboard');
        const desktop = chunks.find((c) => c.name === 'dashboard-desktop');
        if (!dashboard || !desktop) throw new Error('early boot: no dashboard chunks in the build');
        const entry = chunks.find((c) => c.isEntry)?.fileName;
        const shared = new Set([entry, dashboard.fileName, ...dashboard.imports]);
        const config = {
          cookie: I18N_COOKIE,
          locales: { en: locale('en'), fr: locale('fr', 'fr-ca'), es: locale('es', 'es') },
          dashboard: {
            js: [dashboard.fileName, ...dashboard.imports.filter((f) => f !== entry)].map(url),
            css: [...(dashboard.viteMetadata?.importedCss ?? [])].map(url),
            // preloaded only from the desktop width (MOBILE_BREAKPOINT_PX of packages/domain)
            desktop: {
              minWidth: 1246,
              js: [desktop.fileName, ...desktop.imports.filter((f) => !shared.has(f))].map(url),
              css: [...(desktop.viteMetadata?.importedCss ?? [])].map(url),
            },
          },
        };
        if (
          config.locales.en.length !== 1 ||
          config.locales.fr.length !== 3 ||
          config.locales.es.length !== 3
        )
          throw new Error(`early boot: language chunks not found (${JSON.stringify(config.locales)})`);
        const font = Object.values(bundle).find(
          (a) => a.type === 'asset' && /inter-latin-wght-normal-[\w-]+\.woff2$/.test(a.fileName),
        );
        const source = fs
          .readFileSync(path.resolve(__dirname, 'boot/early-boot.js'), 'utf8')
          .replace(/^\/\*[\s\S]*?\*\/\s*/, '') // the header comment stays in the source file
          .trim();
        return [
          ...(font
            ? [
                {
                  tag: 'link',
                  attrs: {
                    rel: 'preload',
                    href: url(font.fileName),
                    as: 'font',
                    type: 'font/woff2',
                    crossorigin: '',
                  },
                  injectTo: 'head' as const,
                },
              ]
            : []),
          {
            tag: 'script',
            children: `${source}\nfootfallEarlyBoot(${JSON.stringify(config)});`,
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/**
 * The modules of the routes a dashboard URL renders at any width (and, by default, everything they
 * import): the responsive switch, the mobile frame and the page with its mobile column.
 */
const DASHBOARD_ROUTE_MODULES =
  /src[\\/](app[\\/]layouts[\\/](responsive-layout|mobile-layout)|features[\\/]dashboard[\\/]components[\\/]dashboard-page)\.tsx$/;
/** What only the desktop adds: its layout, the side pane with the tree, the grid (react-grid-layout). */
const DESKTOP_DASHBOARD_MODULES =
  /src[\\/](app[\\/]layouts[\\/]desktop-dashboard-layout|features[\\/]dashboard[\\/]components[\\/](dashboard-side-pane|widget-grid))\.tsx$/;

/** The mobile filter's controls (features/dashboard/components/mobile/mobile-filter-body.tsx). */
const MOBILE_FILTER_BODY =
  /src[\\/]features[\\/]dashboard[\\/]components[\\/]mobile[\\/]mobile-filter-body\.tsx$/;

export default defineConfig({
  plugins: [react(), precompress(), earlyBoot()],
  define: { __APP_BUILD__: JSON.stringify(buildId()) },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        /*
         * Fewer, larger files on the first load: over HTTP/1.1 (6 connections) sixty small chunks cost
         * round trips that one file does not. Everything the entry needs is one chunk; the signed-in
         * dashboard at any width (responsive switch, mobile frame, page, their MUI parts) another, which
         * the other signed-in pages share; what only the desktop adds (its shell, side pane, grid) a
         * third, which a phone never loads. Charts, date pickers and languages stay separate and lazy.
         */
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'dashboard', test: DASHBOARD_ROUTE_MODULES, priority: 2 },
            // the mobile filter's controls, loaded when it opens: with what they share with the desktop
            // (switches...), which the desktop then takes from this small chunk, not the reverse
            { name: 'mobile-filter-body', test: MOBILE_FILTER_BODY, priority: 1.5 },
            { name: 'dashboard-desktop', test: DESKTOP_DASHBOARD_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w packages/web` talks to a server started with `npm start` (port 5000)
    proxy: {
      '/api': 'http://localhost:5000',
      '/authentication': 'http://localhost:5000',
      '/signalr': { target: 'http://localhost:5000', ws: true },
    },
  },
});
