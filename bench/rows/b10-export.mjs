import { fork } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { ROOT, requireFrom } from '../lib/paths.mjs';
import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';

/**
 * B10 — report export of 10 000 check outcomes, per format: ours (the API's streaming exporters,
 * reading PostgreSQL in keyset batches and writing as they go) against a naive build of the same
 * document in memory (every row in one query, then exceljs' non-streaming Workbook + writeBuffer,
 * the PDF collected into one Buffer, the CSV as one string). Each export runs in a fresh process,
 * so its RSS high-water mark (VmHWM) is that export's own peak.
 */

const SELF = fileURLToPath(import.meta.url);
const CHILD_FLAG = '--b10-export';
const OUTCOMES = 10_000;
const FORMATS = ['pdf', 'csv', 'excel'];

// --- The child: one export, then its time and memory figures over IPC. -----------------------------

const backendDist = (file) => path.join(ROOT, 'backend/dist/modules/reports', file);
const vmHwmMb = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function runChild([, contender, format, databaseUrl, workspaceId, file]) {
  requireFrom('backend', 'reflect-metadata');
  const {
    openDatabase,
    ReportsRepository,
    ComplianceAssessmentsRepository,
    CrawlInventoriesRepository,
    CrawlJobsRepository,
    ProgrammeTiersRepository,
    VendorReviewsRepository,
    RiskAcceptancesRepository,
  } = requireFrom('backend', '@vendorwatch/db');
  const { VendorInventories } = requireFrom('backend', '@vendorwatch/runtime');
  const { ReportsService } = requireFrom('backend', backendDist('reports.service.js'));
  const exporters = requireFrom('backend', backendDist('exports/index.js'));
  const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const reports = new ReportsRepository(handle.db);
  // No re-assessment here (no assessor); the app's address only names links in the files.
  const assessments = new ComplianceAssessmentsRepository(handle.db);
  const inventories = new VendorInventories(
    new CrawlInventoriesRepository(handle.db),
    assessments,
    new CrawlJobsRepository(handle.db),
  );
  // The programme's cells (tier, review, open requests, acceptances), wired as ProgrammeModule wires them.
  const programme = (file) => requireFrom('backend', path.join(ROOT, 'backend/dist/modules/programme', file));
  const { ProgrammeTiersService } = programme('tiers/programme-tiers.service.js');
  const { VendorReviewStatusService } = programme('review-status/vendor-review-status.service.js');
  const { ProgrammeOverviewRepository } = programme('overview/programme-overview.repository.js');
  const { VendorProgrammeFacts } = programme('overview/vendor-programme-facts.js');
  const tiers = new ProgrammeTiersService(new ProgrammeTiersRepository(handle.db));
  const programmeFacts = new VendorProgrammeFacts(
    new ProgrammeOverviewRepository(handle.db),
    tiers,
    new VendorReviewStatusService(new VendorReviewsRepository(handle.db), tiers),
  );
  const service = new ReportsService(
    reports,
    assessments,
    null,
    { PUBLIC_URL: 'http://localhost:3000' },
    inventories,
    programmeFacts,
    new RiskAcceptancesRepository(handle.db),
  );
  // The service's logger writes to stdout, which this child does not keep.
  const startRss = rssMb();
  const started = performance.now();
  if (contender === 'ours') {
    const { body } = await service.export(workspaceId, { format, filters: {} });
    await pipeline(body, createWriteStream(file));
  } else {
    await naiveExport({ service, reports, inventories, programmeFacts, exporters, format, workspaceId, file });
  }
  const ms = performance.now() - started;
  const peakMb = vmHwmMb();
  // After the figures: what the heap still holds once collected (a leak shows here, lazy collection does not).
  global.gc?.();
  const heapAfterMb = process.memoryUsage().heapUsed / 1024 / 1024;
  await handle.close();
  process.send({ ms, peakMb, startRss, heapAfterMb, bytes: statSync(file).size });
}

/** The whole document built in memory from every row read at once, then written in one go. */
async function naiveExport({ service, reports, inventories, programmeFacts, exporters, format, workspaceId, file }) {
  const everything = Number.MAX_SAFE_INTEGER;
  const overview = await service.summary(workspaceId, {});
  // The vendors' grades, vulnerable libraries and top third parties, as ours reads them for the CSV and the PDF.
  const summaries = await inventories.summaries(
    workspaceId,
    overview.vendors.map((vendor) => vendor.vendorId),
  );
  const inventoryOf = new Map(summaries.map((summary) => [summary.vendorId, summary]));
  const assessments = [];
  for await (const batch of reports.assessmentBatches(workspaceId, {}, everything)) assessments.push(...batch);
  const evidenceLimit = format === 'pdf' ? exporters.PDF_EVIDENCE_PER_CHECK : 1;
  const outcomes = [];
  for await (const batch of reports.outcomeBatches(
    workspaceId,
    {},
    {
      batchSize: everything,
      evidenceLimit,
      outcomes: format === 'pdf' ? ['fail'] : undefined,
    },
  ))
    outcomes.push(...batch);

  if (format === 'csv') {
    const { stringify } = requireFrom('backend', 'csv-stringify/sync');
    const { CSV_OPTIONS, csvRecord } = requireFrom('backend', backendDist('exports/csv-exporter.js'));
    const text = stringify(
      outcomes.map((row) => csvRecord(row, inventoryOf)),
      CSV_OPTIONS,
    );
    writeFileSync(file, text);
  } else if (format === 'excel') {
    writeFileSync(file, await naiveWorkbook(overview, assessments, outcomes));
  } else {
    // The same layout code as ours, fed everything at once, its output gathered into one Buffer.
    const chunks = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    // Every vendor section's findings read before the first byte, as the PDF prints them.
    const sections = new Map();
    for (const vendor of overview.vendors)
      if (vendor.latestReportId)
        sections.set(
          vendor.latestReportId,
          await reports.assessmentOutcomes(workspaceId, vendor.latestReportId, { outcomes: ['fail', 'warn'], evidenceLimit }),
        );
    const data = {
      generatedAt: new Date(),
      scope: { filters: {}, period: {}, reportId: null },
      vendorName: null,
      overview,
      portfolioFindings: await reports.portfolioFindings(workspaceId, {}, 10),
      inventories: inventoryOf,
      programme: await programmeFacts.forVendors(
        workspaceId,
        overview.vendors.map((vendor) => vendor.vendorId),
      ),
      changes: await reports.changesInPeriod(workspaceId, {}, 2000),
      links: { crawl: (id) => `http://localhost:3000/crawls/${id}`, report: (id) => `http://localhost:3000/reports/${id}` },
      assessments: async function* () {
        yield assessments;
      },
      outcomes: async function* () {
        yield outcomes;
      },
      sectionOutcomes: async (reportId) => sections.get(reportId) ?? [],
    };
    await exporters.REPORT_EXPORTERS.pdf.write(data, sink);
    writeFileSync(file, Buffer.concat(chunks));
  }
}

/** The same four sheets with exceljs' in-memory Workbook, written with writeBuffer(). */
async function naiveWorkbook(overview, assessments, outcomes) {
  const ExcelJS = requireFrom('backend', 'exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = (name, headers) => {
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.addRow(headers).font = { bold: true };
    return worksheet;
  };
  const summary = sheet('Summary', ['Figure', 'Value']);
  summary.addRow(['Vendors assessed', overview.vendorsAssessed]);
  summary.addRow(['Average compliance rate', overview.averageRate / 100]).getCell(2).numFmt = '0.0%';
  summary.addRow(['Pages checked', overview.pagesChecked]);
  const vendors = sheet('Vendors', ['Vendor', 'Latest compliance rate', 'Label', 'Last assessed']);
  for (const v of overview.vendors)
    vendors.addRow([
      v.vendorName,
      v.rate === null ? null : v.rate / 100,
      v.label,
      v.lastAssessedAt && new Date(v.lastAssessedAt),
    ]);
  const sheetOfAssessments = sheet('Assessments', [
    'Report ID',
    'Vendor',
    'Assessed at',
    'Compliance rate',
    'Label',
    'Pages checked',
  ]);
  for (const a of assessments)
    sheetOfAssessments.addRow([a.id, a.vendorName, a.assessedAt, a.rate / 100, a.label, a.pagesChecked]);
  const results = sheet('Check results', [
    'Report ID',
    'Vendor',
    'Assessed at',
    'Check ID',
    'Group',
    'Severity',
    'Outcome',
    'Title',
    'Summary',
    'Evidence count',
    'First evidence URL',
    'First evidence detail',
  ]);
  for (const o of outcomes)
    results.addRow([
      o.assessmentId,
      o.vendorName,
      o.assessedAt,
      o.checkId,
      o.group,
      o.severity,
      o.outcome,
      o.title,
      o.summary,
      o.evidenceTotal,
      o.evidence[0]?.url ?? '',
      o.evidence[0]?.detail ?? '',
    ]);
  for (const [name, column] of [
    ['Vendors', 2],
    ['Assessments', 4],
  ])
    workbook.getWorksheet(name).getColumn(column).numFmt = '0.0%';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

if (process.argv[2] === CHILD_FLAG) {
  runChild(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}

// --- The row: seed, then alternate the contenders. ----------------------------------------------------

/** One export in a fresh process; resolves with its figures. */
function exportInChild({ contender, format, databaseUrl, workspaceId, dir, logFile }) {
  const file = path.join(dir, `${contender}-${format}-${Date.now()}`);
  const out = createWriteStream(logFile, { flags: 'a' });
  return new Promise((resolve, reject) => {
    const child = fork(SELF, [CHILD_FLAG, contender, format, databaseUrl, workspaceId, file], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    let result;
    child.on('message', (message) => (result = message));
    child.on('exit', (code) => {
      rmSync(file, { force: true });
      if (code === 0 && result) resolve(result);
      else reject(new Error(`${contender} ${format} export exited with ${code}; see ${logFile}`));
    });
  });
}

/** `outcomes` check outcomes for one user: 13 checks an assessment, 30 vendors, two months of crawls. */
async function seed(db, outcomes) {
  const { users } = requireFrom('worker', '@vendorwatch/db');
  const { seedAssessment, SAMPLE_CHECKS, insertVendor, personalWorkspaceOf } = requireFrom('worker', '@vendorwatch/db/testing');
  const [user] = await db
    .insert(users)
    .values({ email: `b10-${Date.now()}@example.com`, encryptedPassword: 'x' })
    .returning();
  const vendors = [];
  for (let i = 0; i < 30; i++)
    vendors.push(await insertVendor(db, user.id, { name: `Vendor ${i + 1}`, url: '', description: '' }));
  const checkIds = SAMPLE_CHECKS.map((check) => check.checkId);
  const assessments = Math.ceil(outcomes / checkIds.length);
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < assessments; i++) {
    // A few failing checks each, with up to 50 pieces of evidence: the PDF prints the failures.
    const failing = checkIds.filter((_, c) => (i * 7 + c * 3) % 5 === 0);
    await seedAssessment(db, {
      userId: user.id,
      vendorId: vendors[i % vendors.length].id,
      targetUrl: `https://vendor-${i % vendors.length}.example/`,
      assessedAt: new Date(start + i * 2 * 3_600_000),
      failing,
      evidencePerFailure: 5 + (i % 46),
      pagesChecked: 20 + (i % 80),
    });
  }
  // Reports are read per workspace: the user's rows are in their personal one.
  return { workspaceId: await personalWorkspaceOf(db, user.id), outcomes: assessments * checkIds.length };
}

export default {
  id: 'B10',
  async run(ctx) {
    const { createTestDatabase } = requireFrom('worker', '@vendorwatch/db/testing');
    const database = await createTestDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vw-b10-'));
    // Flat memory means the same peak for a period k times larger: ours runs on both.
    const scale = ctx.quick ? 2 : 4;
    const outcomes = ctx.size({ full: OUTCOMES, quick: OUTCOMES, smoke: 500 });
    try {
      ctx.log(`B10: seeding ${outcomes} and ${scale * outcomes} check outcomes`);
      const base = await seed(database.db, outcomes);
      const large = ctx.smoke ? base : await seed(database.db, scale * outcomes);
      const run = (contender, format, owner) => async () => {
        const result = await exportInChild({
          contender,
          format,
          databaseUrl: database.url,
          workspaceId: owner.workspaceId,
          dir,
          logFile: ctx.logFile('b10-export'),
        });
        return { value: result.ms, ...result };
      };
      const lines = [];
      const raw = {};
      for (const format of FORMATS) {
        const results = await alternate({
          warmup: ctx.warmup,
          rounds: ctx.rounds,
          log: (m) => ctx.log(`B10 ${format}: ${m} ms`),
          contenders: [
            { name: 'ours', run: run('ours', format, base) },
            { name: 'naive', run: run('naive', format, base) },
            // The same code on a larger period: a smoke run has ours run once per format.
            ...(ctx.smoke ? [] : [{ name: 'oursLarge', run: run('ours', format, large) }]),
          ],
        });
        raw[format] = results;
        const measured = (name, key) => (results[name]?.rounds ?? []).filter((r) => !r.warmup).map((r) => r[key]);
        const median = (name, key) => summarize(measured(name, key)).median;
        const peakRatio = ratios(measured('ours', 'peakMb'), measured('naive', 'peakMb'));
        const growth = ratios(measured('oursLarge', 'peakMb'), measured('ours', 'peakMb'));
        const at = `${format}, ${base.outcomes} outcomes`;
        lines.push(
          {
            row: 'B10',
            case: `export ${at}: time`,
            unit: 'ms',
            ours: summarize(measured('ours', 'ms')),
            peer: { name: 'in memory', summary: summarize(measured('naive', 'ms')) },
            ratio: { label: 'ours÷in memory', summary: ratios(measured('ours', 'ms'), measured('naive', 'ms')) },
            target: '–',
            met: null,
            note: `file ${(median('ours', 'bytes') / 1024 / 1024).toFixed(1)} MB; each export in a fresh process`,
          },
          {
            row: 'B10',
            case: `export ${at}: peak RSS of the exporting process`,
            unit: 'MB',
            ours: summarize(measured('ours', 'peakMb')),
            peer: { name: 'in memory', summary: summarize(measured('naive', 'peakMb')) },
            ratio: { label: 'ours÷in memory', summary: peakRatio },
            target: '< 1.0',
            met: peakRatio.median < 1,
            note: `RSS before exporting (modules loaded, database open): ours ${median('ours', 'startRss').toFixed(0)} MB, in memory ${median('naive', 'startRss').toFixed(0)} MB`,
          },
          {
            row: 'B10',
            case: `export ${format}: ours' peak RSS at ${large.outcomes} outcomes ÷ at ${base.outcomes}`,
            unit: '×',
            ours: growth,
            // V8 grows its heap in steps with the work done, so the peak creeps up a little even when
            // nothing is retained; the heap left after collecting (in the note) shows whether anything is.
            target: '–',
            met: null,
            note:
              `at ${large.outcomes} outcomes: ${median('oursLarge', 'peakMb').toFixed(0)} MB in ${(median('oursLarge', 'ms') / 1000).toFixed(1)} s, ` +
              `file ${(median('oursLarge', 'bytes') / 1024 / 1024).toFixed(1)} MB; heap after the export, collected: ` +
              `${median('ours', 'heapAfterMb').toFixed(0)} MB at ${base.outcomes}, ${median('oursLarge', 'heapAfterMb').toFixed(0)} MB at ${large.outcomes}`,
          },
        );
      }
      return { lines, raw };
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  },
};
