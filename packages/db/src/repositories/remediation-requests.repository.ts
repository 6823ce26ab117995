import {
  OPEN_REMEDIATION_STATES,
  type RemediationCheckStatus,
  type RemediationDecision,
  type RemediationEventType,
  type RemediationState,
  type VendorReplyStatus,
} from '@vendorwatch/contracts';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../database';
import {
  complianceAssessments,
  complianceCheckResults,
  crawlJobs,
  remediationAttachments,
  remediationEvents,
  remediationRechecks,
  remediationReplies,
  remediationRequestChecks,
  remediationRequests,
  vendors,
  workspaces,
} from '../schema';
import type { WorkspaceId } from '../workspace-id';
import { vendorOwnerEmail } from './vendor-owner.query';

export type RemediationRequestRow = typeof remediationRequests.$inferSelect;
export type RemediationCheckRow = typeof remediationRequestChecks.$inferSelect;
export type RemediationReplyRow = typeof remediationReplies.$inferSelect;
export type RemediationEventRow = typeof remediationEvents.$inferSelect;
export type RemediationRecheckRow = typeof remediationRechecks.$inferSelect;
export type RemediationAttachmentRow = Omit<typeof remediationAttachments.$inferSelect, 'content'>;
export type RemediationAttachmentFile = typeof remediationAttachments.$inferSelect;
export type CheckResultRow = typeof complianceCheckResults.$inferSelect;

/** A request as lists show it: with its vendor's name, its checks' ids and how many replies wait on a decision. */
export type RemediationRequestListRow = RemediationRequestRow & {
  vendorName: string;
  checkIds: string[];
  awaitingReview: number;
};

export type NewRemediationRequest = Pick<
  RemediationRequestRow,
  'workspaceId' | 'vendorId' | 'assessmentId' | 'createdBy' | 'createdByLabel' | 'contactEmail' | 'dueAt' | 'message'
> & { checks: { checkId: string; title: string }[] };

export interface RemediationListFilters {
  vendorId?: string;
  /** A state, or `open` (sent, viewed, responded), or `overdue` (open past its due date at `now`). */
  state?: RemediationState | 'open' | 'overdue';
  now: Date;
}

export interface NewRemediationEvent {
  workspaceId: WorkspaceId;
  requestId: string;
  type: RemediationEventType;
  actor: string;
  detail?: Record<string, unknown>;
  at?: Date;
}

const OPEN = [...OPEN_REMEDIATION_STATES] as RemediationState[];
/** A vendor's reply sets one of these; an analyst decides on it. */
const AWAITING_REVIEW: RemediationCheckStatus[] = ['claimed_fixed', 'compensating_control', 'disputed'];
const SETTLED: RemediationCheckStatus[] = ['resolved', 'accepted'];
const LIVE_CRAWL = ['queued', 'running'] as const;
/**
 * How long after its crawl ended a re-check not yet applied still counts as running: the assessment
 * and the re-check's step take seconds to a minute after a crawl ends, longer on a busy worker.
 */
const RECHECK_APPLY_WINDOW_MS = 15 * 60_000;

/** Remediation requests, their checks, replies, attachments, events and re-checks. */
export class RemediationRequestsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` with this repository bound to one transaction: what it writes lands together or not at all. */
  async transaction<T>(work: (requests: RemediationRequestsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RemediationRequestsRepository(tx)));
  }

  /** The request, its checks and its `sent` event, in one transaction. */
  async create(input: NewRemediationRequest, actor: string): Promise<RemediationRequestRow> {
    return this.db.transaction(async (tx) => {
      const { checks, ...values } = input;
      const [request] = await tx.insert(remediationRequests).values(values).returning();
      await tx.insert(remediationRequestChecks).values(
        checks.map((check, position) => ({
          requestId: request!.id,
          workspaceId: input.workspaceId,
          checkId: check.checkId,
          title: check.title,
          position,
        })),
      );
      await tx.insert(remediationEvents).values({
        workspaceId: input.workspaceId,
        requestId: request!.id,
        type: 'sent',
        actor,
        detail: { contactEmail: input.contactEmail, checks: checks.length },
      });
      return request!;
    });
  }

  /** The request is gone again: its email could not be sent. */
  async delete(id: string): Promise<void> {
    await this.db.delete(remediationRequests).where(eq(remediationRequests.id, id));
  }

  /** For the sending limits: requests the workspace sent since `since`, and when `email` last got one from it. */
  async recentlySent(
    workspaceId: WorkspaceId,
    email: string,
    since: Date,
  ): Promise<{ sent: number; oldest: Date | null; recipientLast: Date | null }> {
    const [row] = await this.db
      .select({
        sent: count(),
        oldest: sql<Date | null>`min(${remediationRequests.createdAt})`.mapWith((value) =>
          value ? new Date(value as string) : null,
        ),
        recipientLast:
          sql<Date | null>`max(${remediationRequests.createdAt}) filter (where ${remediationRequests.contactEmail} = ${email})`.mapWith(
            (value) => (value ? new Date(value as string) : null),
          ),
      })
      .from(remediationRequests)
      .where(and(eq(remediationRequests.workspaceId, workspaceId), gte(remediationRequests.createdAt, since)));
    return row ?? { sent: 0, oldest: null, recipientLast: null };
  }

  async list(
    workspaceId: WorkspaceId,
    filters: RemediationListFilters,
    page: number,
    limit: number,
  ): Promise<{ rows: RemediationRequestListRow[]; total: number }> {
    const where = and(eq(remediationRequests.workspaceId, workspaceId), ...this.filterConditions(filters));
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(remediationRequests).where(where);
    const rows = await this.listSelect()
      .where(where)
      .orderBy(desc(remediationRequests.createdAt), desc(remediationRequests.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { rows, total };
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<RemediationRequestListRow | undefined> {
    const [row] = await this.listSelect()
      .where(and(eq(remediationRequests.workspaceId, workspaceId), eq(remediationRequests.id, id)))
      .limit(1);
    return row;
  }

  private listSelect() {
    return this.db
      .select({
        ...this.requestColumns(),
        vendorName: vendors.name,
        checkIds: sql<
          string[]
        >`array(select ${remediationRequestChecks.checkId} from ${remediationRequestChecks} where ${remediationRequestChecks.requestId} = ${remediationRequests.id} order by ${remediationRequestChecks.position})`,
        awaitingReview: sql<number>`(select count(*)::int from ${remediationRequestChecks} where ${remediationRequestChecks.requestId} = ${remediationRequests.id} and ${remediationRequestChecks.status} in ('claimed_fixed', 'compensating_control', 'disputed'))`,
      })
      .from(remediationRequests)
      .innerJoin(vendors, eq(vendors.id, remediationRequests.vendorId));
  }

  private requestColumns() {
    const r = remediationRequests;
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      vendorId: r.vendorId,
      assessmentId: r.assessmentId,
      createdBy: r.createdBy,
      createdByLabel: r.createdByLabel,
      contactEmail: r.contactEmail,
      dueAt: r.dueAt,
      message: r.message,
      state: r.state,
      createdAt: r.createdAt,
      viewedAt: r.viewedAt,
      respondedAt: r.respondedAt,
      closedAt: r.closedAt,
      cancelledAt: r.cancelledAt,
    };
  }

  private filterConditions({ vendorId, state, now }: RemediationListFilters): SQL[] {
    const conditions: SQL[] = [];
    if (vendorId) conditions.push(eq(remediationRequests.vendorId, vendorId));
    if (state === 'open') conditions.push(inArray(remediationRequests.state, OPEN));
    else if (state === 'overdue') conditions.push(inArray(remediationRequests.state, OPEN), lt(remediationRequests.dueAt, now));
    else if (state) conditions.push(eq(remediationRequests.state, state));
    return conditions;
  }

  async checksOf(requestId: string): Promise<RemediationCheckRow[]> {
    return this.db
      .select()
      .from(remediationRequestChecks)
      .where(eq(remediationRequestChecks.requestId, requestId))
      .orderBy(asc(remediationRequestChecks.position));
  }

  async repliesOf(requestId: string): Promise<RemediationReplyRow[]> {
    return this.db
      .select()
      .from(remediationReplies)
      .where(eq(remediationReplies.requestId, requestId))
      .orderBy(asc(remediationReplies.createdAt), asc(remediationReplies.id));
  }

  async attachmentsOf(requestId: string): Promise<RemediationAttachmentRow[]> {
    const { content: _content, ...columns } = this.attachmentColumns();
    return this.db
      .select(columns)
      .from(remediationAttachments)
      .where(eq(remediationAttachments.requestId, requestId))
      .orderBy(asc(remediationAttachments.createdAt), asc(remediationAttachments.id));
  }

  private attachmentColumns() {
    const a = remediationAttachments;
    return {
      id: a.id,
      workspaceId: a.workspaceId,
      requestId: a.requestId,
      checkId: a.checkId,
      name: a.name,
      contentType: a.contentType,
      size: a.size,
      sha256: a.sha256,
      content: a.content,
      createdAt: a.createdAt,
    };
  }

  /** One attachment with its bytes, if it belongs to this request of this workspace. */
  async attachmentFile(
    workspaceId: WorkspaceId,
    requestId: string,
    attachmentId: string,
  ): Promise<RemediationAttachmentFile | undefined> {
    const [row] = await this.db
      .select()
      .from(remediationAttachments)
      .where(
        and(
          eq(remediationAttachments.workspaceId, workspaceId),
          eq(remediationAttachments.requestId, requestId),
          eq(remediationAttachments.id, attachmentId),
        ),
      )
      .limit(1);
    return row;
  }

  async eventsOf(requestId: string): Promise<RemediationEventRow[]> {
    return this.db
      .select()
      .from(remediationEvents)
      .where(eq(remediationEvents.requestId, requestId))
      .orderBy(asc(remediationEvents.at), asc(remediationEvents.seq));
  }

  async addEvent(event: NewRemediationEvent): Promise<void> {
    await this.db.insert(remediationEvents).values({ ...event, detail: event.detail ?? {}, at: event.at ?? new Date() });
  }

  /** sent → viewed, the first time the vendor opens the link; true when this call made that step. */
  async markViewed(requestId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(remediationRequests)
      .set({ state: 'viewed', viewedAt: at })
      .where(and(eq(remediationRequests.id, requestId), eq(remediationRequests.state, 'sent')))
      .returning({ id: remediationRequests.id });
    return rows.length > 0;
  }

  /**
   * The vendor's answer to one check of an open request: the check moves to the answer's status and
   * the first answer moves the request to responded. undefined: the request is not open or the check
   * is settled (resolved or accepted).
   */
  async addVendorReply(
    workspaceId: WorkspaceId,
    requestId: string,
    checkId: string,
    reply: { status: VendorReplyStatus; checkStatus: RemediationCheckStatus; comment: string },
    at: Date,
  ): Promise<{ reply: RemediationReplyRow; firstResponse: boolean } | undefined> {
    const done = await this.replyOnCheck(
      { workspaceId, requestId, checkId, at },
      { from: notInArray(remediationRequestChecks.status, SETTLED), to: reply.checkStatus },
      { author: 'vendor', status: reply.status, comment: reply.comment },
      async (tx, request) => {
        const firstResponse = request.state !== 'responded';
        if (firstResponse)
          await tx
            .update(remediationRequests)
            .set({ state: 'responded', respondedAt: at })
            .where(eq(remediationRequests.id, requestId));
        return firstResponse;
      },
    );
    return done && { reply: done.reply, firstResponse: done.after };
  }

  /**
   * An analyst's decision on a check's reply: accepted, or back to open with the note. undefined:
   * the check has no reply awaiting a decision (or the request is not open).
   */
  async decide(
    workspaceId: WorkspaceId,
    requestId: string,
    checkId: string,
    decision: { decision: RemediationDecision; note: string; userId: string | null },
    at: Date,
  ): Promise<RemediationReplyRow | undefined> {
    const done = await this.replyOnCheck(
      { workspaceId, requestId, checkId, at },
      {
        from: inArray(remediationRequestChecks.status, AWAITING_REVIEW),
        to: decision.decision === 'accept' ? 'accepted' : 'open',
      },
      { author: 'workspace', decision: decision.decision, comment: decision.note, userId: decision.userId },
      async () => undefined,
    );
    return done?.reply;
  }

  /**
   * One step of the conversation on a check, in one transaction: locks the request while it is open,
   * moves the check from a status `move.from` admits to `move.to`, adds the reply, then runs `after`.
   * undefined when the request is not open or the check not in such a status.
   */
  private replyOnCheck<T>(
    at: { workspaceId: WorkspaceId; requestId: string; checkId: string; at: Date },
    move: { from: SQL | undefined; to: RemediationCheckStatus },
    reply: Omit<typeof remediationReplies.$inferInsert, 'workspaceId' | 'requestId' | 'checkId' | 'createdAt'>,
    after: (tx: Transaction, request: { state: RemediationState }) => Promise<T>,
  ): Promise<{ reply: RemediationReplyRow; after: T } | undefined> {
    const { workspaceId, requestId, checkId } = at;
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select({ state: remediationRequests.state })
        .from(remediationRequests)
        .where(
          and(
            eq(remediationRequests.id, requestId),
            eq(remediationRequests.workspaceId, workspaceId),
            inArray(remediationRequests.state, OPEN),
          ),
        )
        .for('update');
      if (!request) return undefined;
      const moved = await tx
        .update(remediationRequestChecks)
        .set({ status: move.to, statusChangedAt: at.at })
        .where(and(eq(remediationRequestChecks.requestId, requestId), eq(remediationRequestChecks.checkId, checkId), move.from))
        .returning({ checkId: remediationRequestChecks.checkId });
      if (moved.length === 0) return undefined;
      const [row] = await tx
        .insert(remediationReplies)
        .values({ ...reply, workspaceId, requestId, checkId, createdAt: at.at })
        .returning();
      return { reply: row!, after: await after(tx, request) };
    });
  }

  /** Open → cancelled; undefined when it is not open (or not this workspace's). */
  async cancel(workspaceId: WorkspaceId, id: string, at: Date): Promise<RemediationRequestRow | undefined> {
    const [row] = await this.db
      .update(remediationRequests)
      .set({ state: 'cancelled', cancelledAt: at })
      .where(
        and(
          eq(remediationRequests.workspaceId, workspaceId),
          eq(remediationRequests.id, id),
          inArray(remediationRequests.state, OPEN),
        ),
      )
      .returning();
    return row;
  }

  /** Resolves the request's checks among `checkIds` not yet resolved or accepted; answers those it resolved. */
  async resolveChecks(requestId: string, checkIds: string[], crawlJobId: string | null, at: Date): Promise<string[]> {
    if (checkIds.length === 0) return [];
    const rows = await this.db
      .update(remediationRequestChecks)
      .set({ status: 'resolved', statusChangedAt: at, resolvedByCrawlId: crawlJobId })
      .where(
        and(
          eq(remediationRequestChecks.requestId, requestId),
          inArray(remediationRequestChecks.checkId, checkIds),
          notInArray(remediationRequestChecks.status, SETTLED),
        ),
      )
      .returning({ checkId: remediationRequestChecks.checkId });
    return rows.map((row) => row.checkId);
  }

  /**
   * Open → closed when every check is resolved or accepted, with the 'closed' event in the same
   * transaction: whoever reads the request closed reads why. The closed row, or undefined.
   */
  async closeIfSettled(
    closedEvent: Omit<NewRemediationEvent, 'type'> & { at: Date },
  ): Promise<RemediationRequestRow | undefined> {
    const { requestId, at } = closedEvent;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(remediationRequests)
        .set({ state: 'closed', closedAt: at })
        .where(
          and(
            eq(remediationRequests.id, requestId),
            inArray(remediationRequests.state, OPEN),
            sql`not exists (select 1 from ${remediationRequestChecks} where ${remediationRequestChecks.requestId} = ${requestId} and ${remediationRequestChecks.status} not in ('resolved', 'accepted'))`,
          ),
        )
        .returning();
      if (row) {
        await tx.insert(remediationEvents).values({ ...closedEvent, type: 'closed', detail: closedEvent.detail ?? {} });
      }
      return row;
    });
  }

  /**
   * Stores an attachment unless the request holds `max` already or is not open (the request's row is
   * locked, so two uploads at once count each other). 'full' or 'closed' when refused.
   */
  async addAttachment(
    file: Omit<RemediationAttachmentFile, 'id' | 'createdAt'>,
    max: number,
  ): Promise<RemediationAttachmentRow | 'full' | 'closed'> {
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select({ id: remediationRequests.id })
        .from(remediationRequests)
        .where(and(eq(remediationRequests.id, file.requestId), inArray(remediationRequests.state, OPEN)))
        .for('update');
      if (!request) return 'closed';
      const [{ held } = { held: 0 }] = await tx
        .select({ held: count() })
        .from(remediationAttachments)
        .where(eq(remediationAttachments.requestId, file.requestId));
      if (held >= max) return 'full';
      const { content: _content, ...columns } = this.attachmentColumns();
      const [row] = await tx.insert(remediationAttachments).values(file).returning(columns);
      return row!;
    });
  }

  // Assessments

  /** How the assessment's crawl ran (its method and stored settings): a re-check crawls the same way. */
  async crawlOfAssessment(assessmentId: string): Promise<{ method: string; settings: unknown } | undefined> {
    const [row] = await this.db
      .select({ method: crawlJobs.method, settings: crawlJobs.settings })
      .from(complianceAssessments)
      .innerJoin(crawlJobs, eq(crawlJobs.id, complianceAssessments.jobId))
      .where(eq(complianceAssessments.id, assessmentId))
      .limit(1);
    return row;
  }

  /** The assessment of a crawl, if it was assessed. */
  async assessmentOfCrawl(crawlJobId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: complianceAssessments.id })
      .from(complianceAssessments)
      .where(eq(complianceAssessments.jobId, crawlJobId))
      .limit(1);
    return row?.id;
  }

  // Re-checks

  /**
   * A re-check still under way, if any: its crawl is queued or running, or it ended less than
   * RECHECK_APPLY_WINDOW_MS ago and its outcome is not applied yet. A crawl ends before it is assessed,
   * and its re-check is applied after the assessment: a vendor's page that stopped reading the request
   * when the crawl ended would show the checks unresolved until reloaded. Past the window, a re-check
   * whose assessment never came (the catch-up retries it) no longer holds the vendor back.
   */
  async liveRecheck(requestId: string, now = new Date()): Promise<RemediationRecheckRow | undefined> {
    const endedAfter = new Date(now.getTime() - RECHECK_APPLY_WINDOW_MS);
    const [row] = await this.db
      .select({ recheck: remediationRechecks })
      .from(remediationRechecks)
      .innerJoin(crawlJobs, eq(crawlJobs.id, remediationRechecks.crawlJobId))
      .where(
        and(
          eq(remediationRechecks.requestId, requestId),
          or(
            inArray(crawlJobs.status, [...LIVE_CRAWL]),
            and(
              isNull(remediationRechecks.appliedAt),
              gt(sql`coalesce(${crawlJobs.completedAt}, ${crawlJobs.updatedAt})`, endedAfter),
            ),
          ),
        ),
      )
      .limit(1);
    return row?.recheck;
  }

  /** The re-checks asked for since `since`: how many, the first and the last. */
  async rechecksSince(requestId: string, since: Date): Promise<{ count: number; oldest: Date | null; last: Date | null }> {
    const [row] = await this.db
      .select({
        count: count(),
        oldest: sql<string | null>`min(${remediationRechecks.requestedAt})`,
        last: sql<string | null>`max(${remediationRechecks.requestedAt})`,
      })
      .from(remediationRechecks)
      .where(and(eq(remediationRechecks.requestId, requestId), gt(remediationRechecks.requestedAt, since)));
    const at = (value: string | null | undefined) => (value ? new Date(value) : null);
    return { count: row?.count ?? 0, oldest: at(row?.oldest), last: at(row?.last) };
  }

  async lastRecheck(requestId: string): Promise<RemediationRecheckRow | undefined> {
    const [row] = await this.db
      .select()
      .from(remediationRechecks)
      .where(eq(remediationRechecks.requestId, requestId))
      .orderBy(desc(remediationRechecks.requestedAt))
      .limit(1);
    return row;
  }

  async addRecheck(workspaceId: WorkspaceId, requestId: string, crawlJobId: string, at: Date): Promise<RemediationRecheckRow> {
    const [row] = await this.db
      .insert(remediationRechecks)
      .values({ workspaceId, requestId, crawlJobId, requestedAt: at })
      .returning();
    return row!;
  }

  /**
   * Claims the re-checks of a crawl not yet applied (one UPDATE: a second caller — the reconciler's
   * catch-up beside the crawl handler — gets none), with their requests' workspace.
   */
  async claimRechecksOfCrawl(crawlJobId: string, at: Date): Promise<RemediationRecheckRow[]> {
    return this.db
      .update(remediationRechecks)
      .set({ appliedAt: at })
      .where(and(eq(remediationRechecks.crawlJobId, crawlJobId), isNull(remediationRechecks.appliedAt)))
      .returning();
  }

  /** Crawls of re-checks not applied whose crawl has ended, oldest first (the catch-up's work). */
  async endedUnappliedRecheckCrawls(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ crawlJobId: crawlJobs.id, requestedAt: remediationRechecks.requestedAt })
      .from(remediationRechecks)
      .innerJoin(crawlJobs, eq(crawlJobs.id, remediationRechecks.crawlJobId))
      .where(and(isNull(remediationRechecks.appliedAt), notInArray(crawlJobs.status, [...LIVE_CRAWL])))
      .orderBy(asc(remediationRechecks.requestedAt))
      .limit(limit);
    return rows.map((row) => row.crawlJobId);
  }

  /** The status of a crawl, for the re-check step. */
  async crawlStatus(crawlJobId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ status: crawlJobs.status }).from(crawlJobs).where(eq(crawlJobs.id, crawlJobId)).limit(1);
    return row?.status;
  }

  // Reminders

  /**
   * Open requests whose due date is within `[from, to]`, with what a reminder needs: the workspace's
   * and vendor's names (and the vendor's owner, when the workspace tracks one).
   */
  async openDueBetween(
    from: Date,
    to: Date,
    limit: number,
  ): Promise<(RemediationRequestRow & { vendorName: string; workspaceName: string })[]> {
    const rows = await this.db
      .select({ request: remediationRequests, vendorName: vendors.name, workspaceName: workspaces.name })
      .from(remediationRequests)
      .innerJoin(vendors, eq(vendors.id, remediationRequests.vendorId))
      .innerJoin(workspaces, eq(workspaces.id, remediationRequests.workspaceId))
      .where(
        and(inArray(remediationRequests.state, OPEN), gte(remediationRequests.dueAt, from), lte(remediationRequests.dueAt, to)),
      )
      .orderBy(asc(remediationRequests.dueAt))
      .limit(limit);
    return rows.map((row) => ({ ...row.request, vendorName: row.vendorName, workspaceName: row.workspaceName }));
  }

  /** The email of the vendor's owner, while the owner is a member of the vendor's workspace; null without one. */
  vendorOwnerEmail(vendorId: string): Promise<string | null> {
    return vendorOwnerEmail(this.db, vendorId);
  }

  async findById(id: string): Promise<(RemediationRequestRow & { vendorName: string; workspaceName: string }) | undefined> {
    const [row] = await this.db
      .select({ request: remediationRequests, vendorName: vendors.name, workspaceName: workspaces.name })
      .from(remediationRequests)
      .innerJoin(vendors, eq(vendors.id, remediationRequests.vendorId))
      .innerJoin(workspaces, eq(workspaces.id, remediationRequests.workspaceId))
      .where(eq(remediationRequests.id, id))
      .limit(1);
    return row ? { ...row.request, vendorName: row.vendorName, workspaceName: row.workspaceName } : undefined;
  }
}
