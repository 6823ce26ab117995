/** The product's business constants and limits: every one the API, the workers and the forms enforce. */
export const LIMITS = {
  password: { minLength: 6, maxLength: 1024 },
  /** Lengths every auth input is held to (the address's limit is the SMTP one). */
  auth: { emailMaxLength: 254, tokenMaxLength: 512, friendlyNameMaxLength: 256, metadataMaxBytes: 16_384 },
  totp: { digits: 6 },
  maxPages: { min: 1, max: 1000, default: 100 },
  crawlDelayMs: { min: 500, max: 10_000, default: 2000 },
  maxRetries: { min: 0, max: 5, step: 1, default: 3 },
  waitTimeMs: { min: 0, max: 10_000, step: 500, default: 2000 },
  /**
   * A vendor's domains (issue 31): host names, the first its primary domain; DKIM selectors the user
   * lists, since no DNS query enumerates them.
   */
  vendor: {
    nameMaxLength: 200,
    urlMaxLength: 2048,
    descriptionMaxLength: 5000,
    maxDomains: 20,
    domainMaxLength: 253,
    maxDkimSelectors: 10,
    dkimSelectorMaxLength: 63,
  },
  /** The vendor programme (issue 40): tier settings, a vendor's contacts, reviews. */
  programme: {
    tierNameMaxLength: 60,
    reviewIntervalDays: { min: 7, max: 3650 },
    maxAcceptanceDays: { min: 1, max: 3650 },
    tierReasonMaxLength: 1000,
    maxContacts: 10,
    contactNameMaxLength: 200,
    reviewNotesMaxLength: 5000,
    /** A review falls due_soon this many days before its date. */
    dueSoonDays: 30,
    /** A certificate expiring within this many days opens a review early (due_now). */
    certificateReviewDays: 14,
  },
  /** Any URL the API takes (a start URL, a URL to test-crawl or scrape, an API endpoint). */
  urlMaxLength: 2048,
  /** `options` is free-form: bounded by its number of entries and its size as JSON. */
  crawlerConfig: { nameMaxLength: 200, apiKeyMaxLength: 500, optionsMaxKeys: 50, optionsMaxJsonLength: 10_000 },
  project: {
    nameMaxLength: 200,
    descriptionMaxLength: 5000,
    pageTitleMaxLength: 500,
    elementTypeMaxLength: 100,
    elementContentMaxLength: 100_000,
  },
  pagination: { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 },
  /** Lists the app shows whole (vendors, projects, a session's pages): a window of at most this many rows per request. */
  listWindow: { maxLimit: 1000, maxOffset: 1_000_000 },
  /** What change detection ignores on a vendor's pages: CSS selectors and text patterns, a line each. */
  changeIgnores: { maxLines: 50, maxLineLength: 200 },
  /** Per user; a delivery is tried this many times with exponential backoff. */
  alerts: { nameMaxLength: 100, maxChannels: 20, maxRules: 50, deliveryAttempts: 5, backoffMs: 1000, tokenMaxLength: 200 },
  /** The portfolio screen's search text. */
  portfolio: { searchMaxLength: 100 },
  /** A certificate-expiry alert rule's window, in days. */
  certificateExpiryDays: { min: 1, max: 365, default: 30 },
  /** Each vendor's trend in the reports summary: its latest assessments in the period, at most this many. */
  reportTrendPoints: 60,
  /** The days a report filter may name: PostgreSQL has no year 0, and the day after 9999-12-31 is year 10000. */
  reportDates: { earliest: '1900-01-01', latest: '9998-12-31' },
  /**
   * Schedules: users may ask for at most one run an hour (operators may allow more with
   * SCHEDULE_MIN_INTERVAL_SECONDS); a cron expression and a time zone name are held to these lengths.
   */
  schedule: {
    minIntervalSeconds: 3600,
    maxIntervalSeconds: 31 * 24 * 3600,
    cronMaxLength: 100,
    timezoneMaxLength: 64,
    runsListed: 50,
  },
  /**
   * Teams (issue 33): every name, address and token an input takes is bounded, and so is every list a
   * workspace keeps (members, pending invitations, API keys); an invitation lapses after `invitationDays`.
   */
  /** Single sign-on (issue 42): a workspace's mapping of the provider's groups to roles. */
  sso: {
    maxGroups: 100,
    groupMaxLength: 200,
    claimMaxLength: 100,
    /** How long a person may take at the provider, and the app to redeem its code. */
    flowExpirySeconds: 600,
    authCodeExpirySeconds: 300,
  },
  workspaces: {
    nameMaxLength: 100,
    /** Workspaces a user may create besides their personal one. */
    maxCreatedPerUser: 50,
    /** Members and pending invitations together. */
    maxMembers: 500,
    maxPendingInvitations: 100,
    invitationDays: 7,
    tokenMaxLength: 200,
    apiKeyNameMaxLength: 100,
    maxApiKeys: 50,
    /** A key's `lastUsedAt` is written at most this often (one UPDATE a minute, not one per request). */
    apiKeyLastUsedIntervalSeconds: 60,
    /** The audit log's `actor` filter (an email address, a key's name or an id). */
    auditFilterMaxLength: 254,
    /** The audit log's `action` filter (`member.role_change`). */
    auditActionMaxLength: 64,
    /** An audit-log CSV holds at most this many entries (the newest, within the filters). */
    auditExportMaxRows: 100_000,
    /** One address is invited to one workspace at most once in this many seconds (a resend included). */
    invitationRecipientCooldownSeconds: 600,
    /** Invitations one workspace sends in 24 hours, and one person (or their keys) in all workspaces. */
    invitationsPerWorkspacePerDay: 50,
    invitationsPerInviterPerDay: 100,
  },
  /**
   * The vendors list (issue 39): its search text, page size, and an import file's size and rows (a file
   * never holds more than a workspace may keep: VENDORS_PER_USER is checked on top).
   */
  vendorList: {
    searchMaxLength: 200,
    defaultLimit: 1000,
    maxLimit: 1000,
    importMaxBytes: 5 * 1024 * 1024,
    importMaxRows: 1000,
    /** What an .xlsx (a zip) may unpack to: a 5 MB zip of repeated text could otherwise expand to gigabytes in memory. */
    importMaxUnpackedBytes: 50 * 1024 * 1024,
    moveMaxVendors: 1000,
  },
  /** Remediation requests and their vendor links (issue 40). */
  remediation: {
    maxChecks: 50,
    checkIdMaxLength: 100,
    messageMaxLength: 2000,
    commentMaxLength: 2000,
    /** A vendor link's token is 32 random bytes in base64url (43 characters); the route refuses other lengths. */
    tokenMinLength: 43,
    tokenMaxLength: 64,
    maxAttachmentBytes: 10 * 1024 * 1024,
    maxAttachmentsPerRequest: 20,
    attachmentNameMaxLength: 200,
    rechecksPerDay: 3,
    /** A closed request's link keeps working this long, so the vendor can still read the outcome. */
    closedLinkDays: 30,
    /** Failed link lookups one client address may make per minute before 429. */
    failedLookupsPerMinute: 10,
    /** Requests one workspace may send in 24 hours (each sends an email to an address the sender picks). */
    requestsPerWorkspacePerDay: 200,
    /** One address gets a new request from one workspace at most once in this many seconds. */
    recipientCooldownSeconds: 60,
  },
  /** Questionnaires and documents (issue 41): templates, answers, uploaded documents. */
  questionnaires: {
    idMaxLength: 100,
    nameMaxLength: 200,
    sectionMaxLength: 300,
    questionMaxLength: 2000,
    guidanceMaxLength: 4000,
    maxChoices: 20,
    choiceMaxLength: 500,
    maxQuestions: 500,
    maxImportedTemplates: 50,
    messageMaxLength: 5000,
    answerMaxLength: 10_000,
    commentMaxLength: 5000,
    noteMaxLength: 5000,
    documentMaxBytes: 10 * 1024 * 1024,
    documentNameMaxLength: 255,
    /** A document expiring within this many days is `expiring`. */
    documentExpiringDays: 30,
  },
} as const;

export const TIMEOUTS_MS = {
  backendApi: 60_000,
  crawlerApi: 30_000,
  proxy: 60_000,
  scrapingDirect: 30_000,
} as const;

export const POLLING_MS = {
  dashboard: 5000,
  crawlerResults: 5000,
  terminalJobClear: 5000,
} as const;

export const SLOW_RESPONSE_WARNING_MS = 5000;

export const DEFAULT_CRAWL_RUN_SETTINGS = {
  simulateHumanBehavior: true,
  useProxy: false,
  takeScreenshots: true,
  maxRetries: LIMITS.maxRetries.default,
  waitTime: LIMITS.waitTimeMs.default,
} as const;

export const SCRAPINGBEE_DEFAULT_ENDPOINT = 'https://app.scrapingbee.com/api/v1';

/** Side navigation width from the spec, in px. */
export const NAVBAR_WIDTH = 240;
