import type { ReportExportFormat, VendorCompliance } from '@vendorwatch/contracts';
import { PassThrough } from 'node:stream';
import { ExportAbortedError, REPORT_EXPORTERS, streamWhenStarted, type ExportOutcome, type ReportExportData } from '.';

const outcome = (i: number): ExportOutcome => ({
  assessmentId: `00000000-0000-4000-8000-${String(Math.floor(i / 13)).padStart(12, '0')}`,
  assessedAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000),
  vendorId: null,
  vendorName: 'Acme',
  targetUrl: 'https://acme.example/',
  method: 'http',
  rate: 61.5,
  label: 'Non-Compliant',
  position: i % 13,
  checkId: `check.${i % 13}`,
  group: 'transport',
  severity: 'high',
  outcome: 'fail',
  assessedOutcome: 'fail',
  title: 'Every page is served over HTTPS',
  summary: `${i} pages were served over plain HTTP`,
  evidence: Array.from({ length: 10 }, (_, e) => ({
    url: `https://acme.example/${i}/${e}`,
    pageId: null,
    detail: 'x'.repeat(200),
  })),
  evidenceTotal: 40,
});

const vendor = (i: number): VendorCompliance => ({
  vendorId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  vendorName: `Vendor ${i}`,
  vendorUrl: `https://vendor-${i}.example/`,
  state: 'assessed',
  latestReportId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  rate: 61.5,
  label: 'Non-Compliant',
  method: 'http',
  rendering: null,
  lastAssessedAt: '2025-01-01T00:00:00.000Z',
  trend: [{ assessedAt: '2025-01-01T00:00:00.000Z', crawledAt: '2025-01-01T00:00:00.000Z', rate: 61.5 }],
  lastCrawl: null,
});

/**
 * An export's data, read lazily: the outcomes in batches of 200, and a section's findings (13 failing
 * checks) per vendor of `batches`; counts what was pulled of either.
 */
function source(batches: number) {
  const pulled = { outcomes: 0 };
  const data: ReportExportData = {
    generatedAt: new Date('2025-02-01T00:00:00Z'),
    scope: { filters: {}, period: {}, reportId: null },
    vendorName: null,
    overview: {
      vendorsInScope: batches,
      vendorsAssessed: batches,
      vendorsNotAssessed: 0,
      vendorsCrawlFailed: 0,
      averageRate: 61.5,
      pagesChecked: 10,
      openFailures: { critical: 0, high: 13, medium: 0, low: 0 },
      vendors: Array.from({ length: batches }, (_, i) => vendor(i)),
    },
    portfolioFindings: [],
    inventories: new Map(),
    programme: new Map(),
    changes: [],
    links: { crawl: (id) => `http://app.test/crawls/${id}`, report: (id) => `http://app.test/reports/${id}` },
    async *assessments() {
      yield [];
    },
    async *outcomes() {
      for (let b = 0; b < batches; b++) {
        pulled.outcomes += 1;
        yield Array.from({ length: 200 }, (_, i) => outcome(b * 200 + i));
      }
    },
    async sectionOutcomes() {
      pulled.outcomes += 1;
      return Array.from({ length: 13 }, (_, i) => ({ ...outcome(i), howToFix: 'Serve every page over HTTPS.' }));
    },
  };
  return { data, pulled };
}

describe.each(['csv', 'excel', 'pdf'] as ReportExportFormat[])('the %s exporter', (format) => {
  const exporter = REPORT_EXPORTERS[format];

  it('stops reading batches when the download is abandoned', async () => {
    const { data, pulled } = source(100);
    // Nobody reads: the exporter must wait for the download rather than run ahead.
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writing = exporter.write(data, out);
    await new Promise((resolve) => out.once('readable', resolve));
    const pulledBeforeAbandon = pulled.outcomes;
    out.destroy();

    await expect(writing).rejects.toBeInstanceOf(ExportAbortedError);
    expect(pulled.outcomes).toBeLessThanOrEqual(pulledBeforeAbandon + 1);
    expect(pulled.outcomes).toBeLessThan(100);
  });

  it('reports a failure after the first byte as a cut download, not as an answer', async () => {
    const { data } = source(3);
    let downloadStarted!: () => void;
    const started = new Promise<void>((resolve) => (downloadStarted = resolve));
    let sections = 0;
    const failing: ReportExportData = {
      ...data,
      // The database fails once the download is under way.
      async *outcomes() {
        yield [outcome(0)];
        await started;
        throw new Error('connection lost');
      },
      async sectionOutcomes(reportId) {
        if (sections++ === 0) return data.sectionOutcomes(reportId);
        await started;
        throw new Error('connection lost');
      },
    };
    const late: unknown[] = [];
    const body = await streamWhenStarted(
      (out) => exporter.write(failing, out),
      (error) => late.push(error),
    );
    const errored = new Promise((resolve) => body.once('error', resolve));
    body.once('data', () => downloadStarted());
    expect(await errored).toMatchObject({ message: 'connection lost' });
    expect(late).toEqual([expect.objectContaining({ message: 'connection lost' })]);
  });
});

describe('streamWhenStarted', () => {
  it('throws what failed before the first byte, so the API can still answer with an error', async () => {
    await expect(
      streamWhenStarted(
        () => Promise.reject(new Error('database down')),
        () => undefined,
      ),
    ).rejects.toThrow('database down');
  });
});
