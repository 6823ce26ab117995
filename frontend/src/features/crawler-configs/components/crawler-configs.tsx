import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { CrawlerConfig } from '@vendorwatch/contracts';
import { useState } from 'react';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlerConfigs } from '../api/get-crawler-configs';
import { ActiveCrawlerConfigCard } from './active-crawler-config-card';
import { CrawlerConfigForm } from './crawler-config-form';
import { CrawlerConfigsTable } from './crawler-configs-table';
import { DeleteCrawlerConfigModal } from './delete-crawler-config-modal';
import { RequiresPermission } from '@/lib/workspace';

/** The Settings screen: the active configuration, every configuration, and add/edit/delete/test. */
export function CrawlerConfigs() {
  const configs = useCrawlerConfigs();
  // `undefined` while adding; kept after closing so the closing animation still shows the same form.
  const [editTarget, setEditTarget] = useState<CrawlerConfig | undefined>();
  const [formOpened, formModal] = useDisclosure(false);
  const [deleteTarget, setDeleteTarget] = useState<CrawlerConfig | null>(null);
  const [deleteOpened, deleteModal] = useDisclosure(false);

  const openForm = (config?: CrawlerConfig) => {
    setEditTarget(config);
    formModal.open();
  };
  const openDelete = (config: CrawlerConfig) => {
    setDeleteTarget(config);
    deleteModal.open();
  };

  if (configs.isPending) return <SectionLoader label="Loading configurations" />;
  if (configs.isError) {
    return (
      <Stack>
        <Alert color="red" title="Crawler configurations could not be loaded" data-testid="crawler-configs-error">
          {configs.error.message}
        </Alert>
        <Group>
          <Button variant="default" onClick={() => void configs.refetch()} loading={configs.isFetching}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ActiveCrawlerConfigCard config={configs.data.find(({ isActive }) => isActive)} />
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" mb="md">
          <Title order={3} size="h4">
            Configurations
          </Title>
          <RequiresPermission permission="crawlerConfigs.write">
            <Button leftSection={<IconPlus size={16} />} onClick={() => openForm()} data-testid="add-crawler-config">
              Add Crawler
            </Button>
          </RequiresPermission>
        </Group>
        {configs.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="crawler-configs-empty">
            No crawler configurations yet. Add one to crawl through a scraping API.
          </Text>
        ) : (
          <CrawlerConfigsTable configs={configs.data} onEdit={openForm} onDelete={openDelete} />
        )}
      </Card>

      <Modal opened={formOpened} onClose={formModal.close} title={editTarget ? 'Edit Crawler' : 'Add Crawler'} size="lg" centered>
        <CrawlerConfigForm
          key={editTarget?.id ?? 'new'}
          config={editTarget}
          onDone={formModal.close}
          onCancel={formModal.close}
        />
      </Modal>
      <DeleteCrawlerConfigModal config={deleteTarget} opened={deleteOpened} onClose={deleteModal.close} />
    </Stack>
  );
}
