import { Validation } from '@cyclonedx/cyclonedx-library';
import { inventoryOf } from '../inventory';
import { crawlOf, HOME, pageOf } from '../testing/builders';
import { SBOM_SPEC_VERSION, sbomOf } from './sbom';

const CRAWL_ID = '6f1c2a5e-8d3b-4c1f-9a2e-2b7d9e4f1a03';

const crawl = () =>
  crawlOf({
    method: 'puppeteer',
    pages: [
      pageOf({
        headers: { server: 'nginx/1.18.0', 'x-powered-by': 'PHP/7.4.3' },
        document: {
          meta: [{ name: 'generator', content: 'WordPress 6.4.2' }],
          scripts: [`${HOME}assets/jquery-1.12.4.min.js`, `${HOME}vendor/jquery-3.4.1.min.js`],
        },
        browser: {
          scripts: [{ url: `${HOME}assets/bootstrap.min.js`, banner: '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n */' }],
          libraries: [{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }],
        },
      }),
    ],
  });

const subject = { crawlId: CRAWL_ID, vendorName: 'Example Vendor', siteUrl: HOME, crawledAt: new Date('2026-06-01T12:00:00Z') };

describe('CycloneDX SBOM of a crawl', () => {
  it("is valid CycloneDX 1.6 JSON by the library's own strict validator, and lists every technology with its version, CPE and package URL", async () => {
    const json = sbomOf(inventoryOf(crawl()), subject);
    const validator = new Validation.JsonStrictValidator(SBOM_SPEC_VERSION);
    expect(await validator.validate(json)).toBeNull();
    // The validator does judge: a component without its required type is refused.
    const broken = JSON.parse(json);
    delete broken.components[0].type;
    expect(await validator.validate(JSON.stringify(broken))).not.toBeNull();

    const bom = JSON.parse(json);
    expect(bom).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', serialNumber: `urn:uuid:${CRAWL_ID}` });
    expect(bom.metadata).toMatchObject({ timestamp: '2026-06-01T12:00:00.000Z', component: { name: 'Example Vendor' } });
    const byName = Object.fromEntries(bom.components.map((component: { name: string }) => [component.name, component]));
    expect(byName.Nginx).toMatchObject({
      type: 'application',
      version: '1.18.0',
      cpe: expect.stringMatching(/^cpe:2\.3:a:f5:nginx:1\.18\.0:/),
    });
    expect(byName.WordPress).toMatchObject({ version: '6.4.2' });
    expect(byName.Bootstrap).toMatchObject({ version: '3.3.7', purl: 'pkg:npm/bootstrap@3.3.7' });
    expect(byName.Handlebars).toMatchObject({ version: '4.0.5', purl: 'pkg:npm/handlebars@4.0.5' });
  });

  it('has one component per version seen: jQuery 1.12.4 and 3.4.1 are two, each with its own evidence and end of life', () => {
    const bom = JSON.parse(sbomOf(inventoryOf(crawl()), subject));
    const jqueries = bom.components.filter((component: { name: string }) => component.name === 'jQuery');
    expect(jqueries).toEqual([
      expect.objectContaining({ 'bom-ref': 'technology:jquery@1.12.4', version: '1.12.4', purl: 'pkg:npm/jquery@1.12.4' }),
      expect.objectContaining({ 'bom-ref': 'technology:jquery@3.4.1', version: '3.4.1', purl: 'pkg:npm/jquery@3.4.1' }),
    ]);
    const [old, newer] = jqueries.map((component: { properties: { name: string; value: string }[] }) => component.properties);
    expect(old).toEqual(
      expect.arrayContaining([{ name: 'vendorwatch:evidence:script', value: `${HOME}assets/jquery-1.12.4.min.js` }]),
    );
    expect(old).not.toEqual(
      expect.arrayContaining([{ name: 'vendorwatch:evidence:script', value: `${HOME}vendor/jquery-3.4.1.min.js` }]),
    );
    expect(newer).toEqual(
      expect.arrayContaining([{ name: 'vendorwatch:evidence:script', value: `${HOME}vendor/jquery-3.4.1.min.js` }]),
    );
    // End of life is a property of the component at that version, never a vulnerability.
    expect(old).toEqual(
      expect.arrayContaining([{ name: 'vendorwatch:end-of-life', value: expect.stringMatching(/end[- ]of[- ]life/i) }]),
    );
    expect(newer.some((property: { name: string }) => property.name === 'vendorwatch:end-of-life')).toBe(false);
  });

  it('lists each advisory once, affecting every version it applies to, under its CVE or GHSA id', () => {
    const bom = JSON.parse(sbomOf(inventoryOf(crawl()), subject));
    type Vulnerability = { id: string; affects: { ref: string; versions: { version: string }[] }[] };
    const vulnerabilities: Vulnerability[] = bom.vulnerabilities;
    const ids = vulnerabilities.map((vulnerability) => vulnerability.id);
    expect(new Set(ids).size).toBe(ids.length);
    // CVE-2020-11022 affects jQuery below 3.5.0: both versions, in one vulnerability.
    expect(vulnerabilities.find((vulnerability) => vulnerability.id === 'CVE-2020-11022')!.affects).toEqual([
      { ref: 'technology:jquery@1.12.4', versions: [{ version: '1.12.4', status: 'affected' }] },
      { ref: 'technology:jquery@3.4.1', versions: [{ version: '3.4.1', status: 'affected' }] },
    ]);
    // No Retire.js-internal id and no end-of-life notice among the vulnerabilities.
    for (const id of ids) expect(id).toMatch(/^(CVE-\d{4}-\d+|GHSA-[\w-]+|https?:\/\/.+|vendorwatch:[0-9a-f]{16})$/);
    expect(JSON.stringify(vulnerabilities)).not.toMatch(/retire:|end[- ]of[- ]life/i);
    const ofJquery = vulnerabilities.filter((vulnerability) =>
      vulnerability.affects.some((affect) => affect.ref === 'technology:jquery@1.12.4'),
    );
    expect(ofJquery.map((vulnerability) => vulnerability.id)).toEqual(
      expect.arrayContaining(['CVE-2015-9251', 'CVE-2019-11358', 'CVE-2020-11022', 'CVE-2020-11023']),
    );
    expect(ofJquery.find((vulnerability) => vulnerability.id === 'CVE-2019-11358')).toMatchObject({
      source: { name: 'Retire.js' },
      ratings: [{ severity: 'medium', method: 'other' }],
      recommendation: 'Upgrade to 3.4.0 or later',
    });
  });

  it('is the same document for the same crawl', () => {
    expect(sbomOf(inventoryOf(crawl()), subject)).toBe(sbomOf(inventoryOf(crawl()), subject));
  });
});
