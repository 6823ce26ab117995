import { fill, LIMITS, MESSAGES, VENDOR_PORTAL_PATH, WORKSPACE_HEADER } from '@vendorwatch/contracts';
import { remediationRequests, vendorLinks } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { shareWorkspace, type SharedWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused, roleTooLow } from '../workspaces/testing/teams';

/**
 * Remediation requests end to end as the analyst and the vendor meet them: the email with its link,
 * the vendor's page without any sign-in, replies and decisions, attachments typed by their content
 * and served to members only, the link dead after a cancel, and guessing limited per address.
 */
describe('remediation requests', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let team: SharedWorkspace;
  let vendor: { id: string; name: string };
  let assessmentId: string;
  const M = MESSAGES.remediation;
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();
  let address = 0;
  /** Each test speaks from its own client address (the app trusts one proxy hop), so the guessing limit of one never touches another. */
  const from = () => `203.0.113.${++address}`;

  /** The portal without any sign-in, from `client`. */
  const portal = async (client: string, method: string, path: string, json?: unknown) => {
    const response = await fetch(`${t.baseUrl}/api/portal/${path}`, {
      method,
      headers: { 'x-forwarded-for': client, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
  };
  const upload = async (client: string, token: string, checkId: string, name: string, type: string, content: Buffer) => {
    const form = new FormData();
    form.append('checkId', checkId);
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    const response = await fetch(`${t.baseUrl}/api/portal/${token}/attachments`, {
      method: 'POST',
      headers: { 'x-forwarded-for': client },
      body: form,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
    return { status: response.status, body: (await response.json()) as any };
  };

  /** Sends a request as the team's owner and reads the token from the email the contact got. */
  const send = async (input: { checkIds: string[]; contactEmail: string; dueAt?: string; message?: string }) => {
    const created = await team.call(team.owner, 'POST', `/api/vendors/${vendor.id}/remediation-requests`, {
      dueAt: inDays(14),
      ...input,
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(input.contactEmail.toLowerCase()));
    smtp.messages.splice(smtp.messages.indexOf(mail), 1);
    const link = new URL(firstLink(mail));
    expect(link.pathname.startsWith(`${VENDOR_PORTAL_PATH}/`)).toBe(true);
    return { request: created.body, token: link.pathname.slice(VENDOR_PORTAL_PATH.length + 1), mail };
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY_HOPS: '1' });
    team = await shareWorkspace(t);
    vendor = await team.addVendor('Acme');
    const seeded = await seedAssessment(t.database.db, {
      workspaceId: team.id,
      userId: team.owner.id,
      vendorId: vendor.id,
      failing: ['transport.https', 'transport.hsts'],
      warnings: ['transport.mixed-content'],
    });
    assessmentId = seeded.reportId;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends a request by email with a link whose token is stored only as its SHA-256', async () => {
    const { request, token, mail } = await send({
      checkIds: ['transport.https', 'transport.mixed-content'],
      contactEmail: 'Security@Acme.example',
      message: 'Please fix these before the renewal.',
    });
    expect(request).toMatchObject({
      id: expect.any(String),
      vendorId: vendor.id,
      state: 'sent',
      checkIds: ['transport.https', 'transport.mixed-content'],
      contactEmail: 'security@acme.example',
      overdue: false,
      emailed: true,
      link: null,
    });
    expect(mail.subject).toBe(M.subject);
    expect(mail.text).toContain('Every page is served over HTTPS');
    expect(mail.text).toContain('Please fix these before the renewal.');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await t.database.db.select().from(vendorLinks).where(eq(vendorLinks.subjectId, request.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const everything = JSON.stringify(
      await t.database.db.execute(sql`select * from vendor_links, remediation_requests, remediation_events`),
    );
    expect(everything).not.toContain(token);

    const [entry] = await team.audited('remediation_request.create');
    expect(entry).toMatchObject({
      targetId: request.id,
      summary: expect.objectContaining({ contactEmail: 'security@acme.example' }),
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('refuses checks that are not failing or warning, past due dates, long messages, viewers and other workspaces', async () => {
    const path = `/api/vendors/${vendor.id}/remediation-requests`;
    const valid = { checkIds: ['transport.hsts'], contactEmail: 'a@acme.example', dueAt: inDays(3) };
    expectRefused(
      await team.call(team.owner, 'POST', path, { ...valid, checkIds: ['html.lang', 'transport.hsts'] }),
      400,
      fill(M.checksNotFailing, { checks: 'html.lang' }),
    );
    expectRefused(await team.call(team.owner, 'POST', path, { ...valid, checkIds: [] }), 400, fill(M.checkIdsCount, { max: 50 }));
    const tooMany = Array.from({ length: 51 }, (_, i) => `c${i}`);
    expectRefused(
      await team.call(team.owner, 'POST', path, { ...valid, checkIds: tooMany }),
      400,
      fill(M.checkIdsCount, { max: 50 }),
    );
    expectRefused(await team.call(team.owner, 'POST', path, { ...valid, dueAt: inDays(-1) }), 400, M.dueAtInPast);
    expectRefused(await team.call(team.owner, 'POST', path, { ...valid, dueAt: 'soon' }), 400, M.dueAtInvalid);
    expectRefused(
      await team.call(team.owner, 'POST', path, { ...valid, message: 'x'.repeat(2001) }),
      400,
      fill(M.messageTooLong, { max: 2000 }),
    );
    expectRefused(await team.call(team.viewer, 'POST', path, valid), 403, roleTooLow('viewer', 'editor'));
    expect((await team.outside('POST', path, valid)).status).toBe(404);
    // A vendor never assessed has nothing to ask about.
    const fresh = await team.addVendor('Fresh');
    expectRefused(
      await team.call(team.owner, 'POST', `/api/vendors/${fresh.id}/remediation-requests`, valid),
      400,
      M.noAssessment,
    );
  });

  it('goes sent → viewed → responded → closed through the vendor page, without any sign-in', async () => {
    const client = from();
    const { request, token } = await send({ checkIds: ['transport.https', 'transport.hsts'], contactEmail: 'ops@acme.example' });

    const page = await portal(client, 'GET', token);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toMatchObject({
      workspaceName: 'Shared team',
      vendorName: 'Acme',
      dueAt: request.dueAt,
      message: '',
      state: 'viewed',
    });
    expect(page.body.checks).toEqual([
      expect.objectContaining({
        checkId: 'transport.https',
        title: 'Every page is served over HTTPS',
        outcome: 'fail',
        summary: '2 pages were served over plain HTTP',
        howToFix: 'Serve every page over HTTPS and redirect http:// requests to https://.',
        evidence: [
          { url: 'https://vendor.example/page-1', detail: 'Served over http:// (page 1)' },
          { url: 'https://vendor.example/page-2', detail: 'Served over http:// (page 2)' },
        ],
        status: 'open',
        replies: [],
      }),
      expect.objectContaining({ checkId: 'transport.hsts', status: 'open' }),
    ]);
    // Nothing else of the workspace: no ids of its people, its other vendors, its assessment.
    const shown = JSON.stringify(page.body);
    for (const secret of [team.id, team.owner.id, team.owner.email, vendor.id, assessmentId, request.id])
      expect(shown).not.toContain(secret);

    const status = async () => (await team.call(team.viewer, 'GET', `/api/remediation-requests/${request.id}`)).body;
    expect((await status()).state).toBe('viewed');

    const reply = await portal(client, 'POST', `${token}/checks/transport.https/replies`, {
      status: 'fixed',
      comment: 'Redirects are on.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.state).toBe('responded');
    expectRefused(
      await portal(client, 'POST', `${token}/checks/transport.hsts/replies`, { status: 'maybe', comment: 'x' }),
      400,
      M.replyStatusInvalid,
    );
    expectRefused(
      await portal(client, 'POST', `${token}/checks/transport.hsts/replies`, { status: 'disputed', comment: 'x'.repeat(2001) }),
      400,
      fill(M.commentTooLong, { max: 2000 }),
    );
    expectRefused(
      await portal(client, 'POST', `${token}/checks/html.lang/replies`, { status: 'fixed', comment: 'x' }),
      404,
      M.checkNotInRequest,
    );
    await portal(client, 'POST', `${token}/checks/transport.hsts/replies`, {
      status: 'compensating_control',
      comment: 'A WAF adds it.',
    });

    let detail = await status();
    expect(detail.state).toBe('responded');
    expect(detail.awaitingReview).toBe(2);
    expect(detail.checks.map((check: { status: string }) => check.status)).toEqual(['claimed_fixed', 'compensating_control']);
    expect(detail.checks[0].replies).toEqual([
      expect.objectContaining({ author: 'vendor', status: 'fixed', comment: 'Redirects are on.' }),
    ]);

    const decide = (checkId: string, json: unknown, who = team.owner) =>
      team.call(who, 'POST', `/api/remediation-requests/${request.id}/checks/${checkId}/decision`, json);
    expectRefused(await decide('transport.https', { decision: 'accept' }, team.viewer), 403, roleTooLow('viewer', 'editor'));
    expect(
      (
        await team.outside('POST', `/api/remediation-requests/${request.id}/checks/transport.https/decision`, {
          decision: 'accept',
        })
      ).status,
    ).toBe(404);
    expectRefused(await decide('transport.https', { decision: 'maybe' }), 400, M.decisionInvalid);

    // A rejection reopens the check, and the vendor reads the note.
    expect((await decide('transport.https', { decision: 'reject', note: 'Still served over http on /login.' })).status).toBe(200);
    const reopened = await portal(client, 'GET', token);
    expect(reopened.body.checks[0]).toMatchObject({
      status: 'open',
      replies: [
        expect.objectContaining({ author: 'vendor', status: 'fixed' }),
        expect.objectContaining({ author: 'workspace', decision: 'reject', comment: 'Still served over http on /login.' }),
      ],
    });
    expectRefused(await decide('transport.https', { decision: 'accept' }), 409, M.nothingToDecide);

    await portal(client, 'POST', `${token}/checks/transport.https/replies`, { status: 'fixed', comment: 'Now /login too.' });
    expect((await decide('transport.https', { decision: 'accept' })).body.state).toBe('responded');
    detail = (await decide('transport.hsts', { decision: 'accept', note: 'Fine.' })).body;
    expect(detail.state).toBe('closed');
    expect(detail.checks.map((check: { status: string }) => check.status)).toEqual(['accepted', 'accepted']);
    expect(detail.events.map((event: { type: string }) => event.type)).toEqual([
      'sent',
      'viewed',
      'replied',
      'replied',
      'decision',
      'replied',
      'decision',
      'decision',
      'closed',
    ]);
    // A closed request still shows (for the closed-link period), and takes no more replies.
    const closed = await portal(client, 'GET', token);
    expect(closed.body.state).toBe('closed');
    expectRefused(
      await portal(client, 'POST', `${token}/checks/transport.hsts/replies`, { status: 'fixed', comment: 'x' }),
      409,
      fill(M.notOpen, { state: 'closed' }),
    );
    expect(await team.audited('remediation_request.decide')).toHaveLength(3);
    // Thirty days after it closed, the link is dead like any other.
    await t.database.db
      .update(vendorLinks)
      .set({ closedAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(vendorLinks.subjectId, request.id));
    expectRefused(await portal(client, 'GET', token), 404, 'This link is no longer valid');
    for (const action of ['remediation_request.view', 'remediation_request.reply'])
      expect((await team.audited(action))[0]).toMatchObject({
        actorLabel: 'vendor link (ops@acme.example)',
        targetId: request.id,
      });
  });

  it('dies when cancelled, like an unknown or malformed link, and a link reaches its own request alone', async () => {
    const client = from();
    const first = await send({ checkIds: ['transport.https'], contactEmail: 'one@acme.example' });
    const second = await send({ checkIds: ['transport.hsts'], contactEmail: 'two@acme.example' });
    // The first link cannot answer the second request's check, nor read it.
    expectRefused(
      await portal(client, 'POST', `${first.token}/checks/transport.hsts/replies`, { status: 'fixed', comment: 'x' }),
      404,
      M.checkNotInRequest,
    );
    expect(JSON.stringify((await portal(client, 'GET', first.token)).body)).not.toContain('transport.hsts');

    expectRefused(
      await team.call(team.viewer, 'POST', `/api/remediation-requests/${first.request.id}/cancel`),
      403,
      roleTooLow('viewer', 'editor'),
    );
    const cancelled = await team.call(team.owner, 'POST', `/api/remediation-requests/${first.request.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expectRefused(
      await team.call(team.owner, 'POST', `/api/remediation-requests/${first.request.id}/cancel`),
      409,
      fill(M.notOpen, { state: 'cancelled' }),
    );

    const dead = await portal(client, 'GET', first.token);
    expectRefused(dead, 404, 'This link is no longer valid');
    expect(dead.headers.get('referrer-policy')).toBe('no-referrer');
    expectRefused(await portal(client, 'GET', 'A'.repeat(43)), 404, 'This link is no longer valid');
    expectRefused(await portal(client, 'GET', 'not-a-token'), 404, 'This link is no longer valid');
    expectRefused(await portal(client, 'POST', `${first.token}/recheck`), 404, 'This link is no longer valid');
    expect((await portal(client, 'GET', second.token)).status).toBe(200);
  });

  it('takes PDF, PNG and JPEG files by their content and serves them to members only, as attachments', async () => {
    const client = from();
    const { request, token } = await send({ checkIds: ['transport.https'], contactEmail: 'files@acme.example' });
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    expectRefused(await upload(client, token, 'transport.https', 'report.pdf', 'application/pdf', html), 400, M.fileType);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    expectRefused(
      await upload(client, token, 'transport.https', 'report.pdf', 'application/pdf', png),
      400,
      fill(M.fileNameMismatch, { claimed: 'a PDF', actual: 'a PNG image' }),
    );
    expectRefused(await upload(client, token, 'html.lang', 'shot.png', 'image/png', png), 404, M.checkNotInRequest);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const stored = await upload(client, token, 'transport.https', 'Pen test résumé.pdf', 'application/pdf', pdf);
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      id: expect.any(String),
      name: 'Pen test résumé.pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    const tooBig = Buffer.concat([pdf, Buffer.alloc(LIMITS.remediation.maxAttachmentBytes)]);
    expectRefused(
      await upload(client, token, 'transport.https', 'big.pdf', 'application/pdf', tooBig),
      413,
      fill(M.fileTooLarge, { max: 10 }),
    );

    const path = `/api/remediation-requests/${request.id}/attachments/${stored.body.id}`;
    const download = await team.owner.api(path, { headers: { [WORKSPACE_HEADER]: team.id } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Pen test r_sum_.pdf"; filename\*=UTF-8''/,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const viewer = await team.viewer.api(path, { headers: { [WORKSPACE_HEADER]: team.id } });
    expect(viewer.status).toBe(200);
    expect((await fetch(`${t.baseUrl}${path}`)).status).toBe(401);
    expect((await team.outsider.api(path)).status).toBe(404);
    // In another workspace of the owner's (their personal one), the same ids name nothing.
    expect((await team.owner.api(path)).status).toBe(404);

    const detail = (await team.call(team.owner, 'GET', `/api/remediation-requests/${request.id}`)).body;
    expect(detail.checks[0].attachments).toEqual([
      expect.objectContaining({ id: stored.body.id, contentType: 'application/pdf', sha256: stored.body.sha256 }),
    ]);
    const [entry] = await team.audited('remediation_request.attach');
    expect(entry).toMatchObject({ targetId: request.id, summary: expect.objectContaining({ sha256: stored.body.sha256 }) });
  });

  it('is overdue past its due date while open, computed when read', async () => {
    const { request } = await send({ checkIds: ['transport.hsts'], contactEmail: 'late@acme.example', dueAt: inDays(1) });
    await t.database.db
      .update(remediationRequests)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(remediationRequests.id, request.id));
    const listed = await team.call(team.viewer, 'GET', `/api/remediation-requests?state=overdue&vendorId=${vendor.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([request.id]);
    expect(listed.body.items[0]).toMatchObject({ overdue: true, state: 'sent' });
    expect(listed.body.total).toBe(1);
    const all = await team.call(team.viewer, 'GET', `/api/remediation-requests?vendorId=${vendor.id}`);
    expect(all.body.total).toBeGreaterThan(1);
    expect(all.body.items.filter((item: { overdue: boolean }) => item.overdue).map((item: { id: string }) => item.id)).toEqual([
      request.id,
    ]);
    expectRefused(await team.call(team.viewer, 'GET', '/api/remediation-requests?state=late'), 400, M.stateInvalid);
    expect((await team.outside('GET', `/api/remediation-requests/${request.id}`)).status).toBe(404);
    expect((await team.outside('GET', '/api/remediation-requests')).body).toEqual({ items: [], total: 0 });
    // Cancelled, it is no longer overdue.
    await team.call(team.owner, 'POST', `/api/remediation-requests/${request.id}/cancel`);
    expect((await team.call(team.viewer, 'GET', `/api/remediation-requests/${request.id}`)).body.overdue).toBe(false);
    // The list screen's filters: `open` is sent, viewed or responded; a state names itself; each row names its vendor.
    const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
    const open = (await team.call(team.viewer, 'GET', `/api/remediation-requests?state=open&vendorId=${vendor.id}`)).body;
    expect(ids(open)).not.toContain(request.id);
    expect(
      open.items
        .map((item: { state: string }) => item.state)
        .every((state: string) => ['sent', 'viewed', 'responded'].includes(state)),
    ).toBe(true);
    const cancelled = (await team.call(team.viewer, 'GET', '/api/remediation-requests?state=cancelled')).body;
    expect(cancelled.items.find((item: { id: string }) => item.id === request.id)).toMatchObject({
      vendorId: vendor.id,
      vendorName: vendor.name,
      state: 'cancelled',
    });
  });

  it('limits guessing per client address: wrong tokens, then even a right one, answer 429', async () => {
    const client = from();
    const { token } = await send({ checkIds: ['transport.https'], contactEmail: 'guess@acme.example' });
    for (let i = 0; i < LIMITS.remediation.failedLookupsPerMinute; i++)
      expectRefused(await portal(client, 'GET', `${'B'.repeat(42)}${i % 10}`), 404, 'This link is no longer valid');
    expectRefused(await portal(client, 'GET', token), 429, M.tooManyLookups);
    // Another address is not held back by it.
    expect((await portal(from(), 'GET', token)).status).toBe(200);
  });
});
