import { Alert, Badge, Button, Card, Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { alertChannelInputSchema, fill, MESSAGES, type AlertChannelKind } from '@vendorwatch/contracts';
import { useState } from 'react';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useCreateAlertChannel } from '../api/create-alert-channel';
import { useDeleteAlertChannel } from '../api/delete-alert-channel';
import { useAlertChannels } from '../api/get-alert-channels';
import { useResendAlertConfirmation } from '../api/resend-alert-confirmation';
import { useSendTestAlert } from '../api/send-test-alert';
import { useCan } from '@/lib/workspace';

interface ChannelFormValues {
  name: string;
  kind: AlertChannelKind;
  target: string;
}

/**
 * Where alerts go: email addresses and signed webhooks; a webhook's secret is shown once, when added.
 * An email address waits for its confirmation link to be opened (it can be sent again) before any
 * alert, a test included, goes there.
 */
export function AlertChannels() {
  const channels = useAlertChannels();
  const canWrite = useCan('alerts.write');
  const [secret, setSecret] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const create = useCreateAlertChannel({
    mutationConfig: {
      onSuccess: (created) => {
        setSecret(created.secret);
        setLinkSentTo(created.status === 'pending' ? created.target : null);
        form.reset();
      },
    },
  });
  const remove = useDeleteAlertChannel();
  const test = useSendTestAlert();
  const resend = useResendAlertConfirmation();
  const form = useForm<ChannelFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', kind: 'email', target: '' },
    validate: zodValidate(alertChannelInputSchema),
  });

  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Alert channels</Title>
        {secret && (
          <Alert color="yellow" title={MESSAGES.alerts.secretOnce} data-testid="webhook-secret">
            <Code>{secret}</Code>
          </Alert>
        )}
        {linkSentTo && (
          <Alert color="blue" data-testid="confirmation-sent">
            {fill(MESSAGES.alerts.confirmationSent, { email: linkSentTo })}
          </Alert>
        )}
        {canWrite && (
          <form
            onSubmit={form.onSubmit(
              (values) => create.mutate(alertChannelInputSchema.parse(values)),
              (errors) => focusFirstError(form, errors),
            )}
          >
            <Group align="flex-end">
              <TextInput label="Name" key={form.key('name')} {...form.getInputProps('name')} />
              <Select
                label="Channel"
                data={[
                  { value: 'email', label: 'Email' },
                  { value: 'webhook', label: 'Webhook' },
                ]}
                allowDeselect={false}
                key={form.key('kind')}
                {...form.getInputProps('kind')}
              />
              <TextInput
                label="Email address or webhook URL"
                style={{ flex: 1 }}
                key={form.key('target')}
                {...form.getInputProps('target')}
              />
              <Button type="submit" loading={create.isPending}>
                Add channel
              </Button>
            </Group>
          </form>
        )}
        {channels.data?.length === 0 && <Text c="dimmed">{MESSAGES.alerts.noChannels}</Text>}
        {!!channels.data?.length && (
          <Table>
            <Table.Tbody>
              {channels.data.map((channel) => (
                <Table.Tr key={channel.id} data-testid="alert-channel-row">
                  <Table.Td>{channel.name}</Table.Td>
                  <Table.Td>{channel.kind === 'email' ? 'Email' : 'Webhook'}</Table.Td>
                  <Table.Td>{channel.target}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={channel.status === 'confirmed' ? 'green' : 'yellow'}
                      variant="light"
                      data-testid="channel-status"
                    >
                      {channel.status === 'confirmed' ? MESSAGES.alerts.statusConfirmed : MESSAGES.alerts.statusPending}
                    </Badge>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {channel.status === 'pending' ? (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`${MESSAGES.alerts.resendConfirmation} to ${channel.name}`}
                            loading={resend.isPending && resend.variables?.channelId === channel.id}
                            onClick={() => resend.mutate({ channelId: channel.id })}
                          >
                            {MESSAGES.alerts.resendConfirmation}
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Send test to ${channel.name}`}
                            onClick={() => test.mutate({ channelId: channel.id })}
                          >
                            Send test
                          </Button>
                        )}
                        <Button
                          size="xs"
                          color="red"
                          variant="subtle"
                          aria-label={`Remove ${channel.name}`}
                          onClick={() => remove.mutate({ channelId: channel.id })}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
