import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  fill,
  LIMITS,
  MESSAGES,
  REQUESTABLE_OUTCOMES,
  type CreateRemediationRequest,
  type RemediationDecisionInput,
  type RemediationListQuery,
  type RemediationRequestDetail,
  type RemediationRequestList,
  type RemediationRequestSummary,
} from '@vendorwatch/contracts';
import {
  ComplianceAssessmentsRepository,
  inAmbientTransaction,
  RemediationRequestsRepository,
  VendorsRepository,
  type DatabaseHandle,
  type RemediationAttachmentFile,
  type RemediationRequestListRow,
  type WorkspaceId,
} from '@vendorwatch/db';
import { DATABASE_HANDLE, ProgrammeMailer } from '@vendorwatch/runtime';
import { BadRequestError, ConflictError, DomainError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { RateLimitedError } from '../fair-use/user-rate-limiter';
import { VendorLinksService } from '../vendor-links/vendor-links.service';
import { attachmentOf, byCheck, eventOf, isOpen, replyOf, summaryOf } from './remediation-views';

const M = MESSAGES.remediation;
const L = LIMITS.remediation;
const DAY_MS = 24 * 3600_000;

/**
 * The analysts' side of remediation requests: send one (its vendor link emailed to the contact),
 * list and read them, cancel one (its link dies), and accept or reject the vendor's replies.
 */
@Injectable()
export class RemediationRequestsService {
  private readonly logger = new Logger('RemediationRequests');

  constructor(
    private readonly requests: RemediationRequestsRepository,
    private readonly vendors: VendorsRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly links: VendorLinksService,
    private readonly mailer: ProgrammeMailer,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  /**
   * Checks come from the vendor's latest assessment, failing or warning there. The request and its
   * link commit before the email goes out (a slow mail server holds no transaction); an email that
   * could not be sent cancels both, and the answer says so (502).
   */
  async create(
    workspace: WorkspaceContext,
    vendorId: string,
    input: CreateRemediationRequest,
  ): Promise<RemediationRequestSummary> {
    const vendor = await this.vendors.findInWorkspace(workspace.workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    await this.throttle(workspace.workspaceId, input.contactEmail);
    const assessmentId = await this.assessments.latestIdOfVendor(workspace.workspaceId, vendor.id);
    if (!assessmentId) throw new BadRequestError(M.noAssessment);
    const results = await this.assessments.checkResults(assessmentId, input.checkIds);
    const requestable = new Map(
      results.filter((result) => REQUESTABLE_OUTCOMES.includes(result.outcome)).map((result) => [result.checkId, result]),
    );
    const refused = input.checkIds.filter((checkId) => !requestable.has(checkId));
    if (refused.length) throw new BadRequestError(fill(M.checksNotFailing, { checks: refused.join(', ') }));

    const { request, issued } = await inAmbientTransaction(this.database.db, async () => {
      const request = await this.requests.create(
        {
          workspaceId: workspace.workspaceId,
          vendorId: vendor.id,
          assessmentId,
          createdBy: workspace.userId,
          createdByLabel: workspace.actor.label,
          contactEmail: input.contactEmail,
          dueAt: new Date(input.dueAt),
          message: input.message,
          checks: input.checkIds.map((checkId) => ({ checkId, title: requestable.get(checkId)!.title })),
        },
        workspace.actor.label,
      );
      const issued = await this.links.issue({
        workspaceId: workspace.workspaceId,
        vendorId: vendor.id,
        kind: 'remediation',
        subjectId: request.id,
        contactEmail: input.contactEmail,
      });
      return { request, issued };
    });
    noteForAudit({ vendorName: vendor.name, checks: input.checkIds.length });

    let emailed: boolean;
    try {
      emailed =
        (await this.mailer.send({
          kind: 'remediation-request',
          to: input.contactEmail,
          link: issued.url,
          workspaceName: (await this.requests.findById(request.id))?.workspaceName ?? '',
          vendorName: vendor.name,
          checkTitles: input.checkIds.map((checkId) => requestable.get(checkId)!.title),
          dueAt: request.dueAt,
          message: request.message,
        })) === 'sent';
    } catch (error) {
      this.logger.warn(`Remediation request email to ${input.contactEmail} failed: ${(error as Error).message}`);
      await this.requests.cancel(workspace.workspaceId, request.id, new Date());
      await this.links.cancel('remediation', request.id);
      throw new DomainError(502, M.sendFailed);
    }
    // Without an email server the sender carries the link (as with invitations); a member may read the request anyway.
    return { ...(await this.summary(workspace.workspaceId, request.id)), emailed, link: emailed ? null : issued.url };
  }

  /** One address gets one request from a workspace per cooldown; a workspace sends a capped number a day. */
  private async throttle(workspaceId: WorkspaceId, email: string, now = Date.now()): Promise<void> {
    const sent = await this.requests.recentlySent(workspaceId, email, new Date(now - DAY_MS));
    const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    const cooldownEnds = (sent.recipientLast?.getTime() ?? 0) + L.recipientCooldownSeconds * 1000;
    if (cooldownEnds > now)
      throw new RateLimitedError(fill(M.recipientCooldown, { seconds: secondsUntil(cooldownEnds) }), secondsUntil(cooldownEnds));
    if (sent.sent >= L.requestsPerWorkspacePerDay)
      throw new RateLimitedError(
        fill(M.workspaceDailyCap, { max: L.requestsPerWorkspacePerDay }),
        secondsUntil((sent.oldest?.getTime() ?? now) + DAY_MS),
      );
  }

  async list(workspaceId: WorkspaceId, query: RemediationListQuery, now = new Date()): Promise<RemediationRequestList> {
    const { rows, total } = await this.requests.list(
      workspaceId,
      { vendorId: query.vendorId, state: query.state, now },
      query.page,
      query.limit,
    );
    return { items: rows.map((row) => summaryOf(row, now)), total };
  }

  async get(workspaceId: WorkspaceId, id: string, now = new Date()): Promise<RemediationRequestDetail> {
    const request = await this.find(workspaceId, id);
    const [checks, replies, attachments, events, link, rechecks] = await Promise.all([
      this.requests.checksOf(id),
      this.requests.repliesOf(id),
      this.requests.attachmentsOf(id),
      this.requests.eventsOf(id),
      this.links.findBySubject('remediation', id),
      this.requests.rechecksSince(id, new Date(now.getTime() - DAY_MS)),
    ]);
    const repliesByCheck = byCheck(replies);
    const attachmentsByCheck = byCheck(attachments);
    return {
      ...summaryOf(request, now),
      assessmentId: request.assessmentId,
      linkLastViewedAt: link?.lastViewedAt?.toISOString() ?? null,
      rechecksToday: rechecks.count,
      checks: checks.map((check) => ({
        checkId: check.checkId,
        title: check.title,
        status: check.status,
        replies: (repliesByCheck.get(check.checkId) ?? []).map(replyOf),
        attachments: (attachmentsByCheck.get(check.checkId) ?? []).map(attachmentOf),
      })),
      events: events.map(eventOf),
    };
  }

  /** The request stops: its link answers 404 from now on. */
  async cancel(workspace: WorkspaceContext, id: string): Promise<RemediationRequestDetail> {
    const request = await this.find(workspace.workspaceId, id);
    const now = new Date();
    const cancelled = await this.requests.cancel(workspace.workspaceId, id, now);
    if (!cancelled) throw new ConflictError(fill(M.notOpen, { state: request.state }));
    await this.links.cancel('remediation', id, now);
    await this.requests.addEvent({
      workspaceId: workspace.workspaceId,
      requestId: id,
      type: 'cancelled',
      actor: workspace.actor.label,
      at: now,
    });
    noteForAudit({ vendorName: request.vendorName, stateBefore: request.state });
    return this.get(workspace.workspaceId, id, now);
  }

  /**
   * Accepts the vendor's reply to a check (the check is then accepted; a request whose checks are all
   * resolved or accepted closes), or rejects it: the check is open again, and the note is shown to the vendor.
   */
  async decide(
    workspace: WorkspaceContext,
    id: string,
    checkId: string,
    input: RemediationDecisionInput,
  ): Promise<RemediationRequestDetail> {
    const request = await this.find(workspace.workspaceId, id);
    if (!request.checkIds.includes(checkId)) throw new NotFoundError(M.checkNotInRequest);
    if (!isOpen(request)) throw new ConflictError(fill(M.notOpen, { state: request.state }));
    const now = new Date();
    const decided = await this.requests.decide(
      workspace.workspaceId,
      id,
      checkId,
      { decision: input.decision, note: input.note, userId: workspace.actor.type === 'user' ? workspace.actor.id : null },
      now,
    );
    if (!decided) throw new ConflictError(M.nothingToDecide);
    const event = { workspaceId: workspace.workspaceId, requestId: id, actor: workspace.actor.label, at: now };
    await this.requests.addEvent({ ...event, type: 'decision', detail: { checkId, decision: input.decision, note: input.note } });
    noteForAudit({ vendorName: request.vendorName, checkId });
    if (input.decision === 'accept' && (await this.requests.closeIfSettled({ ...event, detail: { by: 'decision' } }))) {
      await this.links.close('remediation', id, now);
      noteForAudit({ closed: true });
    }
    return this.get(workspace.workspaceId, id, now);
  }

  /** An attachment's bytes, for members of the request's workspace only. */
  async attachment(workspaceId: WorkspaceId, id: string, attachmentId: string): Promise<RemediationAttachmentFile> {
    const file = await this.requests.attachmentFile(workspaceId, id, attachmentId);
    if (!file) throw new NotFoundError(M.attachmentNotFound);
    return file;
  }

  private async summary(workspaceId: WorkspaceId, id: string): Promise<RemediationRequestSummary> {
    return summaryOf(await this.find(workspaceId, id), new Date());
  }

  private async find(workspaceId: WorkspaceId, id: string): Promise<RemediationRequestListRow> {
    const request = await this.requests.find(workspaceId, id);
    if (!request) throw new NotFoundError(M.notFound);
    return request;
  }
}
