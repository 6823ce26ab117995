import { Injectable } from '@nestjs/common';
import { CATALOGUE } from '@vendorwatch/compliance';
import {
  CHECK_STATUS_OF_REPLY,
  crawlRunSettingsInputSchema,
  CRAWL_METHODS,
  fill,
  LIMITS,
  MESSAGES,
  portalEvidenceOf,
  type CrawlMethod,
  type PortalRecheck,
  type PortalRequest,
  type UploadedAttachment,
  type VendorReplyInput,
} from '@vendorwatch/contracts';
import { ComplianceAssessmentsRepository, RemediationRequestsRepository, type RemediationRequestRow } from '@vendorwatch/db';
import { CrawlStarter, CrawlStartRefused } from '@vendorwatch/runtime';
import { createHash } from 'node:crypto';
import { BadRequestError, ConflictError, DomainError, NotFoundError } from '../../common/errors';
import { AuditTrail, type LinkHolder } from '../audit-log/audit-trail';
import { RateLimitedError, UserRateLimiter } from '../fair-use/user-rate-limiter';
import { VendorLinksService, type OpenedVendorLink } from '../vendor-links/vendor-links.service';
import { attachmentTypeOf, claimedTypeOf, TYPE_NAMES } from '../vendor-links/attachment-type';
import type { AttachmentUpload } from './read-attachment';
import { byCheck, isOpen, isOverdue, replyOf } from './remediation-views';

const M = MESSAGES.remediation;
const L = LIMITS.remediation;
const DAY_MS = 24 * 3600_000;

type OpenedRequest = RemediationRequestRow & { vendorName: string; workspaceName: string; link: OpenedVendorLink };

/**
 * The vendor's side, through the link alone (no account): the request and its checks — what failed,
 * the evidence, how to fix it, and nothing else of the workspace — replies per check, attachments
 * typed by content, and re-checks. Each change is in the workspace's audit log, by the link holder.
 */
@Injectable()
export class VendorPortalService {
  constructor(
    private readonly links: VendorLinksService,
    private readonly requests: RemediationRequestsRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly trail: AuditTrail,
    private readonly starter: CrawlStarter,
    private readonly allowance: UserRateLimiter,
  ) {}

  /** The request the link opens; the first open moves it from sent to viewed. */
  async view(token: string, clientAddress: string | undefined, now = new Date()): Promise<PortalRequest> {
    const request = await this.open(token, clientAddress);
    await this.links.markViewed(request.link, now);
    if (request.state === 'sent') {
      const first = await this.trail.recordWith(
        () => this.requests.markViewed(request.id, now),
        (changed) => (changed ? this.auditRecord(request, 'remediation_request.view', {}, clientAddress) : null),
      );
      if (first)
        await this.requests.addEvent({
          workspaceId: request.workspaceId,
          requestId: request.id,
          type: 'viewed',
          actor: 'Vendor contact',
          at: now,
        });
      request.state = 'viewed';
    }
    return this.page(request, now);
  }

  /** 404 (and a counted failure) unless the token opens a live request: checked before an upload is read. */
  async ensureLive(token: string, clientAddress: string | undefined): Promise<void> {
    await this.open(token, clientAddress);
  }

  /** The vendor's answer to one check; the first answer moves the request to responded. */
  async reply(
    token: string,
    checkId: string,
    input: VendorReplyInput,
    clientAddress: string | undefined,
  ): Promise<PortalRequest> {
    const request = await this.open(token, clientAddress);
    const now = new Date();
    await this.ensureCheck(request, checkId);
    if (!isOpen(request)) throw new ConflictError(fill(M.notOpen, { state: request.state }));
    const added = await this.trail.recordWith(
      () =>
        this.requests.addVendorReply(
          request.workspaceId,
          request.id,
          checkId,
          { status: input.status, checkStatus: CHECK_STATUS_OF_REPLY[input.status], comment: input.comment },
          now,
        ),
      (result) =>
        result ? this.auditRecord(request, 'remediation_request.reply', { checkId, status: input.status }, clientAddress) : null,
    );
    if (!added) throw new ConflictError(M.checkSettled);
    await this.requests.addEvent({
      workspaceId: request.workspaceId,
      requestId: request.id,
      type: 'replied',
      actor: 'Vendor contact',
      detail: { checkId, status: input.status },
      at: now,
    });
    return this.page({ ...request, state: 'responded' }, now);
  }

  /** A PDF, PNG or JPEG by its content, at most 10 MB, stored with its SHA-256. */
  async attach(token: string, upload: AttachmentUpload, clientAddress: string | undefined): Promise<UploadedAttachment> {
    const request = await this.open(token, clientAddress);
    await this.ensureCheck(request, upload.checkId);
    if (!isOpen(request)) throw new ConflictError(fill(M.notOpen, { state: request.state }));
    const type = attachmentTypeOf(upload.content);
    if (!type) throw new BadRequestError(M.fileType);
    const claimed = claimedTypeOf(upload.fileName, upload.mimeType);
    if (claimed && claimed !== type)
      throw new BadRequestError(fill(M.fileNameMismatch, { claimed: TYPE_NAMES[claimed], actual: TYPE_NAMES[type] }));
    const sha256 = createHash('sha256').update(upload.content).digest('hex');
    const name = storedName(upload.fileName, type);
    const stored = await this.trail.recordWith(
      () =>
        this.requests.addAttachment(
          {
            workspaceId: request.workspaceId,
            requestId: request.id,
            checkId: upload.checkId,
            name,
            contentType: type,
            size: upload.content.length,
            sha256,
            content: upload.content,
          },
          L.maxAttachmentsPerRequest,
        ),
      (result) =>
        typeof result === 'string'
          ? null
          : this.auditRecord(
              request,
              'remediation_request.attach',
              { checkId: upload.checkId, name, size: result.size, sha256 },
              clientAddress,
            ),
    );
    if (stored === 'full') throw new ConflictError(fill(M.tooManyAttachments, { max: L.maxAttachmentsPerRequest }));
    if (stored === 'closed') throw new ConflictError(fill(M.notOpen, { state: request.state }));
    await this.requests.addEvent({
      workspaceId: request.workspaceId,
      requestId: request.id,
      type: 'attachment_added',
      actor: 'Vendor contact',
      detail: { checkId: upload.checkId, name, size: stored.size, sha256 },
    });
    return { id: stored.id, name: stored.name, size: stored.size, sha256: stored.sha256 };
  }

  /**
   * Crawls the vendor again, with the workspace's crawler settings and the method of the assessment the
   * request was made from, counted against the requester's crawl-start allowance (fair use): one at a
   * time (409), at most LIMITS.remediation.rechecksPerDay in 24 hours (429). When the crawl's
   * assessment is stored, the checks that pass are resolved (RemediationRechecks, after the crawl).
   */
  async recheck(token: string, clientAddress: string | undefined, now = new Date()): Promise<PortalRecheck> {
    const request = await this.open(token, clientAddress);
    if (!isOpen(request)) throw new ConflictError(fill(M.notOpen, { state: request.state }));
    if (await this.requests.liveRecheck(request.id, now)) throw new ConflictError(M.recheckRunning);
    const recent = await this.requests.rechecksSince(request.id, new Date(now.getTime() - DAY_MS));
    if (recent.count >= L.rechecksPerDay) {
      const retry = Math.max(1, Math.ceil(((recent.oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000));
      throw new RateLimitedError(fill(M.recheckDailyCap, { max: L.rechecksPerDay }), retry);
    }
    if (!request.createdBy) throw new ConflictError(fill(M.notOpen, { state: 'without a sender' }));
    await this.allowance.consume('crawlStarts', request.createdBy);
    const { method, settings } = await this.howToCrawl(request);
    let crawlJobId: string;
    try {
      const started = await this.starter.start({
        workspaceId: request.workspaceId,
        userId: request.createdBy,
        vendorId: request.vendorId,
        method,
        settings,
      });
      crawlJobId = started.row.id;
    } catch (error) {
      if (error instanceof CrawlStartRefused)
        throw new DomainError(error.reason === 'queueUnavailable' ? 503 : 409, error.message);
      throw error;
    }
    await this.trail.recordWith(
      () => this.requests.addRecheck(request.workspaceId, request.id, crawlJobId, now),
      () => this.auditRecord(request, 'remediation_request.recheck', { crawlJobId }, clientAddress),
    );
    await this.requests.addEvent({
      workspaceId: request.workspaceId,
      requestId: request.id,
      type: 'recheck_requested',
      actor: 'Vendor contact',
      detail: { crawlJobId },
      at: now,
    });
    return { crawlJobId, state: 'started' };
  }

  private async howToCrawl(
    request: RemediationRequestRow,
  ): Promise<{ method: CrawlMethod; settings: ReturnType<typeof crawlRunSettingsInputSchema.parse> }> {
    const crawl = request.assessmentId ? await this.requests.crawlOfAssessment(request.assessmentId) : undefined;
    const method = (CRAWL_METHODS as readonly string[]).includes(crawl?.method ?? '') ? (crawl!.method as CrawlMethod) : 'http';
    const parsed = crawlRunSettingsInputSchema.safeParse(crawl?.settings ?? {});
    return { method, settings: parsed.success ? parsed.data : crawlRunSettingsInputSchema.parse({}) };
  }

  /** The live link's request; any other token: 404 "This link is no longer valid" (and counted against the address). */
  private async open(token: string, clientAddress: string | undefined): Promise<OpenedRequest> {
    const link = await this.links.resolve(token, 'remediation', clientAddress);
    const request = await this.requests.findById(link.subjectId);
    if (!request || request.workspaceId !== link.workspaceId) throw new NotFoundError(M.linkInvalid);
    return { ...request, link };
  }

  private async ensureCheck(request: OpenedRequest, checkId: string): Promise<void> {
    const checks = await this.requests.checksOf(request.id);
    if (!checks.some((check) => check.checkId === checkId)) throw new NotFoundError(M.checkNotInRequest);
  }

  private async page(request: OpenedRequest, now: Date): Promise<PortalRequest> {
    const [checks, replies, attachments, rechecks, live] = await Promise.all([
      this.requests.checksOf(request.id),
      this.requests.repliesOf(request.id),
      this.requests.attachmentsOf(request.id),
      this.requests.rechecksSince(request.id, new Date(now.getTime() - DAY_MS)),
      this.requests.liveRecheck(request.id, now),
    ]);
    const results = request.assessmentId
      ? await this.assessments.checkResults(
          request.assessmentId,
          checks.map((check) => check.checkId),
        )
      : [];
    const resultOf = new Map(results.map((result) => [result.checkId, result]));
    const repliesByCheck = byCheck(replies);
    const attachmentsByCheck = byCheck(attachments);
    return {
      kind: 'remediation',
      workspaceName: request.workspaceName,
      vendorName: request.vendorName,
      dueAt: request.dueAt.toISOString(),
      overdue: isOverdue(request, now),
      message: request.message,
      state: request.state,
      checks: checks.map((check) => {
        const result = resultOf.get(check.checkId);
        const catalogued = CATALOGUE.find((entry) => entry.id === check.checkId);
        return {
          checkId: check.checkId,
          title: check.title,
          outcome: result?.outcome ?? 'fail',
          summary: result?.summary ?? '',
          howToFix: result?.howToFix ?? catalogued?.howToFix ?? '',
          evidence: portalEvidenceOf(result?.evidence ?? []),
          status: check.status,
          replies: (repliesByCheck.get(check.checkId) ?? []).map(replyOf),
          attachments: (attachmentsByCheck.get(check.checkId) ?? []).map((file) => ({
            id: file.id,
            checkId: file.checkId,
            name: file.name,
            size: file.size,
            sha256: file.sha256,
          })),
        };
      }),
      recheck: {
        running: Boolean(live),
        usedToday: rechecks.count,
        perDay: L.rechecksPerDay,
        lastRequestedAt: rechecks.last?.toISOString() ?? null,
      },
      limits: {
        maxAttachmentBytes: L.maxAttachmentBytes,
        maxAttachments: L.maxAttachmentsPerRequest,
        commentMaxLength: L.commentMaxLength,
      },
    };
  }

  /** An entry of the workspace's audit log by whoever holds the link (known by the address it was sent to). */
  private auditRecord(
    request: OpenedRequest,
    action:
      'remediation_request.view' | 'remediation_request.reply' | 'remediation_request.attach' | 'remediation_request.recheck',
    summary: Record<string, unknown>,
    clientAddress: string | undefined,
  ) {
    const actor: LinkHolder = { type: 'user', id: null, label: `vendor link (${request.contactEmail})` };
    return {
      workspaceId: request.workspaceId,
      actor,
      action,
      targetType: 'remediation_request',
      targetId: request.id,
      summary: { vendorName: request.vendorName, ...summary },
      clientAddress: clientAddress ?? null,
    };
  }
}

/** The name kept for a file: its own without any path, bounded, with an extension that says what it is. */
function storedName(fileName: string, type: keyof typeof TYPE_NAMES): string {
  const printable = [...(fileName.split(/[\\/]/).pop() ?? '')].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const base = printable.trim() || 'attachment';
  const extension = type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
  const named = /\.[a-z0-9]{1,5}$/i.test(base) ? base : `${base}.${extension}`;
  return named.slice(-LIMITS.remediation.attachmentNameMaxLength);
}
