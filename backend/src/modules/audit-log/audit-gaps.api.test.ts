import { gradesOf } from '@vendorwatch/compliance';
import type { AuditEntry, Vendor, Workspace } from '@vendorwatch/contracts';
import { CrawlInventoriesRepository } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { confirmationLinkTo, openConfirmationLink } from '../alerts/testing/confirmation-links';
import { apiCall, auditEntries } from '../workspaces/testing/teams';

/**
 * Issue 37 row 8: what had no entry, or one without the detail that matters, now has it — the SBOM
 * and portfolio CSV exports, a vendor's domains and DKIM selectors (with what they were), and an
 * alert address confirmed from its email.
 */
describe('audit log: the gaps of issue 37 closed', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let alice: TestUser;
  let personal: Workspace;
  let vendor: Vendor;
  const entries = (action: string) => auditEntries(alice, personal.id, action);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({ SMTP_URL: smtp.url });
    alice = await t.signUp();
    personal = ((await apiCall(alice, 'GET', '/api/workspaces')).body as Workspace[]).find((each) => each.personal)!;
    vendor = (
      await apiCall(alice, 'POST', '/api/vendors', {
        name: 'Acme',
        url: 'https://acme.example.com',
        domains: ['acme.example.com'],
        dkimSelectors: ['google'],
      })
    ).body as Vendor;
    const seeded = await seedAssessment(t.database.db, {
      userId: alice.id,
      vendorId: vendor.id,
      failing: [],
      assessedAt: new Date(),
    });
    await new CrawlInventoriesRepository(t.database.db).save({
      jobId: seeded.jobId,
      workspaceId: seeded.input.workspaceId,
      userId: alice.id,
      vendorId: vendor.id,
      crawlCompletedAt: new Date(),
      inventory: { libraries: [], technologies: [], thirdParties: [], dataSources: [] },
      grades: gradesOf(seeded.input.checks),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('records an SBOM download: who, which vendor, the file', async () => {
    const response = await alice.api(`/api/vendors/${vendor.id}/sbom`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const [entry] = await entries('vendor.sbom_export');
    expect(entry).toMatchObject<Partial<AuditEntry>>({
      actorId: alice.id,
      targetType: 'vendor',
      targetId: vendor.id,
      summary: { vendorName: 'Acme', fileName: expect.stringMatching(/^sbom-acme-.*\.cdx\.json$/) },
    });
  });

  it('records a portfolio CSV export with the filters it used', async () => {
    const response = await alice.api('/api/portfolio/third-parties/export?trackers=true');
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const [entry] = await entries('portfolio.export');
    expect(entry).toMatchObject({ actorId: alice.id, targetType: 'portfolio', summary: { filters: { trackers: true } } });
  });

  it("records a change of a vendor's domains and DKIM selectors with what they were and what they are", async () => {
    const updated = await apiCall(alice, 'PUT', `/api/vendors/${vendor.id}`, {
      domains: ['mail.acme.example.com', 'acme.example.com'],
      dkimSelectors: ['selector1'],
    });
    expect(updated.status).toBe(200);
    const [entry] = await entries('vendor.update');
    expect(entry).toMatchObject({
      targetId: vendor.id,
      summary: {
        domains: ['mail.acme.example.com', 'acme.example.com'],
        domainsBefore: ['acme.example.com'],
        dkimSelectors: ['selector1'],
        dkimSelectorsBefore: ['google'],
      },
    });
    // A rename alone records neither.
    await apiCall(alice, 'PUT', `/api/vendors/${vendor.id}`, { name: 'Acme Corp' });
    expect((await entries('vendor.update'))[0]!.summary).toEqual({ name: 'Acme Corp' });
  });

  it('records an alert address confirmed from its email: the address, the channel, the client', async () => {
    const address = 'alerts-inbox@example.com';
    const channel = await apiCall(alice, 'POST', '/api/alerts/channels', { name: 'Inbox', kind: 'email', target: address });
    expect(channel.status).toBe(201);
    const opened = await openConfirmationLink(t.baseUrl, await confirmationLinkTo(smtp, address));
    expect(opened.status).toBe(200);
    const [entry] = await entries('alert_channel.confirm');
    expect(entry).toMatchObject({
      actorType: 'user',
      actorId: null,
      actorLabel: address,
      targetType: 'alert_channel',
      targetId: channel.body.id,
      summary: { name: 'Inbox', kind: 'email', email: address },
      clientAddress: '127.0.0.1',
    });
    // The link works once: a second opening changes nothing and records nothing.
    expect((await openConfirmationLink(t.baseUrl, await confirmationLinkTo(smtp, address))).status).toBe(400);
    expect(await entries('alert_channel.confirm')).toHaveLength(1);
  });
});
