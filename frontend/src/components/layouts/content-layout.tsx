import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { APP_NAME } from '@/config/constants';

/** A screen inside the app shell: its title as heading and browser tab title, then its content. */
export function ContentLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | ${APP_NAME}`);
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}
