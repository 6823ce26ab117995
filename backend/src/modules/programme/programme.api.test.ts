import type { DomainPostureFacts } from '@vendorwatch/compliance';
import {
  DEFAULT_PROGRAMME_TIERS,
  fill,
  formatReviewDate,
  MESSAGES,
  type ProgrammeTiers,
  type Vendor,
  type VendorListItem,
  type VendorListPage,
  type VendorReview,
  type Workspace,
} from '@vendorwatch/contracts';
import { asWorkspaceId, CrawlDomainPostureRepository } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, auditEntries, createWorkspace, expectRefused, roleTooLow } from '../workspaces/testing/teams';

const DAY_MS = 86_400_000;
const M = MESSAGES.programme;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Issue 40, items 1 and 2: tiers, a vendor's tier, owner and contacts, the intake, reviews and their status. */
describe('the vendor programme: tiers, intake and reviews', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let team: Workspace;
  let inTeam: Record<string, string>;

  const call = (user: TestUser, method: string, path: string, json?: unknown) => apiCall(user, method, path, json, inTeam);
  const newVendor = async (name: string) => (await call(editor, 'POST', '/api/vendors', { name })).body as Vendor;
  const vendorDetail = async (id: string) => (await call(viewer, 'GET', `/api/vendors/${id}`)).body as VendorListItem;
  const setTier = async (vendor: Vendor, tier: number | null) => {
    const answer = await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { tier });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    [owner, admin, editor, viewer, outsider] = [
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    team = await createWorkspace(owner, 'Programme team');
    inTeam = { 'x-workspace-id': team.id };
    await addMember(t, team.id, admin, 'admin');
    await addMember(t, team.id, editor, 'editor');
    await addMember(t, team.id, viewer, 'viewer');
  });
  afterAll(() => t.close());

  describe('tiers', () => {
    it('gives every member the defaults until an admin saves others; editors may not', async () => {
      const read = await call(viewer, 'GET', '/api/programme/tiers');
      expect(read).toEqual({ status: 200, body: { items: DEFAULT_PROGRAMME_TIERS } });
      expect((read.body as ProgrammeTiers).items.map((tier) => tier.name)).toEqual(['Critical', 'High', 'Medium', 'Low']);

      const items = [
        { tier: 4, name: 'Minor', reviewIntervalDays: null, maxAcceptanceDays: 365 },
        { tier: 1, name: '  Crown jewels ', reviewIntervalDays: 90, maxAcceptanceDays: 30 },
        { tier: 2, name: 'Important', reviewIntervalDays: 365, maxAcceptanceDays: 180 },
        { tier: 3, name: 'Standard', reviewIntervalDays: 730, maxAcceptanceDays: 365 },
      ];
      expectRefused(await call(editor, 'PUT', '/api/programme/tiers', { items }), 403, roleTooLow('editor', 'admin'));
      expectRefused(await call(viewer, 'PUT', '/api/programme/tiers', { items }), 403, roleTooLow('viewer', 'admin'));

      const saved = await call(admin, 'PUT', '/api/programme/tiers', { items });
      expect(saved.status).toBe(200);
      expect((saved.body as ProgrammeTiers).items.map((tier) => [tier.tier, tier.name, tier.reviewIntervalDays])).toEqual([
        [1, 'Crown jewels', 90],
        [2, 'Important', 365],
        [3, 'Standard', 730],
        [4, 'Minor', null],
      ]);
      expect((await call(viewer, 'GET', '/api/programme/tiers')).body).toEqual(saved.body);
      // Another workspace keeps the defaults.
      expect((await apiCall(owner, 'GET', '/api/programme/tiers')).body).toEqual({ items: DEFAULT_PROGRAMME_TIERS });
      expect((await auditEntries(owner, team.id, 'programme_tiers.update'))[0]).toMatchObject({ actorId: admin.id });

      // Back to the defaults for the tests below.
      expect((await call(owner, 'PUT', '/api/programme/tiers', { items: DEFAULT_PROGRAMME_TIERS })).status).toBe(200);
    });

    const tier = (n: number, extra: object = {}) => ({ ...DEFAULT_PROGRAMME_TIERS[n - 1], ...extra });
    it.each([
      ['three tiers', [tier(1), tier(2), tier(3)], M.tiersExactlyFour],
      ['a tier twice', [tier(1), tier(2), tier(3), tier(3)], M.tiersExactlyFour],
      ['a tier 5', [tier(1), tier(2), tier(3), tier(4, { tier: 5 })], M.tierInvalid],
      ['an empty name', [tier(1, { name: '  ' }), tier(2), tier(3), tier(4)], M.tierNameRequired],
      [
        'a 61-character name',
        [tier(1, { name: 'x'.repeat(61) }), tier(2), tier(3), tier(4)],
        'A tier name must be at most 60 characters',
      ],
      [
        'a 3-day interval',
        [tier(1, { reviewIntervalDays: 3 }), tier(2), tier(3), tier(4)],
        fill(M.reviewIntervalInvalid, { min: 7, max: 3650 }),
      ],
      [
        'a fractional interval',
        [tier(1, { reviewIntervalDays: 30.5 }), tier(2), tier(3), tier(4)],
        fill(M.reviewIntervalInvalid, { min: 7, max: 3650 }),
      ],
      [
        'no acceptance limit',
        [tier(1, { maxAcceptanceDays: null }), tier(2), tier(3), tier(4)],
        fill(M.maxAcceptanceInvalid, { min: 1, max: 3650 }),
      ],
    ])('refuses %s with 400', async (_, items, message) => {
      expectRefused(await call(admin, 'PUT', '/api/programme/tiers', { items }), 400, message);
    });
  });

  describe('intake', () => {
    it.each([
      // dataAccess, criticality, systemAccess → tier (the most severe answer; two at tier 2 make tier 1)
      ['none', 'low', 'none', 4],
      ['business', 'low', 'none', 3],
      ['none', 'medium', 'none', 3],
      ['none', 'low', 'read', 3],
      ['personal', 'low', 'none', 2],
      ['none', 'high', 'none', 2],
      ['none', 'low', 'write', 2],
      ['business', 'medium', 'read', 3],
      ['sensitive', 'low', 'none', 1],
      ['personal', 'high', 'none', 1],
      ['personal', 'low', 'write', 1],
      ['none', 'high', 'write', 1],
      ['personal', 'medium', 'read', 2],
    ] as const)(
      'suggests for data %s, criticality %s, system access %s: tier %i',
      async (dataAccess, criticality, systemAccess, tier) => {
        const vendor = await newVendor(`Intake ${dataAccess} ${criticality} ${systemAccess}`);
        const answer = await call(editor, 'POST', `/api/vendors/${vendor.id}/intake`, { dataAccess, criticality, systemAccess });
        expect(answer.status).toBe(200);
        expect(answer.body.suggestedTier).toBe(tier);
        expect(answer.body.reasons.length).toBeGreaterThanOrEqual(3);
        expect(answer.body.reasons.at(-1)).toMatch(/tier \d/);
        expect((await vendorDetail(vendor.id)).intake).toMatchObject({
          dataAccess,
          criticality,
          systemAccess,
          suggestedTier: tier,
        });
      },
    );

    it('words its reasons plainly, refuses unknown answers and viewers, and is audited', async () => {
      const vendor = await newVendor('Reasons Co');
      const answer = await call(editor, 'POST', `/api/vendors/${vendor.id}/intake`, {
        dataAccess: 'personal',
        criticality: 'high',
        systemAccess: 'none',
      });
      expect(answer.body).toEqual({
        suggestedTier: 1,
        reasons: [
          'It handles personal data: tier 2',
          'The company depends on its service: tier 2',
          'It has no access to the company’s systems: tier 4',
          '2 answers point to tier 2: together they make tier 1',
        ],
      });
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/intake`, {
          dataAccess: 'all',
          criticality: 'high',
          systemAccess: 'none',
        }),
        400,
        M.intakeDataAccess,
      );
      expectRefused(
        await call(viewer, 'POST', `/api/vendors/${vendor.id}/intake`, {
          dataAccess: 'none',
          criticality: 'low',
          systemAccess: 'none',
        }),
        403,
        roleTooLow('viewer', 'editor'),
      );
      expect((await auditEntries(owner, team.id, 'vendor.intake'))[0]).toMatchObject({
        targetId: vendor.id,
        summary: { dataAccess: 'personal', criticality: 'high', systemAccess: 'none', suggestedTier: 1 },
      });
    });
  });

  describe("a vendor's tier, owner and contacts", () => {
    it('needs a reason for a tier other than the suggestion, and keeps and audits it', async () => {
      const vendor = await newVendor('Tiered Co');
      await call(editor, 'POST', `/api/vendors/${vendor.id}/intake`, {
        dataAccess: 'sensitive',
        criticality: 'low',
        systemAccess: 'none',
      });

      expectRefused(
        await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { tier: 3 }),
        400,
        fill(M.tierReasonRequired, { suggested: 1, tier: 3 }),
      );
      expectRefused(
        await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { tier: 3, tierReason: '   ' }),
        400,
        fill(M.tierReasonRequired, { suggested: 1, tier: 3 }),
      );
      expect((await vendorDetail(vendor.id)).tier).toBeNull();

      const reason = 'Only anonymised extracts reach them';
      const changed = await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { tier: 3, tierReason: reason });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ tier: 3, tierReason: reason });
      expect(await vendorDetail(vendor.id)).toMatchObject({ tier: 3, tierReason: reason });
      expect((await auditEntries(owner, team.id, 'vendor.update'))[0]).toMatchObject({
        targetId: vendor.id,
        summary: { tier: 3, tierReason: reason, tierBefore: null, suggestedTier: 1 },
      });
      // Saving other fields keeps the tier and its reason; the suggested tier needs none.
      expect((await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { description: 'Payroll' })).body).toMatchObject({
        tier: 3,
        tierReason: reason,
      });
      expect((await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { tier: 1 })).body).toMatchObject({
        tier: 1,
        tierReason: '',
      });
      // Without an intake there is no suggestion to differ from.
      const plain = await newVendor('No intake Co');
      expect((await call(editor, 'PUT', `/api/vendors/${plain.id}`, { tier: 2 })).body).toMatchObject({ tier: 2 });
      expectRefused(await call(editor, 'PUT', `/api/vendors/${plain.id}`, { tier: 5 }), 400, M.tierInvalid);
      expectRefused(await call(viewer, 'PUT', `/api/vendors/${plain.id}`, { tier: 1 }), 403, roleTooLow('viewer', 'editor'));
    });

    it('takes an owner who is a member and up to 10 valid contacts', async () => {
      const vendor = await newVendor('Owned Co');
      expectRefused(await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { ownerUserId: outsider.id }), 400, M.ownerNotMember);
      const contacts = [{ name: ' Dana Scully ', email: 'Dana@Vendor.example' }, { email: 'security@vendor.example' }];
      const saved = await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { ownerUserId: viewer.id, contacts });
      expect(saved.status).toBe(200);
      expect(await vendorDetail(vendor.id)).toMatchObject({
        ownerUserId: viewer.id,
        contacts: [
          { name: 'Dana Scully', email: 'dana@vendor.example' },
          { name: null, email: 'security@vendor.example' },
        ],
      });
      expectRefused(
        await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { contacts: [{ email: 'not-an-address' }] }),
        400,
        M.contactEmailInvalid,
      );
      expectRefused(
        await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { contacts: [{ name: 'x'.repeat(201), email: 'a@b.example' }] }),
        400,
        fill(M.contactNameTooLong, { max: 200 }),
      );
      const eleven = Array.from({ length: 11 }, (_, i) => ({ email: `c${i}@vendor.example` }));
      expectRefused(
        await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { contacts: eleven }),
        400,
        fill(M.tooManyContacts, { max: 10 }),
      );
      expect((await call(editor, 'PUT', `/api/vendors/${vendor.id}`, { ownerUserId: null, contacts: [] })).body).toMatchObject({
        ownerUserId: null,
        contacts: [],
      });
    });
  });

  describe('reviews and their status', () => {
    it('records a review with the reviewer, grade, latest assessment and the next date the tier sets', async () => {
      const vendor = await newVendor('Reviewed Co');
      await setTier(vendor, 1);
      const { reportId } = await seedAssessment(t.database.db, {
        workspaceId: asWorkspaceId(team.id),
        userId: editor.id,
        vendorId: vendor.id,
      });
      expect((await vendorDetail(vendor.id)).review).toEqual({
        status: 'not_reviewed',
        reason: 'The vendor has not been reviewed yet',
        lastReviewedAt: null,
        nextReviewAt: null,
      });

      const before = Date.now();
      const answer = await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved', notes: 'Clean' });
      expect(answer.status).toBe(201);
      const review = answer.body as VendorReview;
      expect(review).toMatchObject({
        decision: 'approved',
        notes: 'Clean',
        reviewerUserId: editor.id,
        assessmentId: reportId,
        grade: null,
      });
      expect(Date.parse(review.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(review.nextReviewAt!) - Date.parse(review.reviewedAt)).toBe(180 * DAY_MS);

      const detail = await vendorDetail(vendor.id);
      expect(detail.review).toMatchObject({
        status: 'up_to_date',
        lastReviewedAt: review.reviewedAt,
        nextReviewAt: review.nextReviewAt,
      });
      expect(detail.review.reason).toBe(
        `Reviewed on ${formatReviewDate(review.reviewedAt)}; the next review is due on ${formatReviewDate(review.nextReviewAt!)}`,
      );
      expect((await auditEntries(owner, team.id, 'vendor_review.create'))[0]).toMatchObject({
        targetId: vendor.id,
        summary: { decision: 'approved' },
      });
    });

    it('is overdue after a back-dated review past its interval, due soon within 30 days, and lists newest first', async () => {
      const vendor = await newVendor('Back-dated Co');
      await setTier(vendor, 1);
      const old = await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, {
        decision: 'approved_with_conditions',
        reviewedAt: isoDay(daysAgo(200)),
      });
      expect(old.status).toBe(201);
      expect(old.body.reviewedAt).toBe(`${isoDay(daysAgo(200))}T00:00:00.000Z`);
      const overdue = (await vendorDetail(vendor.id)).review;
      expect(overdue).toMatchObject({ status: 'overdue', lastReviewedAt: old.body.reviewedAt });
      expect(overdue.reason).toBe(`The review was due on ${formatReviewDate(overdue.nextReviewAt!)}`);

      const recent = await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, {
        decision: 'rejected',
        reviewedAt: daysAgo(165).toISOString(),
      });
      expect(recent.status).toBe(201);
      const dueSoon = (await vendorDetail(vendor.id)).review;
      expect(dueSoon.status).toBe('due_soon');
      expect(dueSoon.reason).toBe(`The next review is due on ${formatReviewDate(dueSoon.nextReviewAt!)}`);

      // An older review recorded later does not move the last review back.
      await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved', reviewedAt: isoDay(daysAgo(400)) });
      const listed = await call(viewer, 'GET', `/api/vendors/${vendor.id}/reviews`);
      expect(listed.status).toBe(200);
      expect((listed.body.items as VendorReview[]).map((review) => review.decision)).toEqual([
        'rejected',
        'approved_with_conditions',
        'approved',
      ]);
      expect((await vendorDetail(vendor.id)).review.status).toBe('due_soon');

      // A tier with no scheduled review has no next date; neither has a vendor without a tier.
      await setTier(vendor, 4);
      expect((await vendorDetail(vendor.id)).review).toMatchObject({ status: 'up_to_date', nextReviewAt: null });
      await setTier(vendor, null);
      const untiered = await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved' });
      expect(untiered.body.nextReviewAt).toBeNull();
    });

    it('refuses a review dated in the future, a bad decision or date, and viewers', async () => {
      const vendor = await newVendor('Future Co');
      const tomorrow = isoDay(new Date(Date.now() + DAY_MS));
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved', reviewedAt: tomorrow }),
        400,
        M.reviewDateInFuture,
      );
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, {
          decision: 'approved',
          reviewedAt: new Date(Date.now() + 3_600_000 * 30).toISOString(),
        }),
        400,
        M.reviewDateInFuture,
      );
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved', reviewedAt: 'last week' }),
        400,
        M.reviewDateInvalid,
      );
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'fine' }),
        400,
        M.reviewDecisionInvalid,
      );
      expectRefused(
        await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved', notes: 'x'.repeat(5001) }),
        400,
        fill(M.reviewNotesTooLong, { max: 5000 }),
      );
      expectRefused(
        await call(viewer, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved' }),
        403,
        roleTooLow('viewer', 'editor'),
      );
      expect((await call(viewer, 'GET', `/api/vendors/${vendor.id}/reviews`)).body).toEqual({ items: [] });
    });

    it("answers 404 for another workspace's vendor on every programme route", async () => {
      const theirs = (await apiCall(outsider, 'POST', '/api/vendors', { name: 'Elsewhere' })).body as Vendor;
      const notFound = { status: 404, message: MESSAGES.vendors.notFound };
      const refused = async (method: string, path: string, json?: unknown) => {
        const answer = await call(owner, method, path, json);
        expect({ status: answer.status, message: answer.body?.message }).toEqual(notFound);
      };
      await refused('GET', `/api/vendors/${theirs.id}/reviews`);
      await refused('POST', `/api/vendors/${theirs.id}/reviews`, { decision: 'approved' });
      await refused('POST', `/api/vendors/${theirs.id}/intake`, { dataAccess: 'none', criticality: 'low', systemAccess: 'none' });
      await refused('PUT', `/api/vendors/${theirs.id}`, { tier: 1 });
      await refused('GET', `/api/vendors/${theirs.id}`);
      expect((await apiCall(outsider, 'GET', `/api/vendors/${theirs.id}/reviews`)).body).toEqual({ items: [] });
    });

    it('is due now when a certificate of the latest crawl expires within 14 days, naming it', async () => {
      const vendor = await newVendor('Expiring Co');
      await setTier(vendor, 2);
      await call(editor, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved' });
      const { jobId } = await seedAssessment(t.database.db, {
        workspaceId: asWorkspaceId(team.id),
        userId: editor.id,
        vendorId: vendor.id,
      });
      const validTo = new Date(Date.now() + 10 * DAY_MS).toISOString();
      const later = new Date(Date.now() + 90 * DAY_MS).toISOString();
      await new CrawlDomainPostureRepository(t.database.db).save(asWorkspaceId(team.id), jobId, {
        checkedAt: new Date().toISOString(),
        domains: [],
        origins: [
          { origin: 'https://www.expiring.example', host: 'www.expiring.example', certificate: { validTo: later } },
          { origin: 'https://shop.expiring.example', host: 'shop.expiring.example', certificate: { validTo } },
        ],
        lookups: { queries: 0 },
      } as unknown as DomainPostureFacts);
      expect((await vendorDetail(vendor.id)).review).toMatchObject({
        status: 'due_now',
        reason: `The certificate of shop.expiring.example expires on ${formatReviewDate(validTo)}`,
      });
    });
  });

  describe('the vendors list', () => {
    it('filters by tier and review status together with the search and the page, and shows both on each row', async () => {
      const carol = await t.signUp();
      const mine = (name: string) => apiCall(carol, 'POST', '/api/vendors', { name }).then((answer) => answer.body as Vendor);
      const [critical, low, , overdue] = [
        await mine('Critical One'),
        await mine('Low One'),
        await mine('Untiered One'),
        await mine('Overdue One'),
      ];
      for (const [vendor, tier] of [
        [critical, 1],
        [low, 4],
        [overdue, 1],
      ] as const) {
        expect((await apiCall(carol, 'PUT', `/api/vendors/${vendor.id}`, { tier })).status).toBe(200);
      }
      await apiCall(carol, 'POST', `/api/vendors/${overdue.id}/reviews`, {
        decision: 'approved',
        reviewedAt: isoDay(daysAgo(365)),
      });
      await apiCall(carol, 'POST', `/api/vendors/${critical.id}/reviews`, { decision: 'approved' });

      const names = async (query: string) => {
        const answer = await apiCall(carol, 'GET', `/api/vendors?sort=name${query}`);
        expect(answer.status).toBe(200);
        return (answer.body as VendorListPage).items.map((item) => item.name);
      };
      expect(await names('&tier=1')).toEqual(['Critical One', 'Overdue One']);
      expect(await names('&tier=none')).toEqual(['Untiered One']);
      expect(await names('&reviewStatus=overdue')).toEqual(['Overdue One']);
      expect(await names('&reviewStatus=not_reviewed')).toEqual(['Low One', 'Untiered One']);
      expect(await names('&reviewStatus=up_to_date&tier=1')).toEqual(['Critical One']);
      expect(await names('&reviewStatus=not_reviewed&q=low')).toEqual(['Low One']);
      expect(await names('&reviewStatus=due_now')).toEqual([]);

      const page = (await apiCall(carol, 'GET', '/api/vendors?sort=name&limit=2&page=2&reviewStatus=not_reviewed'))
        .body as VendorListPage;
      expect(page).toMatchObject({ total: 2, items: [] });
      const rows = (await apiCall(carol, 'GET', '/api/vendors?sort=name')).body as VendorListPage;
      expect(rows.items.map((item) => [item.name, item.tier, item.review.status])).toEqual([
        ['Critical One', 1, 'up_to_date'],
        ['Low One', 4, 'not_reviewed'],
        ['Overdue One', 1, 'overdue'],
        ['Untiered One', null, 'not_reviewed'],
      ]);

      expectRefused(
        await apiCall(carol, 'GET', '/api/vendors?tier=7'),
        400,
        fill(MESSAGES.vendorList.invalidTier, { values: '1, 2, 3, 4, none' }),
      );
      expectRefused(
        await apiCall(carol, 'GET', '/api/vendors?reviewStatus=late'),
        400,
        fill(MESSAGES.vendorList.invalidReviewStatus, { values: 'not_reviewed, up_to_date, due_soon, overdue, due_now' }),
      );
    });
  });
});
