import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

/** `npm run lint` keeps imports flowing one way (eslint.config.mjs) and free of cycles (scripts/check-import-cycles.mjs). */
const root = path.resolve(__dirname, '..');
const run = promisify(execFile);

describe('layering rules in npm run lint', () => {
  const eslint = new ESLint({ cwd: root });
  const restrictedPaths = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  };

  it('fails a package that imports an app', async () => {
    const messages = await restrictedPaths(
      'packages/runtime/src/wrong-way.ts',
      "export { CrawlsService } from '../../../backend/src/modules/crawls/crawls.service';\n",
    );
    expect(messages).toEqual([expect.stringContaining('Packages never import an app')]);
  });

  it('fails the backend importing the worker, and a frontend feature importing another', async () => {
    expect(
      await restrictedPaths('backend/src/wrong-way.ts', "export { createWorkerApp } from '../../worker/src/worker-app';\n"),
    ).toEqual([expect.stringContaining('never import each other')]);
    expect(
      await restrictedPaths('frontend/src/features/alerts/wrong-way.ts', "export * from '@/features/vendors/api/get-vendor';\n"),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('passes the same imports the right way round', async () => {
    expect(await restrictedPaths('backend/src/right-way.ts', "export { JOBS } from '@vendorwatch/runtime';\n")).toEqual([]);
    expect(await restrictedPaths('frontend/src/features/alerts/right-way.ts', "export * from '@/lib/api-client';\n")).toEqual([]);
  });

  it('fails a cycle of type-only imports', async () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(path.join(tree, 'packages/db/src'), { recursive: true });
      writeFileSync(path.join(tree, 'tsconfig.test.json'), JSON.stringify({ include: ['packages/*/src/**/*.ts'] }));
      writeFileSync(path.join(tree, 'packages/db/src/a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
      writeFileSync(path.join(tree, 'packages/db/src/b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
      const failure = await run('node', [path.join(root, 'scripts/check-import-cycles.mjs'), '--root', tree]).catch(
        (error: Error) => error,
      );
      expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('packages/db/src/a.ts') });
      writeFileSync(path.join(tree, 'packages/db/src/b.ts'), 'export type B = { name: string };\n');
      await expect(run('node', [path.join(root, 'scripts/check-import-cycles.mjs'), '--root', tree])).resolves.toBeDefined();
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
