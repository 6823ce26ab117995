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

  describe('the queue gateway, the only door to BullMQ queues', () => {
    const restrictedImports = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
      return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    const door = expect.stringContaining('Only JobQueues');

    it("fails anything outside JobQueues' folder that imports BullMQ's Queue, QueueEvents, FlowProducer or Job", async () => {
      expect(
        await restrictedImports('worker/src/jobs/wrong-way.ts', "import { Queue } from 'bullmq';\nexport const q = Queue;\n"),
      ).toEqual([door]);
      expect(
        await restrictedImports(
          'packages/runtime/src/crawl-lifecycle/wrong-way.ts',
          "import { FlowProducer, QueueEvents } from 'bullmq';\nexport { FlowProducer, QueueEvents };\n",
        ),
      ).toEqual([door, door]);
      // Tests too: they watch queues through createQueue, never a BullMQ class of their own.
      expect(
        await restrictedImports(
          'backend/src/wrong-way.int.test.ts',
          "import type { Job } from 'bullmq';\nexport type J = Job;\n",
        ),
      ).toEqual([door]);
    });

    it('fails shipped code that makes a queue of its own through the runtime or holds one', async () => {
      expect(
        await restrictedImports(
          'backend/src/wrong-way.ts',
          "import { createQueue } from '@vendorwatch/runtime';\nexport const make = createQueue;\n",
        ),
      ).toEqual([door]);
      expect(
        await restrictedImports(
          'packages/runtime/src/crawl-lifecycle/schedules/wrong-way.ts',
          "import type { TypedQueue } from '../../queue/queues';\nexport type Q = TypedQueue<'crawl'>;\n",
        ),
      ).toEqual([door]);
    });

    it("passes JobQueues' own folder, and BullMQ's errors for the handlers", async () => {
      expect(
        await restrictedImports(
          'packages/runtime/src/queue/right-way.ts',
          "import { Queue } from 'bullmq';\nexport const q = Queue;\n",
        ),
      ).toEqual([]);
      expect(
        await restrictedImports(
          'worker/src/jobs/right-way.ts',
          "import { UnrecoverableError } from 'bullmq';\nexport const e = UnrecoverableError;\n",
        ),
      ).toEqual([]);
    });
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
