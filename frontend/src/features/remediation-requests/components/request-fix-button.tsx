import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { LIMITS, REQUESTABLE_OUTCOMES, type RemediationRequestSummary } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useCreateRemediationRequest, remediationNotEmailedMessage } from '../api/create-remediation-request';
import { dueAtFromDateInput, earliestDueDate } from './due-date';

/** A check of the latest assessment the vendor could be asked to fix. */
export interface FixableCheck {
  checkId: string;
  title: string;
  outcome: string;
  summary?: string;
}

export interface VendorContact {
  name?: string | null;
  email: string;
}

interface RequestFixButtonProps {
  vendorId: string;
  vendorName: string;
  /** The latest assessment's checks; only failing and warning ones are offered. */
  checks: readonly FixableCheck[];
  contacts?: readonly VendorContact[];
}

interface RequestFixValues {
  checkIds: string[];
  contactEmail: string;
  dueDate: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Request a fix": pick failing or warning checks, who to ask, by when and why; the contact is emailed a link. */
export function RequestFixButton({ vendorId, vendorName, checks, contacts = [] }: RequestFixButtonProps) {
  const [opened, setOpened] = useState(false);
  const fixable = checks.filter((check) => (REQUESTABLE_OUTCOMES as readonly string[]).includes(check.outcome));
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} />}
        onClick={() => setOpened(true)}
        data-testid="request-fix"
      >
        Request a fix
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Ask ${vendorName} to fix`} size="lg">
        {fixable.length === 0 ? (
          <Text c="dimmed" data-testid="request-fix-nothing">
            The latest assessment has no failing or warning check to ask about.
          </Text>
        ) : (
          <RequestFixForm vendorId={vendorId} checks={fixable} contacts={contacts} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}

interface RequestFixFormProps {
  vendorId: string;
  checks: readonly FixableCheck[];
  contacts: readonly VendorContact[];
  onDone: () => void;
}

function RequestFixForm({ vendorId, checks, contacts, onDone }: RequestFixFormProps) {
  const create = useCreateRemediationRequest();
  const minDate = earliestDueDate();
  const form = useForm<RequestFixValues>({
    initialValues: { checkIds: [], contactEmail: contacts[0]?.email ?? '', dueDate: '', message: '' },
    validate: {
      checkIds: (ids) => (ids.length === 0 ? 'Pick at least one check to fix' : null),
      contactEmail: (email) => (EMAIL.test(email.trim()) ? null : 'Enter the email address of the contact to ask'),
      dueDate: (date) => (!date ? 'Pick a due date' : date < minDate ? 'The due date must be in the future' : null),
    },
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        vendorId,
        data: {
          checkIds: values.checkIds,
          contactEmail: values.contactEmail.trim().toLowerCase(),
          dueAt: dueAtFromDateInput(values.dueDate),
          message: values.message.trim(),
        },
      },
      // Without an email server the dialog stays open to say so.
      { onSuccess: (created) => created.emailed !== false && onDone() },
    ),
  );

  if (create.data && create.data.emailed === false) return <NotEmailedNotice request={create.data} onDone={onDone} />;
  const suggestions = contacts.map((contact) => contact.email);
  return (
    <form onSubmit={submit} noValidate data-testid="request-fix-form">
      <Stack gap="md">
        <Checkbox.Group label="Checks to fix" withAsterisk {...form.getInputProps('checkIds')}>
          <Stack gap="xs" mt="xs">
            {checks.map((check) => (
              <Checkbox
                key={check.checkId}
                value={check.checkId}
                data-testid="request-fix-check"
                label={
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge size="sm" color={check.outcome === 'fail' ? 'red' : 'yellow'} variant="light" miw={56}>
                      {check.outcome === 'fail' ? 'Fail' : 'Warning'}
                    </Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {check.title}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Autocomplete
          label="Contact email"
          withAsterisk
          type="email"
          data={suggestions}
          maxLength={LIMITS.auth.emailMaxLength}
          description={suggestions.length > 0 ? "The vendor's contacts are suggested" : undefined}
          {...form.getInputProps('contactEmail')}
        />
        <TextInput label="Due date" withAsterisk type="date" min={minDate} {...form.getInputProps('dueDate')} />
        <Textarea
          label="Message"
          autosize
          minRows={3}
          maxLength={LIMITS.remediation.messageMaxLength}
          description="Shown to the vendor on their page, above the checks"
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconSend size={16} />} data-testid="request-fix-submit">
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** No email server: the request exists, but nobody was told; its link (answered once) is handed over by other means. */
function NotEmailedNotice({ request, onDone }: { request: RemediationRequestSummary; onDone: () => void }) {
  const link = request.link ?? '';
  return (
    <Stack gap="sm" data-testid="request-fix-unsent">
      <Alert color="blue" title="No email was sent">
        {remediationNotEmailedMessage(request.contactEmail)}
      </Alert>
      {link && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Vendor link"
            description="Shown once: send it to the contact yourself"
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
