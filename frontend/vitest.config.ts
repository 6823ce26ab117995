import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { alias, fsAllow } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: { fs: { allow: fsAllow } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A test walks whole screens (lazy chunks, several requests): on a machine busy with the server and
    // browser suites that takes longer than vitest's 5 s default. Each step still waits on a condition.
    testTimeout: 30_000,
  },
});
