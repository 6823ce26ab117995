import { Validation } from '@cyclonedx/cyclonedx-library';
import { SBOM_SPEC_VERSION } from '@vendorwatch/compliance';
import type { CrawlMethod } from '@vendorwatch/contracts';
import {
  ComplianceAssessmentsRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  vendors,
  WorkspacesRepository,
  type WorkspaceId,
} from '@vendorwatch/db';
import { VendorInventories } from '@vendorwatch/runtime';
import { BOOTSTRAP_CDN, GOOGLE_ANALYTICS, startSoftwareSite, UNKNOWN_PARTNER, type SoftwareSite } from '../../../test-support';
import { FAST_CRAWL, pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * What vendors run and share, crawled for real: the software fixture site (test-support/software-site.ts)
 * by the browser and by plain HTTP, assessed by the worker, and read back the way the vendor page, the
 * SBOM export and the portfolio screen will read it.
 */
describe('software and third parties of a crawled vendor', () => {
  let harness: WorkerHarness;
  let site: SoftwareSite;
  let inventories: VendorInventories;
  let assessments: ComplianceAssessmentsRepository;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startSoftwareSite();
    const db = harness.database.db;
    assessments = new ComplianceAssessmentsRepository(db);
    inventories = new VendorInventories(new CrawlInventoriesRepository(db), assessments, new CrawlJobsRepository(db));
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  async function crawl(method: CrawlMethod, target: SoftwareSite, userId: string, vendorId: string): Promise<string> {
    const id = await harness.startCrawl({ method, targetUrl: `${target.url}/`, settings: FAST_CRAWL, userId, vendorId });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    const workspaceId = await workspaceOf(userId);
    await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, 'the assessment');
    return id;
  }

  /** Reads act in a workspace: here each user's personal one, where their vendors are. */
  async function workspaceOf(userId: string): Promise<WorkspaceId> {
    return (await new WorkspacesRepository(harness.database.db).personalOf(userId))!.workspaceId;
  }

  async function vendorOf(userId: string, name: string): Promise<string> {
    const [vendor] = await harness.database.db
      .insert(vendors)
      .values({ workspaceId: await workspaceOf(userId), userId, name, url: 'http://example.test' })
      .returning();
    return vendor!.id;
  }

  it('by browser: jQuery 1.12.4 and Bootstrap 3.3.7 by banner and file name, Handlebars only by its global, the banner-less bundle not flagged', async () => {
    const { userId, vendorId } = await harness.createUser();
    const id = await crawl('puppeteer', site, userId, vendorId);
    expect(pathsOf(await harness.pages(id))).toEqual(['/', '/pricing', '/privacy']);

    // The page facts hold what detection needs: the scripts' first bytes and the globals.
    const home = (await harness.pages(id)).find((page) => new URL(page.url).pathname === '/')!;
    expect(home.browser!.scripts).toEqual(
      expect.arrayContaining([
        { url: `${site.url}/assets/js/jquery-1.12.4.min.js`, banner: expect.stringMatching(/^\/\*! jQuery v1\.12\.4/) },
        { url: `${site.url}/assets/js/bootstrap.min.js`, banner: expect.stringContaining('Bootstrap v3.3.7') },
      ]),
    );
    expect(home.browser!.libraries).toEqual(
      expect.arrayContaining([{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }]),
    );

    const software = (await inventories.software(await workspaceOf(userId), vendorId))!;
    expect(software.jobId).toBe(id);
    const byComponent = Object.fromEntries(software.libraries.map((library) => [library.component, library]));
    expect(Object.keys(byComponent).sort()).toEqual(['bootstrap', 'handlebars', 'jquery']);
    expect(software.vulnerableLibraries).toBe(3);

    const jquery = byComponent.jquery!;
    expect(jquery).toMatchObject({
      version: '1.12.4',
      severity: 'medium',
      fixedVersion: '3.5.0',
      endOfLife: expect.stringMatching(/End-of-Life/),
    });
    expect(jquery.evidence.map((e) => e.kind).sort()).toEqual(['banner', 'file_name']);
    expect(jquery.pages.map((p) => new URL(p.url).pathname).sort()).toEqual(['/', '/pricing']);
    expect(jquery.advisories.flatMap((a) => a.ids)).toEqual(
      expect.arrayContaining(['CVE-2015-9251', 'CVE-2019-11358', 'CVE-2020-11022', 'CVE-2020-11023', 'GHSA-gxr4-xjj5-5px2']),
    );

    const bootstrap = byComponent.bootstrap!;
    expect(bootstrap).toMatchObject({ version: '3.3.7', fixedVersion: expect.stringMatching(/^3\.4\./) });
    expect(bootstrap.evidence).toEqual(
      expect.arrayContaining([
        { kind: 'banner', source: `${site.url}/assets/js/bootstrap.min.js` },
        { kind: 'url', source: BOOTSTRAP_CDN },
      ]),
    );
    expect(bootstrap.advisories.flatMap((a) => a.ids)).toEqual(
      expect.arrayContaining(['CVE-2018-14040', 'CVE-2018-14041', 'CVE-2018-14042', 'CVE-2019-8331']),
    );

    const handlebars = byComponent.handlebars!;
    expect(handlebars).toMatchObject({ version: '4.0.5', evidence: [{ kind: 'global', source: 'Handlebars' }] });
    expect(handlebars.advisories.flatMap((a) => a.ids)).toEqual(expect.arrayContaining(['CVE-2019-19919']));
    // No library is attributed to the anonymous bundle.
    expect(software.libraries.flatMap((library) => library.evidence.map((e) => e.source))).not.toContain(
      `${site.url}/assets/js/vendor.min.js`,
    );

    // The check in the catalogue fails, names each library, and says detection is by evidence seen.
    const stored = (await assessments.findByJob(await workspaceOf(userId), id))!;
    const check = (await assessments.checkResults(stored.id)).find((result) => result.checkId === 'vulnerable-js-libraries')!;
    expect(check.outcome).toBe('fail');
    expect(check.summary).toMatch(/^3 JavaScript libraries with known vulnerabilities: .*detection is by evidence seen/);
    expect(check.evidence.map((e) => e.detail.split(':')[0]).sort()).toEqual([
      'bootstrap 3.3.7',
      'handlebars 4.0.5',
      'jquery 1.12.4',
    ]);

    // The data's date, for the report to say.
    expect(software.dataSources.find((source) => source.use === 'vulnerabilities')).toMatchObject({
      package: '@salesforce/code-analyzer-retirejs-engine',
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("by plain HTTP: what the HTML shows and the scripts' banners (read with small ranged requests) — no globals", async () => {
    const { userId, vendorId } = await harness.createUser();
    const id = await crawl('http', site, userId, vendorId);
    const software = (await inventories.software(await workspaceOf(userId), vendorId))!;
    expect(software.libraries.map((library) => `${library.component} ${library.version}`).sort()).toEqual([
      'bootstrap 3.3.7',
      'jquery 1.12.4',
    ]);
    const bootstrap = software.libraries.find((library) => library.component === 'bootstrap')!;
    expect(bootstrap.evidence).toEqual(
      expect.arrayContaining([
        { kind: 'banner', source: `${site.url}/assets/js/bootstrap.min.js` },
        { kind: 'url', source: BOOTSTRAP_CDN },
      ]),
    );
    const home = (await harness.pages(id)).find((page) => new URL(page.url).pathname === '/')!;
    expect(home.document!.scripts).toEqual(expect.arrayContaining([`${site.url}/assets/js/app.bundle.js`, GOOGLE_ANALYTICS]));
    expect(home.document!.meta).toEqual(expect.arrayContaining([{ name: 'generator', content: 'WordPress 6.4.2' }]));
  });

  it('inventories the technologies with versions, and exports them as an SBOM valid against the CycloneDX schema', async () => {
    const { userId, vendorId } = await harness.createUser();
    const id = await crawl('puppeteer', site, userId, vendorId);
    const { technologies } = (await inventories.software(await workspaceOf(userId), vendorId))!;
    const versions = Object.fromEntries(technologies.map((technology) => [technology.name, technology.version]));
    expect(versions).toMatchObject({
      Nginx: '1.18.0',
      PHP: '7.4.3',
      WordPress: '6.4.2',
      jQuery: '1.12.4',
      Bootstrap: '3.3.7',
      Handlebars: '4.0.5',
    });
    expect(technologies.find((technology) => technology.name === 'jQuery')!.endOfLife).toMatch(/End-of-Life/);

    const sbom = (await inventories.sbom(await workspaceOf(userId), vendorId))!;
    expect(sbom.fileName).toMatch(/^sbom-example-vendor-\d{4}-\d\d-\d\d\.cdx\.json$/);
    expect(await new Validation.JsonStrictValidator(SBOM_SPEC_VERSION).validate(sbom.json)).toBeNull();
    const bom = JSON.parse(sbom.json);
    expect(bom.serialNumber).toBe(`urn:uuid:${id}`);
    expect(bom.metadata.component.externalReferences).toEqual([{ type: 'website', url: `${site.url}/` }]);
    expect(bom.components.map((component: { name: string }) => component.name)).toEqual(
      expect.arrayContaining(['Nginx', 'PHP', 'WordPress', 'jQuery', 'Bootstrap', 'Handlebars']),
    );
    expect(bom.vulnerabilities.map((vulnerability: { id: string }) => vulnerability.id)).toEqual(
      expect.arrayContaining(['CVE-2019-11358', 'CVE-2019-8331', 'CVE-2019-19919']),
    );
    // Another user's vendor reads as absent.
    const stranger = await harness.createUser();
    expect(await inventories.sbom(await workspaceOf(stranger.userId), vendorId)).toBeNull();
  });

  it('names the third parties — Google Analytics by Google, the Bootstrap CDN, an unknown host — and the portfolio concentration over three vendors', async () => {
    const { userId, vendorId: acme } = await harness.createUser();
    const sites = [
      await startSoftwareSite({ thirdPartyScripts: [GOOGLE_ANALYTICS] }),
      await startSoftwareSite({ thirdPartyScripts: [GOOGLE_ANALYTICS, UNKNOWN_PARTNER] }),
    ];
    try {
      const globex = await vendorOf(userId, 'Globex');
      const initech = await vendorOf(userId, 'Initech');
      // Acme by browser (it requests Google Analytics before any consent), the others by plain HTTP.
      await crawl('puppeteer', site, userId, acme);
      await crawl('http', sites[0]!, userId, globex);
      await crawl('http', sites[1]!, userId, initech);

      const { thirdParties } = (await inventories.thirdParties(await workspaceOf(userId), acme))!;
      expect(
        thirdParties.map(({ name, company, category, requestedBeforeConsent }) => ({
          name,
          company,
          category,
          requestedBeforeConsent,
        })),
      ).toEqual(
        expect.arrayContaining([
          { name: 'Google Analytics', company: 'Google', category: 'analytics', requestedBeforeConsent: true },
          { name: 'Bootstrap CDN', company: 'Bootstrap CDN', category: 'cdn', requestedBeforeConsent: true },
          { name: 'unknown-partner.example', company: null, category: 'unknown', requestedBeforeConsent: true },
        ]),
      );
      // The third-party-hosts check names the companies too.
      const stored = (await assessments.findByJob(
        await workspaceOf(userId),
        (await inventories.software(await workspaceOf(userId), acme))!.jobId,
      ))!;
      const hostsCheck = (await assessments.checkResults(stored.id)).find((result) => result.checkId === 'third-party-hosts')!;
      expect(hostsCheck.evidence.map((e) => e.detail)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^www\.google-analytics\.com: Google Analytics \(analytics\) — company Google/),
        ]),
      );

      const portfolio = await inventories.portfolio(await workspaceOf(userId));
      expect(portfolio.vendorsCounted).toBe(3);
      // Most vendors first, then by name.
      expect(portfolio.parties.map(({ name, vendorCount }) => [name, vendorCount])).toEqual([
        ['Bootstrap CDN', 3],
        ['Google Analytics', 3],
        ['unknown-partner.example', 2],
      ]);
      expect(portfolio.parties[1]!.vendors.map((vendor) => vendor.vendorName)).toEqual(['Example Vendor', 'Globex', 'Initech']);
      expect(portfolio.trackingBeforeConsent).toEqual([
        {
          vendorId: acme,
          vendorName: 'Example Vendor',
          parties: [{ key: 'Google Analytics', name: 'Google Analytics', company: 'Google', category: 'analytics' }],
        },
      ]);
      expect(portfolio.consentUnknown.map((vendor) => vendor.vendorName)).toEqual(['Globex', 'Initech']);
      // A chosen subset of the vendors.
      expect(
        (await inventories.portfolio(await workspaceOf(userId), [globex])).parties.map((party) => party.vendorCount),
      ).toEqual([1, 1]);

      // Per vendor, for the dashboard and the exports.
      const summaries = await inventories.summaries(await workspaceOf(userId));
      expect(
        summaries.map(({ vendorName, vulnerableLibraries, overallGrade }) => [
          vendorName,
          vulnerableLibraries,
          overallGrade.letter,
        ]),
      ).toEqual([
        ['Example Vendor', 3, expect.stringMatching(/^[A-F]$/)],
        ['Globex', 2, expect.stringMatching(/^[A-F]$/)],
        ['Initech', 2, expect.stringMatching(/^[A-F]$/)],
      ]);
    } finally {
      await Promise.all(sites.map((s) => s.close()));
    }
  });

  it("gives an assessment's grades with the what-if projection, to its owner only", async () => {
    const { userId, vendorId } = await harness.createUser();
    const id = await crawl('http', site, userId, vendorId);
    const stored = (await assessments.findByJob(await workspaceOf(userId), id))!;
    const result = (await inventories.grades(await workspaceOf(userId), stored.id))!;
    expect(result.grades.overall.score).toBe(stored.rate);
    expect(result.grades.categories.find((c) => c.category === 'software')).toMatchObject({ letter: 'F', checksCounted: 1 });
    expect(result.whatIfFixed.find((p) => p.checkId === 'vulnerable-js-libraries')!.ifFixed.category).toMatchObject({
      letter: 'A',
    });
    const stranger = await harness.createUser();
    expect(await inventories.grades(await workspaceOf(stranger.userId), stored.id)).toBeNull();
  });
});
