import { PassThrough } from 'node:stream';
import { pdfPages } from '../testing/read-exports';
import type { RiskProfile } from './risk-profile';
import { writeRiskProfilePdf } from './risk-profile-pdf';

const grade = (letter: 'A' | 'B' | 'C' | 'D' | 'F' | null, score: number | null) => ({
  letter,
  score,
  checksCounted: 4,
  cappedBy: null,
});

const profile: RiskProfile = {
  generatedAt: new Date('2026-11-29T09:00:00Z'),
  vendor: { name: 'Acme Payroll', url: 'https://acme.example/' },
  tier: { tier: 1, name: 'Critical' },
  tierReason: 'Runs our payroll',
  intake: {
    answers: [{ question: 'Data it handles', answer: 'Sensitive personal data' }],
    suggestedTier: 2,
    reasons: ['It handles sensitive personal data'],
    answeredAt: new Date('2026-11-01T00:00:00Z'),
  },
  owner: 'olga@example.com',
  contacts: [{ name: 'Sam Vendor', email: 'sam@acme.example' }],
  grades: {
    assessedAt: new Date('2026-11-20T00:00:00Z'),
    overall: grade('C', 74.5),
    categories: [{ title: 'Security headers', grade: grade('F', 20) }],
  },
  review: {
    status: 'Overdue',
    reason: 'The review was due on 1 Nov 2026',
    lastReviewedAt: new Date('2026-05-01T00:00:00Z'),
    nextReviewAt: new Date('2026-11-01T00:00:00Z'),
  },
  reviews: Array.from({ length: 60 }, (_, i) => ({
    reviewedAt: new Date(Date.UTC(2026, 4, 1) - i * 86_400_000),
    decision: i === 0 ? 'Approved with conditions' : 'Approved',
    reviewer: 'rita@example.com',
    grade: 'B',
    notes: i === 0 ? 'Fix the headers' : '',
  })),
  requests: [
    {
      createdAt: new Date('2026-11-21T00:00:00Z'),
      dueAt: new Date('2026-11-28T00:00:00Z'),
      state: 'Viewed',
      overdue: true,
      contactEmail: 'sam@acme.example',
      checks: [{ checkId: 'headers.csp', title: 'A Content-Security-Policy is set', status: 'Claimed fixed' }],
    },
  ],
  acceptances: [
    {
      checkId: 'headers.hsts',
      title: 'HSTS is set',
      justification: 'Legacy host retired in January',
      expiresAt: new Date('2027-01-15T00:00:00Z'),
      approver: 'adam@example.com',
    },
  ],
  questionnaire: {
    templateName: 'MVSP 3.0',
    state: 'Submitted',
    score: 67,
    dueAt: new Date('2026-12-10T00:00:00Z'),
    submittedAt: new Date('2026-11-25T00:00:00Z'),
    contradictions: [
      {
        questionId: '2.6',
        text: 'Do you enforce HTTPS with HSTS?',
        checkId: 'transport.hsts',
        evidence: ['No Strict-Transport-Security header on https://acme.example/'],
      },
    ],
  },
  documents: [
    { type: 'SOC 2 report', name: 'soc2-2026.pdf', validUntil: '2026-12-15', status: 'Expiring soon' },
    { type: 'ISO 27001 certificate', name: 'iso.pdf', validUntil: '2026-01-01', status: 'Expired' },
  ],
};

async function render(input: RiskProfile): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeRiskProfilePdf(input, out);
  out.end();
  return Buffer.concat(chunks);
}

describe('the vendor risk profile PDF', () => {
  it('says the tier and why, owner, grades, review history, open requests and accepted risks, on framed pages', async () => {
    const pages = await pdfPages(await render(profile));
    const text = pages.join('\n');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Acme Payroll');
    expect(pages[0]).toContain('https://acme.example/');
    expect(text).toMatch(/Tier: 1 · Critical/);
    expect(text).toContain('Runs our payroll');
    expect(text).toContain('It handles sensitive personal data');
    expect(text).toContain('Owner: olga@example.com');
    expect(text).toContain('Sam Vendor <sam@acme.example>');
    expect(text).toMatch(/Security headers\s+F\s+20/);
    expect(text).toContain('The review was due on 1 Nov 2026');
    expect(text).toMatch(/2026-05-01\s+Approved with conditions\s+rita@example.com\s+B/);
    expect(text).toContain('A Content-Security-Policy is set (headers.csp)');
    expect(text).toContain('Claimed fixed');
    expect(text).toContain('(overdue)');
    expect(text).toContain('Legacy host retired in January');
    expect(text).toContain('Approved by: adam@example.com');
    expect(text).toContain('Latest questionnaire');
    expect(text).toMatch(/MVSP 3\.0: Submitted · due 2026-12-10/);
    expect(text).toContain('Score: 67 / 100');
    expect(text).toContain('2.6: Do you enforce HTTPS with HSTS? (transport.hsts)');
    expect(text).toContain('No Strict-Transport-Security header on https://acme.example/');
    expect(text).toMatch(/SOC 2 report\s+soc2-2026\.pdf\s+2026-12-15\s+Expiring soon/);
    expect(text).toMatch(/ISO 27001 certificate\s+iso\.pdf\s+2026-01-01\s+Expired/);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it('says plainly what a new vendor has none of', async () => {
    const [page = '', ...rest] = await pdfPages(
      await render({
        ...profile,
        tier: null,
        tierReason: '',
        intake: null,
        owner: null,
        contacts: [],
        grades: null,
        review: {
          status: 'Not reviewed',
          reason: 'The vendor has not been reviewed yet',
          lastReviewedAt: null,
          nextReviewAt: null,
        },
        reviews: [],
        requests: [],
        acceptances: [],
        questionnaire: null,
        documents: [],
      }),
    );
    expect(page).toContain('No tier set');
    expect(page).toContain('No intake was answered for this vendor.');
    expect(page).toContain('Owner: Nobody');
    expect(page).toContain('The vendor has not been assessed yet.');
    expect(page).toContain('No remediation request is open.');
    expect(page).toContain('No risk of this vendor is accepted.');
    const text = [page, ...rest].join('\n');
    expect(text).toContain('No questionnaire was sent to this vendor.');
    expect(text).toContain('The vendor has uploaded no document.');
  });
});
