import { INVITATION_ACCEPT_PATH } from '@vendorwatch/contracts';

/** Every route of the app, defined once: links and the router both read from here. */
export const paths = {
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    /** The code step of a sign-in when the account has two-factor authentication on. */
    secondFactor: { path: '/login/code', getHref: () => '/login/code' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    /** Pages that emailed links open; each POSTs the link's token when the person acts. */
    resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
    confirm: { path: '/confirm', getHref: () => '/confirm' },
    /** The link that confirms an email address for alerts (no sign-in: whoever reads the address confirms it). */
    confirmAlertEmail: { path: '/confirm-alert-email', getHref: () => '/confirm-alert-email' },
    /** An invitation email's link (`?token=`): shows the workspace and role, then joins it once signed in. */
    acceptInvitation: {
      path: INVITATION_ACCEPT_PATH,
      getHref: (token: string) => `${INVITATION_ACCEPT_PATH}?token=${encodeURIComponent(token)}`,
    },
  },
  /** A remediation request's vendor link: no sign-in, outside the app's shell; the token is the credential. */
  vendorPortal: {
    path: '/vendor-portal/:token',
    getHref: (token: string) => `/vendor-portal/${encodeURIComponent(token)}`,
  },
  app: {
    dashboard: { path: '/', getHref: () => '/' },
    vendors: {
      path: '/vendors',
      /** With a view (`{ grade: 'F' }`, `{ sort: 'vulnerableLibraries' }`), the list opens searched, filtered or sorted that way. */
      getHref: (view: Record<string, string> = {}) => {
        const search = new URLSearchParams(view).toString();
        return search ? `/vendors?${search}` : '/vendors';
      },
    },
    vendor: {
      path: '/vendors/:vendorId',
      /** With `crawlJobId`, the vendor's timeline opens that crawl's changes. */
      getHref: (vendorId: string, crawlJobId?: string) =>
        `/vendors/${encodeURIComponent(vendorId)}${crawlJobId ? `?crawl=${encodeURIComponent(crawlJobId)}` : ''}`,
    },
    questionnaire: {
      path: '/questionnaires/:questionnaireId',
      getHref: (questionnaireId: string) => `/questionnaires/${encodeURIComponent(questionnaireId)}`,
    },
    remediationRequest: {
      path: '/remediation-requests/:requestId',
      getHref: (requestId: string) => `/remediation-requests/${encodeURIComponent(requestId)}`,
    },
    crawls: { path: '/crawls', getHref: () => '/crawls' },
    /** The vendor programme (issue 40): vendors by tier and grade, and what is due. */
    programme: { path: '/programme', getHref: () => '/programme' },
    /** The workspace's remediation requests, optionally of one state (`open`, `overdue`, `responded`…). */
    remediationRequests: {
      path: '/remediation-requests',
      getHref: (view: { state?: string } = {}) =>
        view.state ? `/remediation-requests?state=${encodeURIComponent(view.state)}` : '/remediation-requests',
    },
    crawlJob: {
      path: '/crawls/:jobId',
      getHref: (jobId: string) => `/crawls/${encodeURIComponent(jobId)}`,
    },
    reports: { path: '/reports', getHref: () => '/reports' },
    report: {
      path: '/reports/:reportId',
      getHref: (reportId: string) => `/reports/${encodeURIComponent(reportId)}`,
    },
    portfolio: { path: '/portfolio', getHref: () => '/portfolio' },
    /** Accepted risks (issue 40): pending, active, expired…; `state` opens that tab. */
    riskAcceptances: {
      path: '/risk-acceptances',
      getHref: (state?: string) => (state ? `/risk-acceptances?state=${encodeURIComponent(state)}` : '/risk-acceptances'),
    },
    methodology: { path: '/methodology', getHref: () => '/methodology' },
    testCrawler: { path: '/test-crawler', getHref: () => '/test-crawler' },
    settings: { path: '/settings', getHref: () => '/settings' },
    security: { path: '/settings/security', getHref: () => '/settings/security' },
    /** Alert channels, rules and deliveries: a page of their own, out of the crawler settings. */
    alerts: { path: '/settings/alerts', getHref: () => '/settings/alerts' },
    /** The workspace's vendor tiers (issue 40): admins edit them, everyone reads them. */
    tiers: { path: '/settings/tiers', getHref: () => '/settings/tiers' },
    /** The scraping service configurations (API keys, Test Connection): a page of their own; /settings keeps them too. */
    scrapingApi: { path: '/settings/scraping-api', getHref: () => '/settings/scraping-api' },
    scrapingTest: { path: '/test', getHref: () => '/test' },
    crawler: {
      path: '/crawler/:vendorId',
      getHref: (vendorId: string) => `/crawler/${encodeURIComponent(vendorId)}`,
    },
    /** Workspace settings: the current workspace's people, keys and trail (owners and admins). */
    members: { path: '/workspace/members', getHref: () => '/workspace/members' },
    invitations: { path: '/workspace/invitations', getHref: () => '/workspace/invitations' },
    apiKeys: { path: '/workspace/api-keys', getHref: () => '/workspace/api-keys' },
    auditLog: { path: '/workspace/audit-log', getHref: () => '/workspace/audit-log' },
  },
} as const;
