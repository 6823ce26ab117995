import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Tests and their helpers may put apps side by side (an API test runs a worker); the rules below are for shipped code. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'test-support/**', 'e2e/**', 'bench/**'];
const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which way imports flow (see README, Layout): apps above packages, never sideways; in the frontend
 * app → features → components → lib. `scripts/check-import-cycles.mjs` (run by `npm run lint`) forbids
 * cycles, type-only imports included, which import-x/no-cycle does not see.
 */
const LAYERS = [
  { target: 'packages', from: ['backend', 'worker', 'frontend'], message: 'Packages never import an app.' },
  { target: 'backend', from: 'worker', message: 'The backend and the worker never import each other: share through packages.' },
  { target: 'worker', from: 'backend', message: 'The backend and the worker never import each other: share through packages.' },
  {
    target: 'worker/src/queue',
    from: 'worker/src/jobs',
    message: 'Queue plumbing runs handlers it is given; it never imports them.',
  },
  {
    target: 'worker/src/crawl-engine',
    from: ['worker/src/jobs', 'worker/src/queue'],
    message: 'The crawl engine knows nothing of jobs and queues: the handlers drive it.',
  },
  {
    target: 'frontend',
    from: 'packages',
    except: ['./contracts'],
    message: 'The frontend imports only @vendorwatch/contracts from packages.',
  },
  {
    target: 'frontend/src/lib',
    from: 'frontend/src/components',
    message: 'lib sits below components: pass a component in (a prop) instead of importing it.',
  },
  {
    target: ['frontend/src/lib', 'frontend/src/components'],
    from: ['frontend/src/features', 'frontend/src/app'],
    message: 'lib and components are shared below features and app: they never import them.',
  },
  ...FEATURES.map((feature) => ({
    target: `frontend/src/features/${feature}`,
    from: 'frontend/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to lib or components.',
  })),
];

/** The queue gateway is the only door to BullMQ's queues: everything else asks JobQueues (packages/runtime/src/queue). */
const QUEUE_DOOR = 'Only JobQueues (packages/runtime/src/queue) touches BullMQ queues and jobs: ask it for what you need.';
const BULLMQ_QUEUES = { name: 'bullmq', importNames: ['Queue', 'QueueEvents', 'FlowProducer', 'Job'], message: QUEUE_DOOR };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'bench/.site/**',
      'bench/.scratch/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest injects by constructor parameter types; those imports must stay value imports.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.{ts,mts,mjs}'],
    // Tests may watch a queue from outside (createQueue), as an operator's dashboard does; shipped code may not.
    rules: { 'no-restricted-imports': ['error', { paths: [BULLMQ_QUEUES] }] },
  },
  {
    files: ['backend/**/*.ts', 'worker/**/*.ts', 'packages/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            BULLMQ_QUEUES,
            {
              name: '@vendorwatch/runtime',
              importNames: ['createQueue', 'createQueueEvents', 'TypedQueue'],
              message: QUEUE_DOOR,
            },
          ],
          patterns: [{ group: ['**/queue/queues'], message: QUEUE_DOOR }],
        },
      ],
    },
  },
  {
    files: ['packages/runtime/src/queue/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The frontend may import shared contracts, never server code.
      'no-restricted-imports': [
        'error',
        { patterns: ['@vendorwatch/db*', '@vendorwatch/runtime*', '**/backend/**', '**/worker/**'] },
      ],
    },
  },
  {
    // Waits on a machine busy with the server and browser suites: never vitest's 1 s default, never a
    // ceiling under 5 s. Testing Library's waits default to 10 s (frontend/src/testing/setup.ts).
    files: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^wait(For|Until)$/][arguments.length<2]",
          message: 'vi.waitFor/waitUntil give up after 1 s by default: pass LOADED_MACHINE (@/testing/wait).',
        },
        {
          selector: "Property[key.name='timeout'][value.type='Literal'][value.value<5000]",
          message: 'A wait under 5 s gives up on a loaded machine: use WAIT_MS (@/testing/wait) or leave the 10 s default.',
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      // Contracts are browser-safe: no Node built-ins, no server packages.
      'no-restricted-imports': ['error', { patterns: ['node:*', '@vendorwatch/db*', '@vendorwatch/runtime*'] }],
    },
  },
  {
    files: ['backend/**/*.ts', 'worker/**/*.ts', 'packages/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.test.json', 'frontend/tsconfig.json'].map((file) => `${import.meta.dirname}/${file}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }] },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
