import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['packages/contracts/**/*.ts'],
    rules: {
      // Contracts are browser-safe: no Node built-ins, no server packages.
      'no-restricted-imports': ['error', { patterns: ['node:*', '@vendorwatch/db*', '@vendorwatch/runtime*'] }],
    },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
