import { Alert, Button, Group, List, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  INTAKE_CRITICALITY,
  INTAKE_DATA_ACCESS,
  INTAKE_SYSTEM_ACCESS,
  LIMITS,
  type IntakeSuggestion,
  type ProgrammeTier,
  type VendorIntakeAnswers,
  type VendorListItem,
} from '@vendorwatch/contracts';
import { useState } from 'react';
import { useRunVendorIntake } from '../../api/run-vendor-intake';
import { useUpdateVendor } from '../../api/update-vendor';
import { needsReason, tierOptions } from './tier-options';

const QUESTIONS = [
  {
    key: 'dataAccess',
    label: 'What data does the vendor handle?',
    answers: INTAKE_DATA_ACCESS,
    words: { none: 'None of ours', business: 'Internal business data', personal: 'Personal data', sensitive: 'Sensitive data' },
  },
  {
    key: 'criticality',
    label: 'How critical is its service?',
    answers: INTAKE_CRITICALITY,
    words: { low: 'Low: we can do without it', medium: 'Medium: an outage hinders us', high: 'High: we depend on it' },
  },
  {
    key: 'systemAccess',
    label: 'What access does it have to our systems?',
    answers: INTAKE_SYSTEM_ACCESS,
    words: { none: 'None', read: 'Read', write: 'Write' },
  },
] as const;

interface IntakeDialogProps {
  vendor: VendorListItem;
  tiers?: readonly ProgrammeTier[];
  opened: boolean;
  onClose: () => void;
}

/** The three intake questions; then the suggested tier and why, and the tier to set (another one asks for a reason). */
export function IntakeDialog({ vendor, tiers, opened, onClose }: IntakeDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Intake: ${vendor.name}`} centered size="lg">
      {opened && <IntakeSteps vendor={vendor} tiers={tiers} onDone={onClose} />}
    </Modal>
  );
}

function IntakeSteps({
  vendor,
  tiers,
  onDone,
}: {
  vendor: VendorListItem;
  tiers?: readonly ProgrammeTier[];
  onDone: () => void;
}) {
  const [answers, setAnswers] = useState<Partial<VendorIntakeAnswers>>(vendor.intake ?? {});
  const [suggestion, setSuggestion] = useState<IntakeSuggestion | null>(null);
  const intake = useRunVendorIntake({ mutationConfig: { onSuccess: setSuggestion } });
  const complete = QUESTIONS.every((question) => answers[question.key]);

  if (suggestion) return <ChooseTier vendor={vendor} tiers={tiers} suggestion={suggestion} onDone={onDone} />;
  return (
    <form
      aria-label="Intake questions"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) intake.mutate({ vendorId: vendor.id, answers: answers as VendorIntakeAnswers });
      }}
    >
      <Stack>
        {QUESTIONS.map((question) => (
          <Radio.Group
            key={question.key}
            label={question.label}
            value={answers[question.key] ?? null}
            onChange={(value) => setAnswers((current) => ({ ...current, [question.key]: value }))}
          >
            <Group gap="md" mt="xs">
              {question.answers.map((answer) => (
                <Radio key={answer} value={answer} label={(question.words as Record<string, string>)[answer]} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete} loading={intake.isPending} data-testid="intake-suggest">
            Suggest a tier
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChooseTier({
  vendor,
  tiers,
  suggestion,
  onDone,
}: {
  vendor: VendorListItem;
  tiers?: readonly ProgrammeTier[];
  suggestion: IntakeSuggestion;
  onDone: () => void;
}) {
  const [tier, setTier] = useState(String(suggestion.suggestedTier));
  const [reason, setReason] = useState('');
  const update = useUpdateVendor({ mutationConfig: { onSuccess: onDone } });
  const chosen = Number(tier);
  const reasonNeeded = needsReason(suggestion.suggestedTier, chosen);
  const name = tierOptions(tiers).find((option) => option.value === String(suggestion.suggestedTier))?.label;
  return (
    <form
      aria-label="Choose the tier"
      onSubmit={(event) => {
        event.preventDefault();
        if (reasonNeeded && !reason.trim()) return;
        update.mutate({
          vendorId: vendor.id,
          data: { tier: chosen as 1 | 2 | 3 | 4, tierReason: reasonNeeded ? reason.trim() : '' },
        });
      }}
    >
      <Stack>
        <Alert color="blue" title={`Suggested: tier ${name}`} data-testid="intake-suggestion">
          <List size="sm">
            {suggestion.reasons.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
        <Select
          label="Tier to set"
          data={tierOptions(tiers)}
          value={tier}
          onChange={(value) => value && setTier(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {reasonNeeded && (
          <Textarea
            label="Why another tier than the suggestion?"
            description="Kept with the vendor and in the audit log"
            required
            value={reason}
            maxLength={LIMITS.programme.tierReasonMaxLength}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={update.isError ? update.error.message : undefined}
            autosize
            minRows={2}
          />
        )}
        <Text size="xs" c="dimmed">
          The intake answers are saved already; the tier is saved with the button below.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Not now
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={reasonNeeded && !reason.trim()}
            data-testid="intake-set-tier"
          >
            Set tier {tier}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
