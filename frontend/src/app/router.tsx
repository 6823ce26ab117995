import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import AppRoot from './routes/app/root';
import RootRoute from './routes/root';

/** Each screen is its own chunk; the shells above them load with the app. */
const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const app = paths.app;

export const routes: RouteObject[] = [
  // The vendor's page: outside the auth provider, so it neither loads the sign-in client nor sends anyone to /login.
  {
    path: paths.vendorPortal.path,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    lazy: lazyScreen(() => import('./routes/vendor-portal')),
  },
  {
    Component: RootRoute,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.auth.login.path, lazy: lazyScreen(() => import('./routes/auth/login')) },
      { path: paths.auth.register.path, lazy: lazyScreen(() => import('./routes/auth/register')) },
      { path: paths.auth.secondFactor.path, lazy: lazyScreen(() => import('./routes/auth/second-factor')) },
      { path: paths.auth.forgotPassword.path, lazy: lazyScreen(() => import('./routes/auth/forgot-password')) },
      { path: paths.auth.resetPassword.path, lazy: lazyScreen(() => import('./routes/auth/reset-password')) },
      { path: paths.auth.confirm.path, lazy: lazyScreen(() => import('./routes/auth/confirm')) },
      { path: paths.auth.confirmAlertEmail.path, lazy: lazyScreen(() => import('./routes/auth/confirm-alert-email')) },
      { path: paths.auth.acceptInvitation.path, lazy: lazyScreen(() => import('./routes/auth/accept-invitation')) },
      {
        Component: AppRoot,
        children: [
          // Errors inside a screen keep the shell (menu, logout) usable.
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: lazyScreen(() => import('./routes/app/dashboard')) },
              { path: app.vendors.path, lazy: lazyScreen(() => import('./routes/app/vendors')) },
              { path: app.vendor.path, lazy: lazyScreen(() => import('./routes/app/vendor')) },
              { path: app.remediationRequests.path, lazy: lazyScreen(() => import('./routes/app/remediation-requests')) },
              { path: app.remediationRequest.path, lazy: lazyScreen(() => import('./routes/app/remediation-request')) },
              { path: app.programme.path, lazy: lazyScreen(() => import('./routes/app/programme')) },
              { path: app.questionnaire.path, lazy: lazyScreen(() => import('./routes/app/questionnaire')) },
              { path: app.crawls.path, lazy: lazyScreen(() => import('./routes/app/crawls')) },
              { path: app.crawlJob.path, lazy: lazyScreen(() => import('./routes/app/crawl-job')) },
              { path: app.reports.path, lazy: lazyScreen(() => import('./routes/app/reports')) },
              { path: app.portfolio.path, lazy: lazyScreen(() => import('./routes/app/portfolio')) },
              { path: app.riskAcceptances.path, lazy: lazyScreen(() => import('./routes/app/risk-acceptances')) },
              { path: app.methodology.path, lazy: lazyScreen(() => import('./routes/app/methodology')) },
              { path: app.report.path, lazy: lazyScreen(() => import('./routes/app/report')) },
              { path: app.testCrawler.path, lazy: lazyScreen(() => import('./routes/app/test-crawler')) },
              { path: app.settings.path, lazy: lazyScreen(() => import('./routes/app/settings')) },
              { path: app.security.path, lazy: lazyScreen(() => import('./routes/app/security')) },
              { path: app.alerts.path, lazy: lazyScreen(() => import('./routes/app/alerts')) },
              { path: app.tiers.path, lazy: lazyScreen(() => import('./routes/app/tiers')) },
              { path: app.scrapingApi.path, lazy: lazyScreen(() => import('./routes/app/scraping-api')) },
              { path: app.scrapingTest.path, lazy: lazyScreen(() => import('./routes/app/scraping-test')) },
              { path: app.crawler.path, lazy: lazyScreen(() => import('./routes/app/crawler')) },
              { path: app.members.path, lazy: lazyScreen(() => import('./routes/app/members')) },
              { path: app.invitations.path, lazy: lazyScreen(() => import('./routes/app/invitations')) },
              { path: app.apiKeys.path, lazy: lazyScreen(() => import('./routes/app/api-keys')) },
              { path: app.auditLog.path, lazy: lazyScreen(() => import('./routes/app/audit-log')) },
              { path: '*', lazy: lazyScreen(() => import('./routes/app/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  // Created on mount, not on import, so tests can reuse `routes` with a memory router.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
