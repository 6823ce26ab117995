import { Injectable } from '@nestjs/common';
import {
  DOCUMENT_TYPE_LABELS,
  MESSAGES,
  REVIEW_STATUS_LABELS,
  riskProfileFilename,
  type QuestionnaireState,
  type RemediationCheckStatus,
  type RemediationState,
  type ReviewDecision,
  type VendorDocumentStatus,
  type VendorIntake,
} from '@vendorwatch/contracts';
import { VendorReviewsRepository, VendorsRepository, type WorkspaceId } from '@vendorwatch/db';
import { AcceptedStandings } from '@vendorwatch/runtime';
import { PassThrough, type Readable } from 'node:stream';
import { NotFoundError } from '../../../common/errors';
import { VendorReviewStatusService } from '../../programme/review-status/vendor-review-status.service';
import { ProgrammeTiersService } from '../../programme/tiers/programme-tiers.service';
import { QuestionnaireProgrammeReader } from '../../questionnaires/programme-counts';
import type { RiskProfile } from './risk-profile';
import { writeRiskProfilePdf } from './risk-profile-pdf';
import { RiskProfileRepository } from './risk-profile.repository';

const DECISIONS: Record<ReviewDecision, string> = {
  approved: 'Approved',
  approved_with_conditions: 'Approved with conditions',
  rejected: 'Rejected',
};

const REQUEST_STATES: Record<RemediationState, string> = {
  sent: 'Sent',
  viewed: 'Viewed by the vendor',
  responded: 'Answered by the vendor',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

const CHECK_STATUSES: Record<RemediationCheckStatus, string> = {
  open: 'Open',
  claimed_fixed: 'Vendor says fixed',
  compensating_control: 'Compensating control',
  disputed: 'Disputed',
  resolved: 'Resolved',
  accepted: 'Accepted',
};

const QUESTIONNAIRE_STATES: Record<QuestionnaireState, string> = {
  sent: 'Sent',
  viewed: 'Viewed by the vendor',
  in_progress: 'In progress',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  cancelled: 'Cancelled',
};

const DOCUMENT_STATUSES: Record<VendorDocumentStatus, string> = {
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
};

/** The intake's three questions and their answers in words. */
const INTAKE_WORDS = {
  dataAccess: {
    question: 'Data it handles',
    answers: { none: 'None', business: 'Business data', personal: 'Personal data', sensitive: 'Sensitive data' },
  },
  criticality: { question: 'How critical the service is', answers: { low: 'Low', medium: 'Medium', high: 'High' } },
  systemAccess: {
    question: 'Access to our systems',
    answers: { none: 'None', read: 'Read access', write: 'Write access' },
  },
} as const;

const intakeAnswers = (intake: VendorIntake) =>
  (Object.keys(INTAKE_WORDS) as (keyof typeof INTAKE_WORDS)[]).map((key) => {
    const words = INTAKE_WORDS[key];
    return { question: words.question, answer: (words.answers as Record<string, string>)[intake[key]] ?? intake[key] };
  });

export interface RiskProfileFile {
  filename: string;
  body: Readable;
}

/** A vendor's risk profile as a PDF: read whole in the vendor's workspace (404 for another's), then drawn. */
@Injectable()
export class RiskProfileService {
  constructor(
    private readonly vendors: VendorsRepository,
    private readonly tiers: ProgrammeTiersService,
    private readonly reviewStatuses: VendorReviewStatusService,
    private readonly reviews: VendorReviewsRepository,
    private readonly records: RiskProfileRepository,
    private readonly accepted: AcceptedStandings,
    private readonly questionnaires: QuestionnaireProgrammeReader,
  ) {}

  async pdf(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<RiskProfileFile> {
    const profile = await this.read(workspaceId, vendorId, now);
    const body = new PassThrough();
    // Everything was read above; drawing a few pages cannot fail on the database.
    void writeRiskProfilePdf(profile, body).then(
      () => body.end(),
      (error: unknown) => body.destroy(error as Error),
    );
    return { filename: riskProfileFilename(profile.vendor.name, now), body };
  }

  async read(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<RiskProfile> {
    const vendor = await this.vendors.findInWorkspace(workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    const [tiers, review, reviews, latest, requests, acceptances, owner, questionnaires] = await Promise.all([
      this.tiers.forWorkspace(workspaceId),
      this.reviewStatuses.stateOf(workspaceId, vendorId, now),
      this.reviews.listForVendor(workspaceId, vendorId),
      this.records.latestGrades(workspaceId, vendorId),
      this.records.openRequests(workspaceId, vendorId),
      this.records.activeAcceptances(workspaceId, vendorId, now),
      vendor.ownerUserId ? this.records.userEmail(vendor.ownerUserId) : null,
      this.questionnaires.vendorProfile(workspaceId, vendorId, now),
    ]);
    const questionnaire = questionnaires.questionnaire;
    const tier = vendor.tier === null ? undefined : tiers.find((setting) => setting.tier === vendor.tier);
    // The grades the vendor page shows: re-graded without the checks an active risk acceptance covers.
    const standing = latest && (await this.accepted.of(workspaceId, [{ vendorId, assessmentId: latest.id }], now)).get(latest.id);
    const grades = standing?.grades ?? latest?.grades;
    return {
      generatedAt: now,
      vendor: { name: vendor.name, url: vendor.url },
      tier: tier ? { tier: tier.tier, name: tier.name } : null,
      tierReason: vendor.tierReason,
      intake: vendor.intake && {
        answers: intakeAnswers(vendor.intake),
        suggestedTier: vendor.intake.suggestedTier,
        reasons: vendor.intake.reasons,
        answeredAt: new Date(vendor.intake.answeredAt),
      },
      owner,
      contacts: vendor.contacts,
      grades: grades
        ? {
            assessedAt: latest?.assessedAt ?? null,
            overall: grades.overall,
            categories: grades.categories.map((category) => ({ title: category.title, grade: category })),
          }
        : null,
      review: {
        status: review ? REVIEW_STATUS_LABELS[review.status] : REVIEW_STATUS_LABELS.not_reviewed,
        reason: review?.reason ?? '',
        lastReviewedAt: review?.lastReviewedAt ? new Date(review.lastReviewedAt) : null,
        nextReviewAt: review?.nextReviewAt ? new Date(review.nextReviewAt) : null,
      },
      reviews: reviews.map((row) => ({
        reviewedAt: row.reviewedAt,
        decision: DECISIONS[row.decision] ?? row.decision,
        reviewer: row.reviewerEmail,
        grade: row.grade,
        notes: row.notes,
      })),
      requests: requests.map((request) => ({
        createdAt: request.createdAt,
        dueAt: request.dueAt,
        state: REQUEST_STATES[request.state as RemediationState] ?? request.state,
        overdue: request.dueAt.getTime() < now.getTime(),
        contactEmail: request.contactEmail,
        checks: request.checks.map((check) => ({
          ...check,
          status: CHECK_STATUSES[check.status as RemediationCheckStatus] ?? check.status,
        })),
      })),
      acceptances: acceptances.map((acceptance) => ({
        checkId: acceptance.checkId,
        title: acceptance.checkTitle,
        justification: acceptance.justification,
        expiresAt: acceptance.expiresAt,
        approver: acceptance.approverEmail,
      })),
      questionnaire: questionnaire && {
        templateName: questionnaire.templateName,
        state: QUESTIONNAIRE_STATES[questionnaire.state] ?? questionnaire.state,
        score: questionnaire.score,
        dueAt: new Date(questionnaire.dueAt),
        submittedAt: questionnaire.submittedAt ? new Date(questionnaire.submittedAt) : null,
        contradictions: questionnaire.contradictions,
      },
      documents: questionnaires.documents.map((document) => ({
        type: DOCUMENT_TYPE_LABELS[document.type] ?? document.type,
        name: document.name,
        validUntil: document.validUntil,
        status: DOCUMENT_STATUSES[document.status] ?? document.status,
      })),
    };
  }
}
