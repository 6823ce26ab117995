import {
  createdQuestionnaireRequestSchema,
  importedQuestionnaireTemplateSchema,
  portalQuestionnairePageSchema,
  portalRequestSchema,
  questionnaireRequestDetailSchema,
  questionnaireRequestListSchema,
  questionnaireTemplateListSchema,
  questionnaireTemplateSchema,
  uploadedDocumentSchema,
  vendorDocumentListSchema,
} from '@vendorwatch/contracts';
import { z } from 'zod';
import type { RouteDoc } from './route-doc';

const portalPage = portalQuestionnairePageSchema;
const linkInvalid = { 404: 'This link is no longer valid', 429: 'Too many failed link lookups from this address' };

/** The routes of issue 41 (questionnaires and documents through the vendor link), spread into ROUTE_DOCS. */
export const QUESTIONNAIRE_ROUTE_DOCS: Record<string, RouteDoc> = {
  // The shared portal route: a remediation request's link, or a questionnaire's (issue 41).
  'GET /api/portal/:token': {
    summary: 'The vendor portal: the request the link opens — a remediation request or a questionnaire (no sign-in)',
    response: z.union([portalRequestSchema, portalQuestionnairePageSchema]),
    auth: 'none',
    errors: linkInvalid,
  },
  'GET /api/questionnaires/templates': {
    summary: 'The questionnaires the workspace can send: MVSP v3.0, VSAQ, and those it imported',
    response: questionnaireTemplateListSchema,
  },
  'GET /api/questionnaires/templates/:id': {
    summary: "A questionnaire's sections and questions, with the checks each question maps to",
    response: questionnaireTemplateSchema,
  },
  'POST /api/questionnaires/templates/import': {
    summary: 'Import a questionnaire from CSV or Excel (columns id, section, question, type, choices, guidance; admins)',
    response: importedQuestionnaireTemplateSchema,
    status: 201,
    errors: { 409: 'The workspace keeps as many imported questionnaires as allowed' },
    description: 'A refused file answers 400 naming the row and column of each fault in `errors`.',
  },
  'POST /api/vendors/:id/questionnaires': {
    summary: "Send a questionnaire to the vendor's contact through an emailed vendor link (editors)",
    response: createdQuestionnaireRequestSchema,
    errors: { 429: "Over the caller's limit for this kind of request", 502: 'The email could not be sent' },
  },
  'GET /api/questionnaires': {
    summary: "The workspace's questionnaires, by vendor and state, with their scores and contradictions",
    response: questionnaireRequestListSchema,
  },
  'GET /api/questionnaires/:id': {
    summary: 'A questionnaire with its answers, pre-fills, contradictions with their evidence, reviews and score',
    response: questionnaireRequestDetailSchema,
  },
  'GET /api/questionnaires/:id/export': {
    summary: 'The answers with contradictions and review notes, as Excel (format=xlsx) or CSV (format=csv)',
    response: null,
    contentType: 'application/octet-stream',
  },
  'POST /api/questionnaires/:id/answers/:questionId/review': {
    summary: 'Accept an answer, or ask the vendor a follow-up (the request returns to in_progress; editors)',
    response: questionnaireRequestDetailSchema,
    errors: { 409: 'The vendor has not submitted the answers' },
  },
  'POST /api/questionnaires/:id/cancel': {
    summary: 'Cancel a questionnaire: its link dies (editors)',
    response: questionnaireRequestDetailSchema,
    errors: { 409: 'Already reviewed or cancelled' },
  },
  'PUT /api/portal/:token/answers/:questionId': {
    summary: "The vendor's answer to one question, saved as it is given (no sign-in: the link is the credential)",
    response: portalPage,
    auth: 'none',
    errors: { ...linkInvalid, 409: 'The questionnaire was submitted or cancelled' },
  },
  'POST /api/portal/:token/submit': {
    summary: 'Submit the answers; 400 lists the unanswered questions (no sign-in)',
    response: portalPage,
    auth: 'none',
    errors: { ...linkInvalid, 409: 'The questionnaire was submitted or cancelled' },
  },
  'POST /api/portal/:token/documents': {
    summary: 'Upload a document (multipart file, type, validUntil): PDF, PNG or JPEG by content, up to 10 MB (no sign-in)',
    response: uploadedDocumentSchema,
    status: 201,
    auth: 'none',
    errors: { ...linkInvalid, 413: 'The file is over 10 MB' },
  },
  'GET /api/vendors/:id/documents': {
    summary: "The vendor's documents with their validity: valid, expiring (within 30 days) or expired",
    response: vendorDocumentListSchema,
  },
  'GET /api/vendors/:id/documents/:documentId': {
    summary: 'A document, served as an attachment (members)',
    response: null,
    contentType: 'application/octet-stream',
  },
};
