import {
  portalRecheckSchema,
  portalRequestSchema,
  remediationRequestDetailSchema,
  remediationRequestListSchema,
  remediationRequestSummarySchema,
  uploadedAttachmentSchema,
} from '@vendorwatch/contracts';
import type { RouteDoc } from './route-doc';

const deadLink = { 404: 'This link is no longer valid (cancelled, closed more than 30 days ago, or unknown)' };
const guessing = { 429: 'Too many failed link lookups from this client address; try again in a minute' };
const notOpen = { 409: 'The request is closed or cancelled' };

/** Remediation requests and the vendor portal (issue 40, item 3), spread into ROUTE_DOCS. */
export const REMEDIATION_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/vendors/:id/remediation-requests': {
    summary:
      "Ask the vendor's contact to fix failing or warning checks of its latest assessment, by a date; the contact is emailed a link that needs no account",
    response: remediationRequestSummarySchema,
    errors: {
      429: 'This address got a request a moment ago, the workspace sent its daily number, or the caller is over their limit',
      502: 'The email could not be sent; the request was cancelled',
    },
  },
  'GET /api/remediation-requests': {
    summary: "The workspace's remediation requests, newest first (state: a state, open or overdue)",
    response: remediationRequestListSchema,
  },
  'GET /api/remediation-requests/:id': {
    summary: 'A remediation request with its checks, the vendor’s replies and attachments, and its history',
    response: remediationRequestDetailSchema,
  },
  'POST /api/remediation-requests/:id/cancel': {
    summary: 'Cancel an open request: its link stops working at once',
    response: remediationRequestDetailSchema,
    errors: notOpen,
  },
  'POST /api/remediation-requests/:id/checks/:checkId/decision': {
    summary: 'Accept the vendor’s reply to a check, or reject it (back to open, the note shown to the vendor)',
    response: remediationRequestDetailSchema,
    errors: { 409: 'The check has no reply waiting for a decision, or the request is not open' },
  },
  'GET /api/remediation-requests/:id/attachments/:attachmentId': {
    summary: 'A file the vendor attached, as a download (Content-Disposition: attachment, X-Content-Type-Options: nosniff)',
    response: null,
    contentType: 'application/octet-stream',
  },
  'GET /api/portal/:token': {
    summary: 'The vendor portal: the request the link opens (no sign-in; the token is the credential)',
    response: portalRequestSchema,
    auth: 'none',
    errors: { ...deadLink, ...guessing },
  },
  'POST /api/portal/:token/checks/:checkId/replies': {
    summary: 'The vendor replies to one check: fixed, compensating control or disputed, with a comment',
    response: portalRequestSchema,
    auth: 'none',
    errors: { ...deadLink, ...guessing, ...notOpen },
  },
  'POST /api/portal/:token/attachments': {
    summary: 'Attach a PDF, PNG or JPEG (typed by its content, at most 10 MB) to one check: multipart `file` and `checkId`',
    response: uploadedAttachmentSchema,
    auth: 'none',
    errors: {
      ...deadLink,
      ...guessing,
      409: 'The request is not open, or holds its most attachments',
      413: 'The file is over 10 MB',
    },
  },
  'POST /api/portal/:token/recheck': {
    summary: "Crawl the vendor again with the workspace's settings; the checks that pass in its assessment are resolved",
    response: portalRecheckSchema,
    auth: 'none',
    errors: {
      ...deadLink,
      409: 'A re-check is running, or the request is not open',
      429: 'Three re-checks were asked for in the last 24 hours, or too many failed lookups from this address',
    },
  },
};
