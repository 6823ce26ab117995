import { useDocumentTitle } from '@mantine/hooks';
import { MESSAGES } from '@vendorwatch/contracts';
import { NotFound } from '@/components/errors/not-found';
import { APP_NAME } from '@/config/constants';

export default function NotFoundRoute() {
  useDocumentTitle(`${MESSAGES.pages.notFound} | ${APP_NAME}`);
  return <NotFound />;
}
