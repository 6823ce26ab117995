/** Every route of the app, defined once: links and the router both read from here. */
export const paths = {
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
  },
  app: {
    dashboard: { path: '/', getHref: () => '/' },
    vendors: { path: '/vendors', getHref: () => '/vendors' },
    crawls: { path: '/crawls', getHref: () => '/crawls' },
    crawlJob: {
      path: '/crawls/:jobId',
      getHref: (jobId: string) => `/crawls/${encodeURIComponent(jobId)}`,
    },
    reports: { path: '/reports', getHref: () => '/reports' },
    report: {
      path: '/reports/:reportId',
      getHref: (reportId: string) => `/reports/${encodeURIComponent(reportId)}`,
    },
    testCrawler: { path: '/test-crawler', getHref: () => '/test-crawler' },
    settings: { path: '/settings', getHref: () => '/settings' },
    scrapingTest: { path: '/test', getHref: () => '/test' },
    crawler: {
      path: '/crawler/:vendorId',
      getHref: (vendorId: string) => `/crawler/${encodeURIComponent(vendorId)}`,
    },
  },
} as const;
