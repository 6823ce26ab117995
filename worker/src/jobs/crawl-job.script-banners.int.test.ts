import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ComplianceAssessmentsRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  WorkspacesRepository,
} from '@vendorwatch/db';
import { VendorInventories } from '@vendorwatch/runtime';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

interface Request {
  path: string;
  range: string | undefined;
  startedAt: number;
  finishedAt: number;
}

/** A local server answering `routes` (path → content type and body), recording each request and its Range header. */
async function serve(routes: (base: string) => Record<string, [string, string]>) {
  const requests: Request[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://server').pathname;
    const request: Request = { path, range: req.headers.range, startedAt: Date.now(), finishedAt: 0 };
    requests.push(request);
    res.on('finish', () => (request.finishedAt = Date.now()));
    const route = routes(base)[path];
    if (!route) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    // Like many servers, no Range support: the whole body comes back, and the reader cuts it.
    res.writeHead(200, { 'content-type': route[0] }).end(route[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const BOOTSTRAP =
  '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n * Copyright 2011-2016 Twitter, Inc.\n * Licensed under the MIT license\n */\n' +
  `+function(a){"use strict";a.fn.emulateTransitionEnd=function(){return this}}(jQuery);${'/* padding */'.repeat(800)}`;
const JQUERY =
  '/*! jQuery v1.12.4 | (c) jQuery Foundation | jquery.org/license */\n!function(a,b){a.jQuery=a.$=function(){}}(window);';

const page = (title: string, scripts: string[], body = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${scripts.map((src) => `<script src="${src}"></script>`).join('')}</head><body>${body}</body></html>`;

/**
 * Issue 38, deliverable 3: the http method runs no script, yet reads the first bytes of each script a page
 * loads — same-site and third-party, once per crawl, in each host's turn — so a library known only by its
 * banner is found without a browser: here Bootstrap 3.3.7, in a script whose URL says nothing of it.
 */
describe('the http method reads the banners of the scripts the pages load', () => {
  let harness: WorkerHarness;
  let thirdParty: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  const DELAY_MS = 150;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    thirdParty = await serve(() => ({ '/widget/v2/loader.js': ['text/javascript', JQUERY] }));
    site = await serve(() => ({
      '/': [
        'text/html',
        page('Home', ['/static/js/vendor.js', `${thirdParty.url}/widget/v2/loader.js`], '<a href="/about">About</a>'),
      ],
      '/about': ['text/html', page('About', ['/static/js/vendor.js', '/static/js/app.js'], '<a href="/">Home</a>')],
      '/static/js/vendor.js': ['text/javascript', BOOTSTRAP],
      '/static/js/app.js': ['text/javascript', '!function(){"use strict";window.app={}}();'],
    }));
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all([site.close(), thirdParty.close()]);
  });

  it('finds Bootstrap 3.3.7 by its banner alone, reading each script once with a ranged request, politely', async () => {
    const { userId, vendorId } = await harness.createUser();
    const db = harness.database.db;
    const assessments = new ComplianceAssessmentsRepository(db);
    const id = await harness.startCrawl({
      method: 'http',
      targetUrl: `${site.url}/`,
      settings: { crawlDelay: DELAY_MS, maxRetries: 1, waitTime: 0 },
      userId,
      vendorId,
    });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    const workspaceId = (await new WorkspacesRepository(db).personalOf(userId))!.workspaceId;
    const assessment = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, 'the assessment');

    const inventories = new VendorInventories(new CrawlInventoriesRepository(db), assessments, new CrawlJobsRepository(db));
    const software = (await inventories.software(workspaceId, vendorId))!;
    const byComponent = Object.fromEntries(software.libraries.map((library) => [library.component, library]));
    expect(byComponent.bootstrap).toMatchObject({
      version: '3.3.7',
      evidence: [{ kind: 'banner', source: `${site.url}/static/js/vendor.js` }],
      pagesTotal: 2,
    });
    // The third party's script is read too, in its own host's turn.
    expect(byComponent.jquery).toMatchObject({
      version: '1.12.4',
      evidence: [{ kind: 'banner', source: `${thirdParty.url}/widget/v2/loader.js` }],
    });
    const check = (await assessments.checkResults(assessment.id)).find((result) => result.checkId === 'vulnerable-js-libraries')!;
    expect(check.outcome).toBe('fail');
    expect(check.summary).toMatch(/bootstrap 3\.3\.7/);

    // The banner is stored on the first page that loaded the script, cut to its first 1 024 characters.
    const home = (await harness.pages(id)).find((stored) => new URL(stored.url).pathname === '/')!;
    expect(home.document!.scriptBanners).toEqual([
      { url: `${site.url}/static/js/vendor.js`, banner: BOOTSTRAP.slice(0, 1024) },
      { url: `${thirdParty.url}/widget/v2/loader.js`, banner: JQUERY },
    ]);

    // Each script once in the crawl, asked for by its first 4 KB only.
    const scripts = [...site.requests, ...thirdParty.requests].filter((request) => request.path.endsWith('.js'));
    expect(scripts.map((request) => [request.path, request.range]).sort()).toEqual([
      ['/static/js/app.js', 'bytes=0-4095'],
      ['/static/js/vendor.js', 'bytes=0-4095'],
      ['/widget/v2/loader.js', 'bytes=0-4095'],
    ]);
    // Scripts wait their host's turn like pages: no two requests to the site closer than the crawl's delay.
    const timeline = [...site.requests].sort((a, b) => a.startedAt - b.startedAt);
    const tooClose = timeline
      .slice(1)
      .map((request, i) => ({ gap: request.startedAt - timeline[i]!.finishedAt, pair: `${timeline[i]!.path} → ${request.path}` }))
      .filter(({ gap }) => gap < DELAY_MS);
    expect(tooClose).toEqual([]);
  });
});
