import { Validation } from '@cyclonedx/cyclonedx-library';
import { gradesOf, SBOM_SPEC_VERSION } from '@vendorwatch/compliance';
import {
  MESSAGES,
  type AssessmentGrades,
  type CrawlInventory,
  type PortfolioThirdParties,
  type ReportDetail,
  type ThirdParty,
  type Vendor,
  type VendorInventorySummary,
  type VendorSoftware,
  type VendorThirdPartyList,
} from '@vendorwatch/contracts';
import { CrawlInventoriesRepository } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace } from '../workspaces/testing/teams';

const party = (
  name: string,
  company: string | null,
  category: string,
  tracker: boolean,
  beforeConsent: boolean | null,
): ThirdParty => ({
  key: company ? name : `domain:${name}`,
  name,
  company,
  category,
  hosts: [`cdn.${name.toLowerCase().replace(/\s+/g, '')}.example`],
  pages: 2,
  requestedBeforeConsent: beforeConsent,
  tracker,
  example: { pageId: 'p1', url: 'https://vendor.example/', resource: `https://cdn.${name}.example/x.js` },
});

const GA = party('Google Analytics', 'Google', 'analytics', true, true);
const CDN = party('jsDelivr', 'jsDelivr', 'cdn', false, false);
const UNKNOWN = party('=unknown-partner.example', null, 'unknown', false, null);

const inventory = (thirdParties: ThirdParty[]): CrawlInventory => ({
  libraries: [
    {
      component: 'jquery',
      npm: 'jquery',
      version: '1.12.4',
      evidence: [{ kind: 'file_name', source: 'https://vendor.example/js/jquery-1.12.4.min.js' }],
      pages: [{ pageId: 'p1', url: 'https://vendor.example/' }],
      pagesTotal: 1,
      advisories: [
        {
          ids: ['CVE-2020-11022', 'GHSA-gxr4-xjj5-5px2'],
          summary: 'Regex in its jQuery.htmlPrefilter sometimes may introduce XSS',
          severity: 'medium',
          atOrAbove: '1.2.0',
          below: '3.5.0',
          endOfLife: false,
          info: ['https://github.com/advisories/GHSA-gxr4-xjj5-5px2'],
        },
      ],
      severity: 'medium',
      fixedVersion: '3.5.0',
      endOfLife: null,
    },
  ],
  technologies: [
    {
      name: 'Nginx',
      version: '1.18.0',
      categories: ['Web servers'],
      website: 'https://nginx.org',
      cpe: 'cpe:2.3:a:f5:nginx:*:*:*:*:*:*:*:*',
      confidence: 100,
      evidence: [{ kind: 'header', value: 'server: nginx/1.18.0' }],
      pages: [{ pageId: 'p1', url: 'https://vendor.example/' }],
      pagesTotal: 1,
      endOfLife: null,
    },
    {
      name: 'jQuery',
      version: '1.12.4',
      categories: ['JavaScript libraries'],
      website: 'https://jquery.com',
      cpe: 'cpe:2.3:a:jquery:jquery:*:*:*:*:*:*:*:*',
      confidence: 100,
      evidence: [{ kind: 'script', value: 'https://vendor.example/js/jquery-1.12.4.min.js' }],
      pages: [{ pageId: 'p1', url: 'https://vendor.example/' }],
      pagesTotal: 1,
      endOfLife: null,
    },
  ],
  thirdParties,
  dataSources: [
    {
      use: 'vulnerabilities',
      name: 'Retire.js vulnerability repository',
      package: 'retire',
      version: '5.7.0',
      publishedAt: '2026-01-01T00:00:00.000Z',
      licence: 'Apache-2.0',
    },
  ],
});

describe('Vendor software, SBOM, third parties, grades and the portfolio (issues 31 and 32)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const vendors: Record<string, Vendor> = {};
  const reports: Record<string, string> = {};

  async function assessed(user: TestUser, name: string, parties: ThirdParty[], failing: string[]): Promise<void> {
    const vendor = (await apiCall(user, 'POST', '/api/vendors', { name, url: `https://${name.toLowerCase()}.example` }))
      .body as Vendor;
    const seeded = await seedAssessment(t.database.db, { userId: user.id, vendorId: vendor.id, failing, assessedAt: new Date() });
    const checks = seeded.input.checks;
    await new CrawlInventoriesRepository(t.database.db).save({
      jobId: seeded.jobId,
      workspaceId: seeded.input.workspaceId,
      userId: user.id,
      vendorId: vendor.id,
      crawlCompletedAt: seeded.input.crawlCompletedAt ?? null,
      inventory: inventory(parties),
      grades: gradesOf(checks),
    });
    vendors[name] = vendor;
    reports[name] = seeded.reportId;
  }

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    await assessed(alice, 'Acme', [GA, CDN, UNKNOWN], ['transport.hsts', 'a11y.html-lang']);
    await assessed(alice, 'Globex', [GA, CDN], []);
    await assessed(alice, 'Initech', [CDN], ['transport.https']);
  });
  afterAll(() => t.close());

  it("answers a vendor's libraries with advisories and fixed version, its technologies and the data's date", async () => {
    const { status, body } = await apiCall(alice, 'GET', `/api/vendors/${vendors.Acme!.id}/software`);
    expect(status).toBe(200);
    const software = body as VendorSoftware;
    expect(software).toMatchObject({ vendorName: 'Acme', vulnerableLibraries: 1 });
    expect(software.libraries[0]).toMatchObject({
      component: 'jquery',
      version: '1.12.4',
      fixedVersion: '3.5.0',
      advisories: [expect.objectContaining({ ids: ['CVE-2020-11022', 'GHSA-gxr4-xjj5-5px2'] })],
    });
    expect(software.technologies.map((tech) => [tech.name, tech.version])).toEqual([
      ['Nginx', '1.18.0'],
      ['jQuery', '1.12.4'],
    ]);
    expect(software.dataSources[0]).toMatchObject({ publishedAt: '2026-01-01T00:00:00.000Z' });
  });

  it("downloads the SBOM as CycloneDX JSON that the library's own validator accepts", async () => {
    const response = await alice.api(`/api/vendors/${vendors.Acme!.id}/sbom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.cyclonedx\+json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sbom-acme-\d{4}-\d{2}-\d{2}\.cdx\.json"$/,
    );
    const json = await response.text();
    expect(await new Validation.JsonStrictValidator(SBOM_SPEC_VERSION).validate(json)).toBeNull();
    const bom = JSON.parse(json);
    expect(bom.components.map((component: { name: string }) => component.name)).toEqual(
      expect.arrayContaining(['Nginx', 'jQuery']),
    );
    expect(bom.vulnerabilities.map((vulnerability: { id: string }) => vulnerability.id)).toContain('CVE-2020-11022');
  });

  it("names a vendor's third parties by company", async () => {
    const { body } = await apiCall(alice, 'GET', `/api/vendors/${vendors.Acme!.id}/third-parties`);
    expect((body as VendorThirdPartyList).thirdParties.map((p) => [p.name, p.company, p.category])).toEqual([
      ['Google Analytics', 'Google', 'analytics'],
      ['jsDelivr', 'jsDelivr', 'cdn'],
      ['=unknown-partner.example', null, 'unknown'],
    ]);
  });

  it('says when a vendor has no assessed crawl yet, and 404s another workspace’s vendor and report', async () => {
    const fresh = (await apiCall(alice, 'POST', '/api/vendors', { name: 'Fresh' })).body as Vendor;
    for (const path of ['software', 'sbom', 'third-parties'])
      expect(await apiCall(alice, 'GET', `/api/vendors/${fresh.id}/${path}`)).toMatchObject({
        status: 404,
        body: { message: MESSAGES.inventories.notAssessed },
      });
    for (const path of ['software', 'sbom', 'third-parties'])
      expect(await apiCall(bob, 'GET', `/api/vendors/${vendors.Acme!.id}/${path}`)).toMatchObject({
        status: 404,
        body: { message: MESSAGES.vendors.notFound },
      });
    expect(await apiCall(bob, 'GET', `/api/reports/${reports.Acme}/grades`)).toMatchObject({
      status: 404,
      body: { message: MESSAGES.reports.notFound },
    });
    expect((await apiCall(bob, 'GET', '/api/portfolio/third-parties')).body).toMatchObject({ vendorsCounted: 0, parties: [] });
    expect((await apiCall(bob, 'GET', '/api/portfolio/vendors')).body).toEqual([]);
  });

  it('reads in the workspace the request names: a member sees its vendors, the personal workspace does not', async () => {
    const team = await createWorkspace(bob, 'Vendor team');
    await addMember(t, team.id, alice, 'viewer');
    const headers = { 'x-workspace-id': team.id };
    expect((await apiCall(alice, 'GET', `/api/vendors/${vendors.Acme!.id}/software`, undefined, headers)).status).toBe(404);
    expect((await apiCall(alice, 'GET', '/api/portfolio/third-parties', undefined, headers)).body).toMatchObject({
      vendorsCounted: 0,
    });
  });

  it('gives report grades per category and overall, and each "what if fixed" equals a reassessment with that check passing', async () => {
    const { body } = await apiCall(alice, 'GET', `/api/reports/${reports.Acme}/grades`);
    const { grades, whatIfFixed } = body as AssessmentGrades;
    const detail = (await apiCall(alice, 'GET', `/api/reports/${reports.Acme}`)).body as ReportDetail;
    expect(detail.grades).toEqual(grades);
    expect(whatIfFixed.map((projection) => projection.checkId).sort()).toEqual(['a11y.html-lang', 'transport.hsts']);

    // The same vendor assessed again with HSTS fixed and nothing else changed.
    const fixed = await seedAssessment(t.database.db, {
      userId: alice.id,
      vendorId: vendors.Acme!.id,
      failing: ['a11y.html-lang'],
    });
    const reassessed = ((await apiCall(alice, 'GET', `/api/reports/${fixed.reportId}`)).body as ReportDetail).grades;
    const hsts = whatIfFixed.find((projection) => projection.checkId === 'transport.hsts')!;
    expect(hsts.ifFixed.overall).toEqual(reassessed.overall);
    const { category: _category, title: _title, ...transport } = reassessed.categories.find((c) => c.category === 'transport')!;
    expect(hsts.ifFixed.category).toEqual(transport);
    expect(hsts.ifFixed.overall.score!).toBeGreaterThan(hsts.now.overall.score!);
  });

  it("lists each vendor's grade, vulnerable libraries and top third parties", async () => {
    const summaries = (await apiCall(alice, 'GET', '/api/portfolio/vendors')).body as VendorInventorySummary[];
    expect(
      summaries.map((s) => [s.vendorName, s.overallGrade.letter !== null, s.vulnerableLibraries, s.topThirdParties]),
    ).toEqual([
      ['Acme', true, 1, ['Google Analytics', 'jsDelivr', '=unknown-partner.example']],
      ['Globex', true, 1, ['Google Analytics', 'jsDelivr']],
      ['Initech', true, 1, ['jsDelivr']],
    ]);
  });

  it('shows third-party concentration over three vendors and who sends visitors to trackers before consent, filterable', async () => {
    const all = (await apiCall(alice, 'GET', '/api/portfolio/third-parties')).body as PortfolioThirdParties;
    expect(all.vendorsCounted).toBe(3);
    expect(all.parties.map((p) => [p.name, p.vendorCount, p.vendorShare])).toEqual([
      ['jsDelivr', 3, 100],
      ['Google Analytics', 2, 66.7],
      ['=unknown-partner.example', 1, 33.3],
    ]);
    expect(all.trackingBeforeConsent.map((v) => [v.vendorName, v.parties.map((p) => p.name)])).toEqual([
      ['Acme', ['Google Analytics']],
      ['Globex', ['Google Analytics']],
    ]);

    const filtered = async (query: string) =>
      ((await apiCall(alice, 'GET', `/api/portfolio/third-parties?${query}`)).body as PortfolioThirdParties).parties.map(
        (p) => p.name,
      );
    expect(await filtered('category=analytics')).toEqual(['Google Analytics']);
    expect(await filtered('trackers=false')).toEqual(['jsDelivr', '=unknown-partner.example']);
    expect(await filtered('q=GOOGLE')).toEqual(['Google Analytics']);
    expect(await filtered(`vendorId=${vendors.Initech!.id}`)).toEqual(['jsDelivr']);
  });

  it.each([
    ['category=nonsense', MESSAGES.inventories.invalidCategory],
    ['trackers=maybe', MESSAGES.inventories.invalidTrackers],
    [`q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ['vendorId=42', MESSAGES.generic.notFound],
  ])('refuses the filter %s with 400 "%s"', async (query, message) => {
    expect(await apiCall(alice, 'GET', `/api/portfolio/third-parties?${query}`)).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it('exports the filtered portfolio as CSV, no cell able to start a formula', async () => {
    const response = await alice.api('/api/portfolio/third-parties/export?trackers=false');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="portfolio-third-parties-.+\.csv"$/);
    const rows = parse(await response.text(), { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'Third party',
      'Company',
      'Category',
      'Tracker',
      'Vendors',
      'Share of vendors (%)',
      'Vendor names',
      'Requested before consent at',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[6]])).toEqual([
      ['jsDelivr', '3', 'Acme; Globex; Initech'],
      ["'=unknown-partner.example", '1', 'Acme'],
    ]);
  });
});
