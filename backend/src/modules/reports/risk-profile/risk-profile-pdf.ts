import type { Grade } from '@vendorwatch/contracts';
import { loadPdfKit } from '../../../common/document-libraries';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { framePages } from '../exports/pdf-page-frame';
import {
  contentWidth,
  ensureSpace,
  fit,
  heading,
  MARGIN,
  note,
  PDF_COLORS,
  printable,
  rule,
  type Pdf,
} from '../exports/pdf-style';
import { drawTiles } from '../exports/pdf-tiles';
import { formatUtc } from '../exports/report-export';
import type { RiskProfile } from './risk-profile';

const GRADE_COLORS: Record<string, string> = {
  A: PDF_COLORS.green,
  B: PDF_COLORS.green,
  C: PDF_COLORS.yellow,
  D: '#e8590c',
  F: PDF_COLORS.red,
};
const URGENT_REVIEW = new Set(['Overdue', 'Due now']);

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '–');

/**
 * A vendor's risk profile: who it is, its tier and why, who answers for it, its grades, its review
 * status and history, its open remediation requests with each check's state, its active accepted
 * risks, its latest questionnaire (score, contradictions with their evidence) and its documents. Drawn with the report's frame ("Page N of M"), styles and tiles.
 */
export async function writeRiskProfilePdf(profile: RiskProfile, out: Writable): Promise<void> {
  const doc: Pdf = new (await loadPdfKit())({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `Vendor risk profile: ${profile.vendor.name}`, Author: 'Vendorwatch', CreationDate: profile.generatedAt },
  });
  doc.pipe(out, { end: false });
  const ended = finished(doc);
  const frame = framePages(doc, {
    top: `Vendor risk profile · ${profile.vendor.name}`,
    bottom: `Generated ${formatUtc(profile.generatedAt)} by Vendorwatch`,
  });
  doc.addPage();

  opening(doc, profile);
  tierSection(doc, profile);
  peopleSection(doc, profile);
  gradesSection(doc, profile);
  reviewsSection(doc, profile);
  requestsSection(doc, profile);
  acceptancesSection(doc, profile);
  questionnaireSection(doc, profile);
  documentsSection(doc, profile);

  frame.finish();
  doc.end();
  await ended;
}

function opening(doc: Pdf, { vendor, tier, grades, review, generatedAt }: RiskProfile) {
  const width = contentWidth(doc);
  doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('Vendor risk profile', MARGIN, MARGIN, { width });
  doc.font('Helvetica-Bold').fontSize(22).fillColor(PDF_COLORS.text).text(printable(vendor.name), { width });
  note(doc, vendor.url);
  note(doc, `As of ${formatUtc(generatedAt)}`);
  doc.moveDown(0.8);
  const letter = grades?.overall.letter ?? null;
  drawTiles(
    doc,
    [
      { label: 'Tier', value: tier ? String(tier.tier) : '–', detail: tier ? printable(tier.name) : 'No tier' },
      {
        label: 'Overall grade',
        value: letter ?? '–',
        color: letter ? GRADE_COLORS[letter] : undefined,
        detail: grades ? (letter ? `score ${grades.overall.score}` : 'Not graded') : 'Not assessed yet',
      },
      {
        label: 'Review',
        value: review.status,
        color: URGENT_REVIEW.has(review.status) ? PDF_COLORS.red : undefined,
        detail: `Next review ${day(review.nextReviewAt)}`,
      },
    ],
    { height: 70, padding: 10, labelSize: 9, valueSize: 18, detailSize: 8, detailTop: 50, detailOneLine: true },
  );
  note(doc, review.reason);
  doc.moveDown(0.8);
}

/** Label and value on one line: the label bold. */
function field(doc: Pdf, label: string, value: string) {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(PDF_COLORS.text)
    .text(`${label}: `, MARGIN, doc.y, { continued: true, width: contentWidth(doc) })
    .font('Helvetica')
    .text(printable(value));
}

function section(doc: Pdf, title: string) {
  ensureSpace(doc, 80);
  doc.moveDown(0.6);
  heading(doc, title, 13);
}

function tierSection(doc: Pdf, { tier, tierReason, intake }: RiskProfile) {
  section(doc, 'Tier and why');
  field(doc, 'Tier', tier ? `${tier.tier} · ${tier.name}` : 'No tier set');
  if (intake) {
    field(doc, 'Intake', `answered ${day(intake.answeredAt)}, suggested tier ${intake.suggestedTier}`);
    for (const { question, answer } of intake.answers) field(doc, `  ${question}`, answer);
    for (const reason of intake.reasons) note(doc, `• ${reason}`, 10);
  } else {
    note(doc, 'No intake was answered for this vendor.');
  }
  if (tierReason) field(doc, 'Reason for the chosen tier', tierReason);
}

function peopleSection(doc: Pdf, { owner, contacts }: RiskProfile) {
  section(doc, 'Owner and contacts');
  field(doc, 'Owner', owner ?? 'Nobody');
  if (contacts.length === 0) note(doc, 'No contact is recorded.');
  for (const contact of contacts) field(doc, 'Contact', contact.name ? `${contact.name} <${contact.email}>` : contact.email);
}

/** A row of cells at fixed widths (fractions of the text column), each cut to fit. */
function tableRow(doc: Pdf, cells: string[], widths: number[], bold = false) {
  ensureSpace(doc, 16);
  const y = doc.y;
  const total = contentWidth(doc);
  let x = MARGIN;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .fillColor(bold ? PDF_COLORS.muted : PDF_COLORS.text);
  cells.forEach((cell, i) => {
    const width = widths[i]! * total - 6;
    doc.text(fit(doc, printable(cell), width), x, y, { width, lineBreak: false });
    x += widths[i]! * total;
  });
  doc.x = MARGIN;
  doc.y = y + 14;
}

function gradesSection(doc: Pdf, { grades }: RiskProfile) {
  section(doc, 'Current grades');
  if (!grades) {
    note(doc, 'The vendor has not been assessed yet.');
    return;
  }
  note(doc, `From the assessment of ${day(grades.assessedAt)}.`);
  doc.moveDown(0.3);
  const widths = [0.5, 0.2, 0.3];
  tableRow(doc, ['Category', 'Grade', 'Score'], widths, true);
  const show = (title: string, grade: Grade) =>
    tableRow(doc, [title, grade.letter ?? 'Not graded', grade.score === null ? '–' : String(grade.score)], widths);
  show('Overall', grades.overall);
  for (const { title, grade } of grades.categories) show(title, grade);
}

function reviewsSection(doc: Pdf, { reviews }: RiskProfile) {
  section(doc, 'Review history');
  if (reviews.length === 0) {
    note(doc, 'The vendor has not been reviewed yet.');
    return;
  }
  const widths = [0.16, 0.28, 0.38, 0.18];
  tableRow(doc, ['Date', 'Decision', 'Reviewer', 'Grade then'], widths, true);
  for (const review of reviews) {
    tableRow(doc, [day(review.reviewedAt), review.decision, review.reviewer ?? '–', review.grade ?? 'Not graded'], widths);
    if (review.notes) note(doc, review.notes, 10);
  }
}

function requestsSection(doc: Pdf, { requests }: RiskProfile) {
  section(doc, 'Open remediation requests');
  if (requests.length === 0) {
    note(doc, 'No remediation request is open.');
    return;
  }
  for (const request of requests) {
    ensureSpace(doc, 50);
    field(
      doc,
      `Sent ${day(request.createdAt)}`,
      `to ${request.contactEmail} · due ${day(request.dueAt)}${request.overdue ? ' (overdue)' : ''} · ${request.state}`,
    );
    const widths = [0.62, 0.38];
    for (const check of request.checks) tableRow(doc, [`  ${check.title} (${check.checkId})`, check.status], widths);
    rule(doc, 2);
  }
}

function acceptancesSection(doc: Pdf, { acceptances }: RiskProfile) {
  section(doc, 'Accepted risks');
  if (acceptances.length === 0) {
    note(doc, 'No risk of this vendor is accepted.');
    return;
  }
  for (const acceptance of acceptances) {
    ensureSpace(doc, 50);
    field(doc, acceptance.title, `(${acceptance.checkId})`);
    field(doc, '  Justification', acceptance.justification);
    field(doc, '  Expires', day(acceptance.expiresAt));
    field(doc, '  Approved by', acceptance.approver ?? '–');
    rule(doc, 2);
  }
}

function questionnaireSection(doc: Pdf, { questionnaire }: RiskProfile) {
  section(doc, 'Latest questionnaire');
  if (!questionnaire) {
    note(doc, 'No questionnaire was sent to this vendor.');
    return;
  }
  field(doc, questionnaire.templateName, `${questionnaire.state} · due ${day(questionnaire.dueAt)}`);
  if (questionnaire.submittedAt) field(doc, '  Submitted', day(questionnaire.submittedAt));
  field(doc, '  Score', questionnaire.score === null ? 'Not scored yet' : `${questionnaire.score} / 100`);
  if (questionnaire.contradictions.length === 0) {
    note(doc, 'No answer contradicts the latest assessment.', 10);
    return;
  }
  field(doc, '  Contradictions', `${questionnaire.contradictions.length}: answered yes where the check fails`);
  for (const contradiction of questionnaire.contradictions) {
    ensureSpace(doc, 40);
    field(doc, `  ${contradiction.questionId}`, `${contradiction.text} (${contradiction.checkId})`);
    for (const line of contradiction.evidence) note(doc, `• ${line}`, 10);
  }
}

function documentsSection(doc: Pdf, { documents }: RiskProfile) {
  section(doc, 'Documents');
  if (documents.length === 0) {
    note(doc, 'The vendor has uploaded no document.');
    return;
  }
  const widths = [0.3, 0.38, 0.16, 0.16];
  tableRow(doc, ['Type', 'File', 'Valid until', 'Validity'], widths, true);
  for (const document of documents) tableRow(doc, [document.type, document.name, document.validUntil, document.status], widths);
}
