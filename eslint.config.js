// ESLint flat config for the whole monorepo (eslint 10, typescript-eslint 8).
// TypeScript sources use typescript-eslint's strict-type-checked rules through the project service
// (each package's tsconfig.json); plain JS files (scripts, this file) get the untyped rules.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/*.spec.{ts,tsx}',
  '**/test/**',
  '**/fixtures/**',
  '**/__fixtures__/**',
  'e2e/**',
];
const SIZE_OPTIONS = { skipBlankLines: true, skipComments: true };

// ESLint allows one severity and one set of options per rule, but the style guide wants max-lines to
// warn at 300 and fail at 500: the core rule is registered a second time under a local name for the
// warning. Likewise the web's "nothing imports app/" boundary is a second no-restricted-imports, so
// it can leave tests out while each room's own boundaries keep covering them.
const local = {
  rules: {
    'max-lines-soft': builtinRules.get('max-lines'),
    'no-app-imports': builtinRules.get('no-restricted-imports'),
  },
};

/** no-restricted-imports options that forbid any import whose specifier contains `/<folder>/`. */
const forbidFolder = (folder, why) => ({
  patterns: [{ regex: `(^|/)${folder}(/|$)`, message: why }],
});

// Exact names only: a gitignore-style pattern such as `constants` would also match './constants'.
const nodeBuiltinRegex = `^(node:.*|${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/.*)?$`;

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/screenshots/**',
      'e2e/.tmp/**',
      'bench/results/**',
      '.tmp-briefs/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local },
    rules: {
      'max-lines': ['error', { max: 500, ...SIZE_OPTIONS }],
      'local/max-lines-soft': ['warn', { max: 300, ...SIZE_OPTIONS }],
      'max-lines-per-function': ['warn', { max: 60, IIFEs: true, ...SIZE_OPTIONS }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: TS_FILES,
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Config files that no package tsconfig includes are linted against a default project.
          allowDefaultProject: ['*.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },

  // Import boundaries (docs/ARCHITECTURE.md "Boundaries"; test/lint-boundaries.test.ts proves each
  // one fails the lint run): the generic engines never depend on the specific modules, infra on
  // neither, and shared stays free of the two sides, of Node and of React so both can use it.
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: nodeBuiltinRegex, message: 'packages/shared runs in the browser too: no Node built-ins.' },
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'packages/shared must not use React.' },
            {
              regex: '^@mdis/(server|web)(/|$)|(^|/)(server|web)/src(/|$)',
              message: 'packages/shared is used by both sides: it must not import packages/server or packages/web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidFolder('modules', 'The server engine is generic: it must not import from modules/ (register a hook).'),
      ],
    },
  },
  {
    files: ['packages/server/src/infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidFolder(
          '(modules|engine)',
          'infra/ is the plumbing under everything: it must not import from engine/ or modules/.',
        ),
      ],
    },
  },
  {
    files: ['packages/web/src/engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidFolder('features', 'The web engine is generic: it must not import from features/.'),
      ],
    },
  },
  {
    files: ['packages/web/src/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidFolder(
          '(features|engine)',
          'platform/ is the ground floor (API client, session, notifications): it must not import from engine/ or features/.',
        ),
      ],
    },
  },
  // app/ is the composition root: only the entry (main.tsx) and app/ itself import it. Tests may, to
  // render under the root's providers.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/app/**', 'packages/web/src/main.tsx', ...TEST_FILES],
    rules: {
      'local/no-app-imports': [
        'error',
        forbidFolder('app', 'app/ is the composition root: import the API client, session etc. from platform/.'),
      ],
    },
  },
  {
    files: ['packages/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbidFolder('features', 'ui/ holds components every area uses: it must not import from features/.'),
      ],
    },
  },

  // Tests and fixtures may be long; they read better as one flat list of cases.
  {
    files: TEST_FILES,
    rules: {
      'max-lines': 'off',
      'local/max-lines-soft': 'off',
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // fakes of async APIs (fetch, loaders) are often async without awaiting anything
      '@typescript-eslint/require-await': 'off',
    },
  },
);
