import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root, which the test roots below are relative to. */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..');

/** Where server-side tests live (test-support/jest/tiers.js `roots`). */
const TEST_ROOTS = ['backend/src', 'worker/src', 'packages', 'test-support'];

/** The integration tier's file names (test-support/jest/integration.config.js); every other `*.test.ts` is a unit test. */
export const isIntegrationTest = (file: string) => /\.(int|api)\.test\.ts$/.test(file);

/**
 * Imports that reach PostgreSQL, Redis or a whole app: a unit test that needs one of them belongs in
 * the integration tier (rename it `*.int.test.ts`).
 */
const SERVICE_HELPERS: { pattern: RegExp; what: string }[] = [
  {
    pattern: /^@vendorwatch\/db\/testing$|\/db\/src\/testing(\/|$)|\/testing\/test-database$/,
    what: 'the database test helpers',
  },
  { pattern: /(^|\/)redis-server$/, what: 'the Redis server helper' },
  { pattern: /(^|\/)(ioredis|bullmq|pg|@electric-sql\/pglite)$/, what: 'a database or Redis client' },
  { pattern: /\/testing\/(test-app|auth-test-app|api-process|worker-harness|worker-process)$/, what: 'an app test harness' },
];
/** Names that the `test-support` index re-exports from those helpers. */
const SERVICE_HELPER_NAMES =
  /\b(createTestDatabase|ensureTemplateDatabase|buildDatabaseOnce|startRedisServer|withAdmin|withClient)\b/;

/**
 * Every module specifier a source file imports, requires or re-exports, as TypeScript's own pre-processor
 * reads them: code quoted inside a string (a lint test's example file) is not an import.
 */
export function importedSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** Why a unit test may not import what it imports, or none when it may. */
export function serviceImports(source: string): string[] {
  const reasons = importedSpecifiers(source).flatMap((specifier) =>
    SERVICE_HELPERS.filter(({ pattern }) => pattern.test(specifier)).map(({ what }) => `${specifier} (${what})`),
  );
  const named = source.match(SERVICE_HELPER_NAMES);
  if (named) reasons.push(`${named[1]} (a database or Redis test helper)`);
  return reasons;
}

/** The unit tier's test files, relative to the repository root. */
export function unitTestFiles(root = REPOSITORY_ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(relative);
      } else if (entry.name.endsWith('.test.ts') && !isIntegrationTest(entry.name)) files.push(relative);
    }
  };
  for (const dir of TEST_ROOTS) walk(dir);
  return files;
}

/** This check's own test quotes such imports as examples. */
const SELF = path.join('test-support', 'test-tiers.test.ts');

/** Unit tests that import a database or Redis helper, each with what it imports. */
export function misplacedUnitTests(root = REPOSITORY_ROOT): { file: string; imports: string[] }[] {
  return unitTestFiles(root)
    .filter((file) => file !== SELF)
    .map((file) => ({ file, imports: serviceImports(readFileSync(path.join(root, file), 'utf8')) }))
    .filter(({ imports }) => imports.length > 0);
}
