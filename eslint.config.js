// Lint: type-aware rules plus the one-way import directions of docs/architecture.md "Layers" (web →
// domain ← server; the simulator imports nothing of ours; domain stays pure).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webFeatures } from './eslint-rules/web-features.js';

const area = (name) => [`**/${name}`, `**/${name}/**`];
const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
];

/** no-restricted-imports for one area: forbidden sibling areas and packages. */
const restrict = (areas, extra = [], message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: areas.flatMap(area), message },
        ...(extra.length ? [{ group: extra, message }] : []),
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', '.scratch/**', '.sf-cli/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify handlers and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: restrict(
      ['server', 'web', 'simulator'],
      [...nodeBuiltins, 'react', 'react-dom', 'pg', 'jsforce', 'fastify', '@electric-sql/*'],
      'src/domain is pure: it imports nothing of server, web or simulator, and no I/O or UI library.',
    ),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['server', 'simulator'],
        nodeBuiltins,
        'src/web imports only src/domain of ours.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(
      ['web', 'simulator'],
      [],
      'src/server imports only src/domain of ours; only src/main.ts starts the simulator.',
    ),
  },
  {
    // Inside the server imports point down: http → services → (sync, jobs, salesforce, db, live).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/http/**', 'src/server/**/*.test.ts', 'src/server/**/testing/**'],
    rules: restrict(
      ['web', 'simulator'],
      ['../http', '../http/**', '../../http', '../../http/**', '../../../http/**'],
      'Nothing below src/server/http imports from it: errors live in src/server/errors.ts, the actor in src/server/actor.ts.',
    ),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict(
      ['server', 'web', 'simulator'],
      [],
      'The pushboard command line speaks to a console over HTTP: it imports only src/domain of ours.',
    ),
  },
  {
    files: ['src/simulator/**/*.ts'],
    rules: restrict(
      ['server', 'web', 'domain'],
      [],
      'The simulator stands alone like a real Salesforce: it imports nothing of ours.',
    ),
  },
  {
    // SQL lives in src/server/db only: a statement outside it is hidden from whoever changes the
    // schema. Only the server and its entry point reach the database (src/domain, src/web and
    // src/simulator cannot import it, by the rules above), so only they are checked. Tests
    // (*.test.ts and testing/ folders) are exempt: they read the database to check what the code
    // under test wrote.
    files: ['src/server/**/*.ts', 'src/*.ts'],
    ignores: ['src/server/db/**', 'src/**/*.test.ts', 'src/**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['query', 'exec'].map((method) => ({
          // exec() on a regular expression literal is not SQL.
          selector: `CallExpression[callee.property.name='${method}']:not([callee.object.regex])`,
          message: `SQL belongs in src/server/db: write the statement as a named function (SqlClient first) in src/server/db/repositories/, beside its aggregate's other SQL, and call that instead of .${method}().`,
        })),
      ],
    },
  },
  {
    // The web app's features stay apart (docs/architecture.md "Layers": features do not import each
    // other). A file under src/web/features/<a>/ imports from its own feature, from the shared web
    // folders (components for widgets, app for app-wide hooks and state, api for the server and the
    // live channel, testing for test helpers) and from src/domain; from another feature only its
    // index.ts, the few things that feature chose to share (a modal or a cell another screen
    // embeds). Shared widgets and the API layer import no feature at all.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'web-features': webFeatures },
    rules: { 'web-features/boundaries': 'error' },
  },
);
