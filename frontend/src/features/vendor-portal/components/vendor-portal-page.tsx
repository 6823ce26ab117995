import { Alert, Badge, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isApiError } from '@/lib/api-error';
import { usePortalRequest } from '../api/get-portal-request';
import { LinkNoLongerValid } from './link-no-longer-valid';
import { PortalCheckCard } from './portal-check-card';
import { PortalQuestionnaireView } from './portal-questionnaire';
import { PortalRecheck } from './portal-recheck';

/** While a re-check runs, the page reads the request again this often to show what it resolved. */
export const RECHECK_REFRESH_MS = 5_000;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The page a vendor's contact opens from the emailed link: who asks, by when, why, and per check what
 * failed and how to fix it, with a form to answer. No sign-in and nothing of the app around it.
 */
export function VendorPortalPage({ token }: { token: string }) {
  const request = usePortalRequest({
    token,
    refetchWhile: (data) => 'recheck' in data && data.recheck.running,
    refetchIntervalMs: RECHECK_REFRESH_MS,
  });
  useDocumentTitle(request.data ? `Request from ${request.data.workspaceName}` : 'Vendor request');

  if (request.isPending)
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading the request" />
      </Center>
    );
  if (request.isError) {
    if (isApiError(request.error) && request.error.status === 404) return <LinkNoLongerValid />;
    return (
      <Center mih="100vh" p="md">
        <Stack maw={480}>
          <Alert color="red" title="The request could not be loaded">
            {request.error.message}
          </Alert>
          <Button onClick={() => void request.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }

  // A questionnaire's link (issue 41) opens the questionnaire on the same page.
  if ('questionnaire' in request.data) return <PortalQuestionnaireView token={token} page={request.data} />;
  const data = request.data;
  const open = data.state !== 'closed' && data.state !== 'cancelled';
  return (
    <Container size="sm" px="md" py="lg" data-testid="vendor-portal">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            A request from <b data-testid="portal-workspace">{data.workspaceName}</b> to{' '}
            <b data-testid="portal-vendor">{data.vendorName}</b>
          </Text>
          <Title order={1} size="h2">
            Please fix what our review of your website found
          </Title>
          <Group gap="xs">
            <Text size="sm">
              Due <b data-testid="portal-due">{formatDate(data.dueAt)}</b>
            </Text>
            {data.overdue && open && (
              <Badge color="red" variant="filled">
                Overdue
              </Badge>
            )}
            {!open && (
              <Badge color="green" variant="light" data-testid="portal-closed">
                {data.state === 'closed' ? 'Closed: thank you' : 'Cancelled'}
              </Badge>
            )}
          </Group>
        </Stack>
        {data.message && (
          <Card withBorder radius="md" padding="md">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="portal-message">
              {data.message}
            </Text>
          </Card>
        )}
        {open && <PortalRecheck token={token} recheck={data.recheck} />}
        {data.checks.map((check) => (
          <PortalCheckCard key={check.checkId} token={token} check={check} canAnswer={open} />
        ))}
      </Stack>
    </Container>
  );
}
