import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { APP_NAME } from '@/config/constants';

/** The centred card around the login and register forms. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | ${APP_NAME}`);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="blue">
              {APP_NAME}
            </Text>
            <Title order={2}>{title}</Title>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
