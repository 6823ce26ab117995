import { Alert, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, updateProgrammeTiersSchema, type ProgrammeTier } from '@vendorwatch/contracts';
import { SectionLoader } from '@/components/ui/section-loader';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCan } from '@/lib/workspace';
import { useProgrammeTiers } from '../api/get-programme-tiers';
import { useUpdateProgrammeTiers } from '../api/update-programme-tiers';

const P = LIMITS.programme;

/** A tier as the form edits it: an empty interval means no scheduled review. */
interface TierFormRow {
  tier: number;
  name: string;
  reviewIntervalDays: number | string;
  maxAcceptanceDays: number | string;
}

const toPayload = (items: readonly TierFormRow[]) => ({
  items: items.map((row) => ({
    tier: row.tier,
    name: row.name,
    reviewIntervalDays: row.reviewIntervalDays === '' ? null : row.reviewIntervalDays,
    maxAcceptanceDays: row.maxAcceptanceDays === '' ? null : row.maxAcceptanceDays,
  })),
});

const interval = (days: number | null) => (days === null ? 'No scheduled review' : `Every ${days} days`);

/** The workspace's four tiers: admins and owners rename and re-time them; everyone else reads them. */
export function TiersSettings() {
  const tiers = useProgrammeTiers();
  const canEdit = useCan('programmeTiers.write');
  if (tiers.isPending) return <SectionLoader label="Loading tiers" />;
  if (tiers.isError)
    return (
      <Alert color="red" title="Failed to load the tiers">
        {tiers.error.message}
      </Alert>
    );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          A vendor&apos;s tier sets how often it is reviewed and how long one of its risks may be accepted. Vendors whose tier has
          no scheduled review are reviewed when something opens a review (a grade drop, an expiring certificate).
        </Text>
        {canEdit ? <TiersForm tiers={tiers.data.items} /> : <TiersTable tiers={tiers.data.items} />}
      </Stack>
    </Card>
  );
}

function TiersTable({ tiers }: { tiers: readonly ProgrammeTier[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Tiers" data-testid="tiers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Review</Table.Th>
            <Table.Th>Longest acceptance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tiers.map((tier) => (
            <Table.Tr key={tier.tier}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light">{tier.tier}</Badge>
                  <Text size="sm">{tier.name}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{interval(tier.reviewIntervalDays)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{tier.maxAcceptanceDays} days</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TiersForm({ tiers }: { tiers: readonly ProgrammeTier[] }) {
  const save = useUpdateProgrammeTiers();
  const form = useForm<{ items: TierFormRow[] }>({
    mode: 'uncontrolled',
    initialValues: {
      items: tiers.map((tier) => ({ ...tier, reviewIntervalDays: tier.reviewIntervalDays ?? '' })),
    },
    validate: (values) => zodValidate(updateProgrammeTiersSchema)(toPayload(values.items)),
  });
  const submit = form.onSubmit(
    (values) =>
      save.mutate(updateProgrammeTiersSchema.parse(toPayload(values.items)), {
        onError: (error) => setServerFieldErrors(form, error),
      }),
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Tiers">
      <Stack>
        {tiers.map((tier, index) => (
          <SimpleGrid key={tier.tier} cols={{ base: 1, sm: 3 }} spacing="sm" data-testid={`tier-${tier.tier}`}>
            <TextInput
              label={`Tier ${tier.tier} name`}
              maxLength={P.tierNameMaxLength}
              key={form.key(`items.${index}.name`)}
              {...form.getInputProps(`items.${index}.name`)}
            />
            <NumberInput
              label="Review every (days)"
              description="Empty: no scheduled review"
              min={P.reviewIntervalDays.min}
              max={P.reviewIntervalDays.max}
              allowDecimal={false}
              key={form.key(`items.${index}.reviewIntervalDays`)}
              {...form.getInputProps(`items.${index}.reviewIntervalDays`)}
            />
            <NumberInput
              label="Longest acceptance (days)"
              min={P.maxAcceptanceDays.min}
              max={P.maxAcceptanceDays.max}
              allowDecimal={false}
              key={form.key(`items.${index}.maxAcceptanceDays`)}
              {...form.getInputProps(`items.${index}.maxAcceptanceDays`)}
            />
          </SimpleGrid>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="save-tiers">
            Save tiers
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
