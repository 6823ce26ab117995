import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Center py="xl">
      <Stack align="center" gap="md">
        <Text fz={64} fw={900} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>{MESSAGES.pages.notFound}</Title>
        <Text c="dimmed" ta="center">
          The page you are looking for does not exist or has been moved.
        </Text>
        <Group>
          <Button variant="default" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
          <Button component={Link} to={paths.app.dashboard.getHref()}>
            Go to Dashboard
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
