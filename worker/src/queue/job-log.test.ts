import { Logger } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { storage, Store } from 'nestjs-pino/storage';
import { JobLog } from './job-log';

type Line = Record<string, unknown>;

/**
 * The app's logging as the worker sets it up (nestjs-pino's Logger behind Nest's), writing into `lines`;
 * the time stamp left out, as two lines written a moment apart differ in it.
 */
function appLogging() {
  const lines: Line[] = [];
  const pino = new PinoLogger({
    pinoHttp: [{ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) }],
  });
  Logger.overrideLogger(new NestPinoLogger(pino, {}));
  const take = () => lines.splice(0).map(({ time: _time, ...rest }) => rest);
  return { root: pino.logger, take };
}

const JOB = { jobId: '42', job: 'crawl', attempt: 2 };

describe('JobLog', () => {
  const { root, take } = appLogging();

  it("writes the lines Nest's Logger wrote inside the job's nestjs-pino store, without one", () => {
    const failure = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    // What a class wrote through Nest's Logger, and what it writes now through the job's log.
    const calls: [what: string, nest: (log: Logger) => void, job: (log: JobLog) => void][] = [
      ['log', (log) => log.log('Job crawl 42 started'), (log) => log.log('Job crawl 42 started')],
      ['warn', (log) => log.warn('Crawl 42: unreachable'), (log) => log.warn('Crawl 42: unreachable')],
      ['debug', (log) => log.debug('Job crawl 42 finished'), (log) => log.debug('Job crawl 42 finished')],
      ['error, an Error', (log) => log.error('Crawl 42 failed', failure.stack), (log) => log.error('Crawl 42 failed', failure)],
      ['error, a thrown string', (log) => log.error('Crawl 42 failed', 'no'), (log) => log.error('Crawl 42 failed', 'no')],
      ['error alone', (log) => log.error('Crawl 42 failed'), (log) => log.error('Crawl 42 failed')],
    ];
    for (const [what, nest, job] of calls) {
      storage.run(new Store(root.child(JOB)), () => nest(new Logger('CrawlJobHandler')));
      const before = take();
      job(new JobLog(root.child(JOB), 'CrawlJobHandler'));
      expect({ what, lines: take() }).toEqual({ what, lines: before });
      expect(before).toEqual([
        expect.objectContaining({ ...JOB, context: 'CrawlJobHandler', msg: expect.stringMatching(/^(Job crawl|Crawl) 42/) }),
      ]);
    }
    expect(storage.getStore()).toBeUndefined();
  });

  it("writes a collaborator's lines under its own class name, with the job's id", () => {
    const log = new JobLog(root.child(JOB), 'CrawlJobHandler');
    log.as('AfterCrawl').error('Crawl 42: assessment failed: boom', new Error('boom'));
    log.log('Job crawl 42 finished');
    expect(take()).toEqual([
      expect.objectContaining({
        ...JOB,
        level: 50,
        context: 'AfterCrawl',
        msg: 'Crawl 42: assessment failed: boom',
        err: expect.objectContaining({ stack: expect.stringMatching(/^Error: boom\n\s+at /) }),
      }),
      expect.objectContaining({ ...JOB, level: 30, context: 'CrawlJobHandler', msg: 'Job crawl 42 finished' }),
    ]);
  });
});
