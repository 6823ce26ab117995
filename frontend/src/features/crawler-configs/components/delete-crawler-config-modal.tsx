import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES, type CrawlerConfig } from '@vendorwatch/contracts';
import { useDeleteCrawlerConfig } from '../api/delete-crawler-config';

interface DeleteCrawlerConfigModalProps {
  config: CrawlerConfig | null;
  opened: boolean;
  onClose: () => void;
}

export function DeleteCrawlerConfigModal({ config, opened, onClose }: DeleteCrawlerConfigModalProps) {
  const deleteConfig = useDeleteCrawlerConfig();

  const confirm = () => {
    if (config) deleteConfig.mutate({ configId: config.id }, { onSuccess: onClose });
  };

  return (
    <Modal opened={opened} onClose={() => !deleteConfig.isPending && onClose()} title="Delete Configuration" centered>
      <Stack>
        <Text size="sm">
          Delete the configuration <strong>{config?.name}</strong>?
        </Text>
        <Text size="sm" c="red">
          {MESSAGES.crawlerConfigs.deleteCannotBeUndone}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleteConfig.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={deleteConfig.isPending} data-testid="confirm-delete-crawler-config">
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
