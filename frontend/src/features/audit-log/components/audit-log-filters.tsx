import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFilter } from '@tabler/icons-react';
import { AUDIT_ACTIONS, auditLogExportQuerySchema, LIMITS, type AuditLogFilters } from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';

interface FilterValues {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The kinds (`vendor`, which finds every vendor action) before the actions themselves. */
const ACTION_CHOICES = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!)), ...AUDIT_ACTIONS];

const EMPTY: FilterValues = { actor: '', action: '', from: '', to: '' };

/** Only the filters given: the API reads an empty `actor=` as a filter too. */
const toFilters = (values: FilterValues): AuditLogFilters =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')) as AuditLogFilters;

/** Actor (email, key name or id), action, and a range of days; applied on submit. */
export function AuditLogFiltersForm({ onApply }: { onApply: (filters: AuditLogFilters) => void }) {
  const form = useForm<FilterValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: (values) => zodValidate(auditLogExportQuerySchema)(toFilters(values)),
  });

  const submit = form.onSubmit(
    (values) => onApply(auditLogExportQuerySchema.parse(toFilters(values))),
    (errors) => focusFirstError(form, errors),
  );
  const clear = () => {
    form.reset();
    onApply({});
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Audit log filters" data-testid="audit-filters">
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label="Actor"
          placeholder="Email, key name or id"
          maxLength={LIMITS.workspaces.auditFilterMaxLength}
          style={{ flex: '1 1 200px' }}
          data-testid="audit-actor"
          key={form.key('actor')}
          {...form.getInputProps('actor')}
        />
        <Autocomplete
          label="Action"
          placeholder="e.g. vendor or member.role_change"
          description="Every action that starts with this"
          data={ACTION_CHOICES}
          maxLength={LIMITS.workspaces.auditActionMaxLength}
          style={{ flex: '1 1 200px' }}
          data-testid="audit-action"
          key={form.key('action')}
          {...form.getInputProps('action')}
        />
        <TextInput
          label="From"
          type="date"
          w={{ base: '100%', xs: 160 }}
          data-testid="audit-from"
          key={form.key('from')}
          {...form.getInputProps('from')}
        />
        <TextInput
          label="To"
          type="date"
          w={{ base: '100%', xs: 160 }}
          data-testid="audit-to"
          key={form.key('to')}
          {...form.getInputProps('to')}
        />
        <Group gap="xs" mt={{ base: 0, xs: 25 }}>
          <Button type="submit" leftSection={<IconFilter size={16} />} data-testid="audit-apply">
            Apply
          </Button>
          <Button variant="default" onClick={clear}>
            Clear
          </Button>
        </Group>
      </Group>
    </form>
  );
}
