import { Alert, Badge, Button, Code, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { alertChannelInputSchema, fill, MESSAGES, type AlertChannelKind } from '@vendorwatch/contracts';
import { useState } from 'react';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useCreateAlertChannel } from '../api/create-alert-channel';
import { useDeleteAlertChannel } from '../api/delete-alert-channel';
import { useAlertChannels } from '../api/get-alert-channels';
import { useResendAlertConfirmation } from '../api/resend-alert-confirmation';
import { useSendTestAlert } from '../api/send-test-alert';
import { AlertListCard } from './alert-list-card';

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
    <AlertListCard
      title="Alert channels"
      notices={
        <>
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
        </>
      }
      addForm={{
        onSubmit: form.onSubmit(
          (values) => create.mutate(alertChannelInputSchema.parse(values)),
          (errors) => focusFirstError(form, errors),
        ),
        submitLabel: 'Add channel',
        pending: create.isPending,
        fields: (
          <>
            <TextInput label="Name" style={{ flex: '1 1 160px' }} key={form.key('name')} {...form.getInputProps('name')} />
            <Select
              label="Channel"
              data={[
                { value: 'email', label: 'Email' },
                { value: 'webhook', label: 'Webhook' },
              ]}
              allowDeselect={false}
              w={{ base: '100%', xs: 140 }}
              key={form.key('kind')}
              {...form.getInputProps('kind')}
            />
            <TextInput
              label="Email address or webhook URL"
              style={{ flex: '2 1 280px' }}
              key={form.key('target')}
              {...form.getInputProps('target')}
            />
          </>
        ),
      }}
      rows={channels.data}
      rowKey={(channel) => channel.id}
      rowTestId="alert-channel-row"
      emptyText={MESSAGES.alerts.noChannels}
      headers={['Name', 'Channel', 'Address', 'Status']}
      cells={(channel) => [
        channel.name,
        channel.kind === 'email' ? 'Email' : 'Webhook',
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {channel.target}
        </Text>,
        <Badge color={channel.status === 'confirmed' ? 'green' : 'yellow'} variant="light" data-testid="channel-status">
          {channel.status === 'confirmed' ? MESSAGES.alerts.statusConfirmed : MESSAGES.alerts.statusPending}
        </Badge>,
      ]}
      actions={(channel) => (
        <>
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
        </>
      )}
    />
  );
}
