import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  fill,
  LIMITS,
  MESSAGES,
  vendorProgrammeUpdateSchema,
  type ProgrammeTier,
  type VendorListItem,
} from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useUpdateVendor } from '../../api/update-vendor';
import { needsReason, tierOptions } from './tier-options';

const P = LIMITS.programme;
const schema = vendorProgrammeUpdateSchema.pick({ tierReason: true, contacts: true });

interface DetailsValues {
  tier: string;
  tierReason: string;
  ownerUserId: string | null;
  contacts: { name: string; email: string }[];
}

interface ProgrammeDetailsDialogProps {
  vendor: VendorListItem;
  tiers?: readonly ProgrammeTier[];
  members: readonly { userId: string; email: string }[];
  opened: boolean;
  onClose: () => void;
}

/** The vendor's tier (another than the intake's suggestion needs a reason), its owner and its contacts. */
export function ProgrammeDetailsDialog({ opened, onClose, ...props }: ProgrammeDetailsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Programme: ${props.vendor.name}`} centered size="lg">
      {opened && <DetailsForm {...props} onDone={onClose} />}
    </Modal>
  );
}

function DetailsForm({
  vendor,
  tiers,
  members,
  onDone,
}: Omit<ProgrammeDetailsDialogProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const update = useUpdateVendor();
  const suggested = vendor.intake?.suggestedTier ?? null;
  const form = useForm<DetailsValues>({
    initialValues: {
      tier: vendor.tier === null ? 'none' : String(vendor.tier),
      tierReason: vendor.tierReason,
      ownerUserId: vendor.ownerUserId,
      contacts: vendor.contacts.map((contact) => ({ name: contact.name ?? '', email: contact.email })),
    },
    validate: (values) => {
      const errors = zodValidate(schema)(values);
      const tier = values.tier === 'none' ? null : Number(values.tier);
      if (needsReason(suggested, tier) && !values.tierReason.trim())
        errors.tierReason = fill(MESSAGES.programme.tierReasonRequired, { suggested: suggested!, tier: tier! });
      return errors;
    },
  });
  const tier = form.values.tier === 'none' ? null : Number(form.values.tier);
  const submit = form.onSubmit(
    (values) =>
      update.mutate(
        {
          vendorId: vendor.id,
          data: {
            tier: tier as 1 | 2 | 3 | 4 | null,
            tierReason: values.tierReason.trim(),
            ownerUserId: values.ownerUserId,
            contacts: values.contacts.map((contact) => ({ name: contact.name.trim() || null, email: contact.email.trim() })),
          },
        },
        { onSuccess: onDone, onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Programme details">
      <Stack>
        <Select
          label="Tier"
          description={suggested ? `The intake suggested tier ${suggested}` : 'Run the intake for a suggestion'}
          data={tierOptions(tiers, true)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tier')}
        />
        {needsReason(suggested, tier) && (
          <Textarea
            label="Why another tier than the suggestion?"
            required
            autosize
            minRows={2}
            maxLength={P.tierReasonMaxLength}
            {...form.getInputProps('tierReason')}
          />
        )}
        <Select
          label="Owner"
          placeholder="No owner"
          data={members.map((member) => ({ value: member.userId, label: member.email }))}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('ownerUserId')}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Contacts
          </Text>
          {form.values.contacts.length === 0 && (
            <Text size="sm" c="dimmed">
              No contact yet
            </Text>
          )}
          {form.values.contacts.map((_, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Contact ${index + 1} name`}
                placeholder="Name"
                maxLength={P.contactNameMaxLength}
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`contacts.${index}.name`)}
              />
              <TextInput
                aria-label={`Contact ${index + 1} email`}
                placeholder="security@vendor.com"
                type="email"
                maxLength={LIMITS.auth.emailMaxLength}
                style={{ flex: 1.4, minWidth: 0 }}
                {...form.getInputProps(`contacts.${index}.email`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove contact ${index + 1}`}
                onClick={() => form.removeListItem('contacts', index)}
                mt={6}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={form.values.contacts.length >= P.maxContacts}
              onClick={() => form.insertListItem('contacts', { name: '', email: '' })}
            >
              Add contact
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="save-programme">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
