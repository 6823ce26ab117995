import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import { isDatabaseUnavailable, withoutQueryText } from '@vendorwatch/db';
import { sql } from 'drizzle-orm';
import { errorMessage, UnexpectedCrawlError } from './errors';

/** What a failed crawl stores (crawl_jobs.error, the page's error) and what BullMQ keeps: never SQL or its parameters. */
describe('database errors in crawl errors', () => {
  let database: TestDatabase;
  const secret = 'user-data-or-a-password-hash';

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const failure = (): Promise<Error> =>
    database.db.execute(sql`select ${secret}::int`).then(
      () => new Error('the statement did not fail'),
      (error: unknown) => error as Error,
    );

  it('keep the driver message, without the statement, the bind parameters or the refused value', async () => {
    const error = await failure();
    expect(error.message).toContain(secret);
    for (const text of [errorMessage(error), new UnexpectedCrawlError('https://a.example/', error).message]) {
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/select|params/);
      expect(text).toMatch(/invalid input syntax for type integer/);
    }
    const passedOn = withoutQueryText(error) as Error;
    expect(`${passedOn.message}\n${passedOn.stack}`).not.toContain(secret);
    expect(isDatabaseUnavailable(passedOn)).toBe(false);
  });
});
