import { Stack } from '@mantine/core';
import { Navigate, useLocation } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { CrawlMethodsCard } from '@/features/crawler-configs/components/crawl-methods-card';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';
import { QuestionnaireTemplatesSettings } from '@/features/questionnaires/components/import-questionnaire-template';

/** The specification's Settings: how crawls are made, and the scraping API configurations. Alerts have their own page. */
export default function SettingsRoute() {
  // Alert emails sent before Alerts had a page of their own link to /settings#alerts.
  const { hash } = useLocation();
  if (hash === '#alerts') return <Navigate to={paths.app.alerts.getHref()} replace />;
  return (
    <ContentLayout title="Crawler Settings">
      <Stack gap="xl">
        <CrawlMethodsCard />
        <CrawlerConfigs />
        <QuestionnaireTemplatesSettings />
      </Stack>
    </ContentLayout>
  );
}
