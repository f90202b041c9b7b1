import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { fileURLToPath } from 'node:url';

/**
 * Import rules of DESIGN.md section 3:
 * - domain imports nothing of ours;
 * - server: routes -> service -> repository -> platform; a feature reaches another only through its service;
 * - web: shared (components, lib, i18n) -> features -> app; features do not import each other.
 */
/** One no-restricted-imports block for a set of files (later blocks would override, so one per glob). */
function restrict(files, [group, message]) {
  return [
    { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/test-output/**',
      'packages/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs', '*.js', '.ci/**/*.js'], languageOptions: { globals: globals.node } },
  // loaded with require() by eslint-module-utils
  {
    files: ['scripts/**/*.cjs'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // inlined into index.html as a classic script: a function expression the build calls with its config
  {
    files: ['packages/web/boot/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['packages/**/*'],
      // the node resolver with TS extensions resolves the web's extensionless imports; the server's and
      // the domain's ".js" specifiers of ".ts" sources go through scripts/eslint-resolver-ts.cjs
      'import/resolver': {
        [fileURLToPath(new URL('./scripts/eslint-resolver-ts.cjs', import.meta.url))]: {},
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
      },
      'boundaries/elements': [
        { type: 'domain', pattern: 'packages/domain/src' },
        { type: 'server-feature', pattern: 'packages/server/src/features/*', capture: ['feature'] },
        { type: 'server-platform', pattern: 'packages/server/src/platform' },
        { type: 'web-app', pattern: 'packages/web/src/app' },
        { type: 'web-feature', pattern: 'packages/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'packages/web/src/{components,lib,i18n,config,hooks,theme}' },
      ],
      // a server feature's public face (*.service.ts, *.types.ts): the only files another feature may import
      'boundaries/files': [
        { category: 'feature-api', pattern: 'packages/server/src/features/**/*.{service,types}.ts' },
        // pure role rules that auth shares, bound for packages/domain/src/policies
        { category: 'feature-api', pattern: 'packages/server/src/features/users/user-permissions.ts' },
        { category: 'source', pattern: 'packages/**/*' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { from: { element: { type: 'domain' } }, disallow: { to: { element: { type: '!domain' } } } },
            {
              from: { element: { type: 'server-platform' } },
              disallow: { to: { element: { type: 'server-feature' } } },
            },
            // across server features, only *.service.ts and *.types.ts (DESIGN.md section 3)
            {
              from: { element: { type: 'server-feature' } },
              disallow: {
                to: {
                  element: { type: 'server-feature', captured: { feature: '!{{ from.captured.feature }}' } },
                  file: { categories: { noneOf: ['feature-api'] } },
                },
              },
              message: 'Another feature only through its *.service.ts (or *.types.ts).',
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: { type: 'web-feature', captured: { feature: '!{{ from.captured.feature }}' } },
                },
              },
            },
          ],
        },
      ],
      'no-restricted-imports': 'off',
    },
  },
  // server file roles (DESIGN.md section 3): routes -> service -> repository -> platform
  ...restrict('packages/server/src/features/**/*.routes.ts', [
    ['kysely', 'pg', '**/platform/db/**', './*.repository*', '../*/*.repository*', '../*/*.routes*'],
    'Routes never write SQL; another feature only through its service.',
  ]),
  ...restrict('packages/server/src/features/**/*.service.ts', [
    ['fastify', 'fastify/*', '@fastify/*', './*.routes*', '../*/*.repository*', '../*/*.routes*', 'pg'],
    'Services never see the request nor write SQL; another feature only through its service.',
  ]),
  ...restrict('packages/server/src/features/**/*.repository.ts', [
    [
      'fastify',
      'fastify/*',
      '@fastify/*',
      './*.service*',
      './*.routes*',
      '../*/*.service*',
      '../*/*.routes*',
      '../*/*.repository*',
    ],
    'Repositories hold SQL only and import no other layer.',
  ]),
  ...restrict('packages/server/src/features/**/*.{jobs,presenter}.ts', [
    ['../*/*.repository*', '../*/*.routes*', 'kysely'],
    'Jobs and presenters call services.',
  ]),
  ...restrict('packages/server/src/platform/**/*.ts', [['**/features/**'], 'The platform knows no feature.']),
  // web shared code (boundaries above forbids features and app; this names the rule where it is most tempting)
  ...restrict('packages/web/src/{components,lib,i18n,config,hooks,theme}/**/*.{ts,tsx}', [
    ['**/features/**', '**/dashboard-store*'],
    'Shared web code (src/components, src/lib, ...) imports no feature and not the dashboard store: other screens reuse it. Pass data and callbacks in as props.',
  ]),
  ...restrict('packages/domain/src/**/*.ts', [
    [
      'node:*',
      'fastify',
      'kysely',
      'pg',
      'react',
      'react-dom',
      '@mui/*',
      '@footfall/server',
      '@footfall/web',
      '**/server/**',
      '**/web/**',
    ],
    'The domain package is isomorphic and imports nothing of ours.',
  ]),
  {
    // no file but the config module reads process.env
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['packages/server/src/config/**', 'packages/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from the config module.' },
      ],
    },
  },
);
