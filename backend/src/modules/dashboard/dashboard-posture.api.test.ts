import type { DomainPostureFacts } from '@vendorwatch/compliance';
import type { DashboardPosture, Grades, ThirdParty, Vendor } from '@vendorwatch/contracts';
import { CrawlDomainPostureRepository, CrawlInventoriesRepository } from '@vendorwatch/db';
import { insertCompletedCrawl } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall } from '../workspaces/testing/teams';

const DAY_MS = 24 * 60 * 60 * 1000;

const grades = (letter: Grades['overall']['letter']): Grades => ({
  method: 'test',
  overall: { letter, score: letter ? 80 : null, checksCounted: letter ? 10 : 0, cappedBy: null },
  categories: [],
});

const party = (name: string): ThirdParty => ({
  key: name,
  name,
  company: name,
  category: 'analytics',
  hosts: [`${name.toLowerCase()}.example`],
  pages: 1,
  requestedBeforeConsent: false,
  tracker: true,
  example: { pageId: 'p', url: 'https://vendor.example/', resource: `https://${name.toLowerCase()}.example/t.js` },
});

/** A domain whose DMARC record says `dmarc` (null: none), and HTTPS origins whose certificates end `days` after the check. */
function facts(domain: string, dmarc: string | null, certificateDays: number[]): DomainPostureFacts {
  const checkedAt = new Date();
  return {
    checkedAt: checkedAt.toISOString(),
    domains: [
      {
        domain,
        primary: true,
        dmarc: dmarc ? { status: 'answered', records: [dmarc] } : { status: 'empty', rcode: 'NXDOMAIN' },
        dmarcRecord: dmarc
          ? { record: dmarc, tags: Object.fromEntries(dmarc.split(';').map((t) => t.trim().split('=') as [string, string])) }
          : null,
      },
    ],
    origins: certificateDays.map((days, i) => ({
      origin: `https://h${i}.${domain}`,
      host: `h${i}.${domain}`,
      certificate: { validTo: new Date(checkedAt.getTime() + days * DAY_MS).toISOString() },
    })),
    lookups: { queries: 1 },
  } as unknown as DomainPostureFacts;
}

describe('GET /api/dashboard/posture (issues 31 §6 and 32 §5)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  async function vendorWith(
    user: TestUser,
    name: string,
    letter: Grades['overall']['letter'],
    vulnerable: number,
    posture: DomainPostureFacts | null,
  ) {
    const vendor = (await apiCall(user, 'POST', '/api/vendors', { name, url: `https://${name.toLowerCase()}.example` }))
      .body as Vendor;
    const { jobId, workspaceId } = await insertCompletedCrawl(t.database.db, { userId: user.id, vendorId: vendor.id });
    await new CrawlInventoriesRepository(t.database.db).save({
      jobId,
      workspaceId,
      userId: user.id,
      vendorId: vendor.id,
      crawlCompletedAt: new Date(),
      inventory: {
        libraries: Array.from({ length: vulnerable }, (_, i) => ({
          component: `lib${i}`,
          npm: null,
          version: '1.0.0',
          evidence: [],
          pages: [],
          pagesTotal: 1,
          advisories: [
            {
              ids: ['CVE-2020-0001'],
              summary: null,
              severity: 'high',
              atOrAbove: null,
              below: '2.0.0',
              endOfLife: false,
              info: [],
            },
          ],
          severity: 'high',
          fixedVersion: '2.0.0',
          endOfLife: null,
        })),
        technologies: [],
        thirdParties: name === 'Initech' ? [party('Hotjar')] : [party('Google Analytics'), party('Hotjar')],
        dataSources: [],
      },
      grades: grades(letter),
    });
    if (posture) await new CrawlDomainPostureRepository(t.database.db).save(workspaceId, jobId, posture);
    return vendor;
  }

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  it('counts spoofable mail, certificates expiring within 30 days, grades, vulnerable libraries and top third parties', async () => {
    const acme = await vendorWith(alice, 'Acme', 'A', 0, facts('acme.example', 'v=DMARC1; p=reject; pct=100', [200, 12]));
    const globex = await vendorWith(alice, 'Globex', 'C', 2, facts('globex.example', 'v=DMARC1; p=none', [-3]));
    const initech = await vendorWith(alice, 'Initech', 'C', 1, facts('initech.example', null, [31]));
    await vendorWith(alice, 'Hooli', null, 0, null);
    await vendorWith(bob, 'Elsewhere', 'F', 9, facts('elsewhere.example', null, [1]));

    const { status, body } = await apiCall(alice, 'GET', '/api/dashboard/posture');
    expect(status).toBe(200);
    const posture = body as DashboardPosture;
    expect(posture.vendorsAssessed).toBe(4);
    expect(posture.mailSpoofable).toEqual([
      { vendorId: globex.id, vendorName: 'Globex', primaryDomain: 'globex.example' },
      { vendorId: initech.id, vendorName: 'Initech', primaryDomain: 'initech.example' },
    ]);
    expect(posture.mailUnknown).toBe(1);
    expect(posture.certificatesExpiring.withinDays).toBe(30);
    expect(posture.certificatesExpiring.certificates.map((c) => [c.vendorName, c.host, c.daysLeft])).toEqual([
      ['Globex', 'h0.globex.example', -3],
      ['Acme', 'h1.acme.example', 12],
    ]);
    expect(posture.certificatesExpiring.certificates[1]!.vendorId).toBe(acme.id);
    expect(posture.gradeDistribution).toEqual({ A: 1, B: 0, C: 2, D: 0, F: 0, ungraded: 1 });
    expect([posture.vulnerableLibraries, posture.vendorsWithVulnerableLibraries]).toEqual([3, 2]);
    expect(posture.topThirdParties.map((p) => [p.name, p.vendorCount])).toEqual([
      ['Hotjar', 4],
      ['Google Analytics', 3],
    ]);
  });
});
