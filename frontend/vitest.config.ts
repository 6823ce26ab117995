import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { alias, fsAllow } from './vite.config.ts';

/** Test files (each project lists its own: `extends` concatenates lists) that replace a module with `vi.mock`: without isolation the mock would outlive the file. */
const MOCKS_MODULES = ['src/lib/api-client.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: { fs: { allow: fsAllow } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    maxWorkers: 2,
    // A test walks whole screens (lazy chunks, several requests): on a machine busy with the server and
    // browser suites that takes longer than vitest's 5 s default. Each step still waits on a condition.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        // One jsdom and one module graph per worker, not per file: a fresh Mantine and jsdom for each of
        // ~50 files cost three of the tier's four minutes. The setup file's afterEach resets what screens
        // share (rendered trees, toasts, local storage).
        test: {
          name: 'screens',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKS_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocked-modules', include: MOCKS_MODULES } },
    ],
  },
});
