import { misplacedUnitTests, serviceImports, unitTestFiles } from './test-tiers';

describe('test tiers', () => {
  it('keeps every unit test free of the database and Redis helpers (such a test is named *.int.test.ts)', () => {
    expect(misplacedUnitTests()).toEqual([]);
  });

  it('finds the unit tests by name: neither *.int.test.ts nor *.api.test.ts', () => {
    const files = unitTestFiles();
    expect(files).toContain('worker/src/crawl-engine/loop/crawler.test.ts');
    expect(files).not.toContain('worker/src/jobs/crawl-job.cancel.int.test.ts');
    expect(files).not.toContain('backend/src/modules/crawls/crawls.api.test.ts');
  });

  it('tells a unit test that reaches a service from one that does not', () => {
    expect(serviceImports("import { createTestDatabase } from '@vendorwatch/db/testing';")).toHaveLength(2);
    expect(serviceImports("import { startRedisServer } from '../../test-support';")).toEqual([
      'startRedisServer (a database or Redis test helper)',
    ]);
    expect(serviceImports("import { Redis } from 'ioredis';")).toEqual(['ioredis (a database or Redis client)']);
    expect(serviceImports("const { bootApi } = require('../testing/test-app');")).toHaveLength(1);
    expect(serviceImports("import { startFixtureSite } from '../../test-support';\nimport { scope } from './scope';")).toEqual(
      [],
    );
  });
});
