import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Shared with vitest.config.ts so the app and its tests resolve imports the same way. */
export const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  // Contracts are consumed as source: the browser bundle needs no prior `tsc -b` of the package.
  '@vendorwatch/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)),
};

/**
 * What the dev server and vitest may read: the whole repository (its node_modules and packages, and the
 * published methodology, docs/methodology.md, which the Methodology page renders).
 */
export const fsAllow = [fileURLToPath(new URL('..', import.meta.url))];

// The backend serves both the REST API and the Supabase-compatible auth API on one origin.
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: {
    fs: { allow: fsAllow },
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/auth': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // The charts' code (not their styles, imported with the other Mantine styles) is left to the next group.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/](esm|cjs)[\\/])/ },
            // Only the dashboard draws charts: Recharts and what it brings load with that screen, not with the shell.
            { name: 'charts', test: /node_modules[\\/](@mantine[\\/]charts[\\/](esm|cjs)|recharts)[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
