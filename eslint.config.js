import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import nextPlugin from '@next/eslint-plugin-next';

// Boundaries the code keeps (ARCHITECTURE §1, §4), checked here so they hold as the code grows:
// - no import cycles anywhere;
// - a storefront feature never imports another feature (shared pieces live in components/ or lib/);
// - an API module uses another module only through its services and directories; route files hold no SQL;
// - process.env is read only by each app's config module.

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const webFeatures = dirs('./apps/web/src/features/');
const apiModules = dirs('./apps/api/src/modules/');
/** What a module offers other modules: its services and its cached directories. */
const publicFiles = (mod) =>
  readdirSync(new URL(`./apps/api/src/modules/${mod}/`, import.meta.url)).filter((f) =>
    /\.(service|directory)\.ts$/.test(f),
  );

const processEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message:
    'process.env is read only in the config module (apps/api/src/config.ts, apps/web/src/lib/config.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      'data/**',
      'apps/api/drizzle/**',
      '**/next-env.d.ts',
      'artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move what both need to components/ or lib/.',
            })),
            {
              target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/app',
              message: 'Routes (app/) use features, components and lib, never the other way round.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'Shared code (components/, lib/) does not depend on a feature.',
            },
            ...apiModules.map((mod) => ({
              target: `./apps/api/src/modules/${mod}`,
              from: './apps/api/src/modules',
              except: [
                `./${mod}`,
                ...apiModules
                  .filter((m) => m !== mod)
                  .flatMap((m) => publicFiles(m).map((file) => `./${m}/${file}`)),
              ],
              message:
                'A module uses another module only through its services (*.service.ts) and cached directories (*.directory.ts); shared helpers live in lib/ or db/.',
            })),
            {
              target: ['./apps/api/src/lib', './apps/api/src/db'],
              from: './apps/api/src/modules',
              message: 'lib/ and db/ are shared by modules and do not depend on one.',
            },
            {
              target: './packages/contract/src',
              from: './apps',
              message: 'The contract does not depend on an app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', 'apps/web/src/lib/config.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', processEnv] },
  },
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'No SQL in route files: call a service.' }],
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/sql', '**/db/client'],
              message: 'No SQL in route files: call a service.',
            },
            { group: ['drizzle-orm/*'], message: 'No SQL in route files: call a service.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        processEnv,
        {
          selector:
            "CallExpression[callee.object.property.name='db'][callee.property.name=/^(execute|select|selectDistinct|insert|update|delete|transaction)$/]",
          message: 'No SQL in route files: call a service.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: 'apps/web/' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      // Product and banner images come pre-sized (WebP, fixed dimensions) from the API's media pipeline and are
      // served same-origin with immutable caching; next/image would resize them a second time on every miss.
      '@next/next/no-img-element': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
