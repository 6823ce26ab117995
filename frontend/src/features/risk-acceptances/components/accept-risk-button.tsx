import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import {
  latestAcceptanceExpiry,
  RISK_ACCEPTANCE_LIMITS,
  riskAcceptanceInputSchema,
  type RiskAcceptanceInput,
} from '@vendorwatch/contracts';
import { useState } from 'react';
import { focusFirstError, setServerFieldErrors } from '@/lib/form';
import { useRequestRiskAcceptance } from '../api/request-risk-acceptance';
import { useVendorRiskAcceptances } from '../api/get-vendor-risk-acceptances';

interface AcceptRiskButtonProps {
  vendorId: string;
  check: { checkId: string; title: string };
}

type FormValues = Pick<RiskAcceptanceInput, 'justification' | 'expiresAt'>;

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The shared schema decides, on the values as they will be sent. */
const validate =
  (checkId: string) =>
  (values: FormValues): FormErrors => {
    const result = riskAcceptanceInputSchema.safeParse({ checkId, ...values });
    const errors: FormErrors = {};
    for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  };

/**
 * "Accept risk" on a failing or warning check: a justification and an expiry no later than the vendor's
 * tier allows (the date picker stops there; the server checks it again). The request waits for an admin
 * or owner other than the requester.
 */
export function AcceptRiskButton({ vendorId, check }: AcceptRiskButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="violet"
        leftSection={<IconShieldCheck size={14} />}
        onClick={() => setOpened(true)}
        data-testid="accept-risk"
      >
        Accept risk
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Accept this risk" centered size="lg">
        {opened && <AcceptRiskForm vendorId={vendorId} check={check} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function AcceptRiskForm({ vendorId, check, onDone }: AcceptRiskButtonProps & { onDone: () => void }) {
  const vendor = useVendorRiskAcceptances({ vendorId });
  const request = useRequestRiskAcceptance();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: { justification: '', expiresAt: '' },
    validate: validate(check.checkId),
  });
  const maxDays = vendor.data?.maxAcceptanceDays;
  const latest = maxDays ? utcDay(latestAcceptanceExpiry(maxDays)) : undefined;

  const submit = form.onSubmit(
    (values) =>
      request.mutate(
        { vendorId, data: { checkId: check.checkId, ...values } },
        { onSuccess: onDone, onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="accept-risk-form">
      <Stack gap="sm">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {check.title}
        </Text>
        <Text size="sm" c="dimmed">
          While approved, this check is shown as accepted and left out of the vendor&apos;s rate and grades until the expiry. An
          admin or owner other than you approves it.
        </Text>
        <Textarea
          label="Justification"
          description="Why the company accepts this risk, and what limits it"
          required
          autosize
          minRows={3}
          maxLength={RISK_ACCEPTANCE_LIMITS.justificationMaxLength}
          key={form.key('justification')}
          {...form.getInputProps('justification')}
        />
        <TextInput
          type="date"
          label="Accepted until"
          description={maxDays ? `This vendor's tier allows at most ${maxDays} days (until ${latest}, UTC)` : undefined}
          required
          min={utcDay(new Date())}
          max={latest}
          key={form.key('expiresAt')}
          {...form.getInputProps('expiresAt')}
          data-testid="accept-risk-expiry"
        />
        {vendor.isError && (
          <Alert color="yellow" variant="light">
            The tier&apos;s limit could not be read: the server checks the expiry when you send it.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending} data-testid="accept-risk-submit">
            Ask for approval
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
