import type { ReportExportFormat } from '@vendorwatch/contracts';
import { PassThrough } from 'node:stream';
import { ExportAbortedError, REPORT_EXPORTERS, streamWhenStarted, type ExportOutcome, type ReportExportData } from '.';

const outcome = (i: number): ExportOutcome => ({
  assessmentId: `00000000-0000-4000-8000-${String(Math.floor(i / 13)).padStart(12, '0')}`,
  assessedAt: new Date(Date.UTC(2025, 0, 1) - i * 60_000),
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
  title: 'Every page is served over HTTPS',
  summary: `${i} pages were served over plain HTTP`,
  evidence: Array.from({ length: 10 }, (_, e) => ({
    url: `https://acme.example/${i}/${e}`,
    pageId: null,
    detail: 'x'.repeat(200),
  })),
  evidenceTotal: 40,
});

/** An export's data, read lazily in batches of 200 outcomes; counts the batches pulled. */
function source(batches: number) {
  const pulled = { outcomes: 0 };
  const data: ReportExportData = {
    generatedAt: new Date('2025-02-01T00:00:00Z'),
    filters: {},
    vendorName: null,
    overview: {
      vendorsAssessed: 1,
      averageRate: 61.5,
      pagesChecked: 10,
      openFailures: { critical: 0, high: 13, medium: 0, low: 0 },
      vendors: [],
    },
    async *assessments() {
      yield [];
    },
    async *outcomes() {
      for (let b = 0; b < batches; b++) {
        pulled.outcomes += 1;
        yield Array.from({ length: 200 }, (_, i) => outcome(b * 200 + i));
      }
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
    const failing: ReportExportData = {
      ...data,
      // The database fails once the download is under way.
      async *outcomes() {
        yield [outcome(0)];
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
