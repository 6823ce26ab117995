import { Button, NumberInput, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ALERT_RULE_KINDS,
  ALERT_RULE_LABELS,
  alertRuleInputSchema,
  CHECK_SEVERITIES,
  CHECK_SEVERITY_LABELS,
  LIMITS,
  MESSAGES,
  type AlertRule,
  type AlertRuleKind,
} from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useCreateAlertRule } from '../api/create-alert-rule';
import { useDeleteAlertRule } from '../api/delete-alert-rule';
import { useAlertRules } from '../api/get-alert-rules';
import { AlertListCard } from './alert-list-card';

interface RuleFormValues {
  kind: AlertRuleKind;
  minSeverity: string | null;
  thresholdPercent: number | string | null;
  withinDays: number | string | null;
}

const describe = (rule: AlertRule) =>
  rule.kind === 'pages_changed'
    ? `More than ${rule.thresholdPercent} % of pages change`
    : rule.kind === 'certificate_expiring'
      ? `A certificate expires within ${rule.withinDays} days`
      : rule.kind === 'check_fails' && rule.minSeverity
        ? `A check of ${CHECK_SEVERITY_LABELS[rule.minSeverity].toLowerCase()} severity or worse newly fails`
        : ALERT_RULE_LABELS[rule.kind];

const toInput = (values: RuleFormValues) => ({
  kind: values.kind,
  minSeverity: values.kind === 'check_fails' ? (values.minSeverity ?? null) : null,
  thresholdPercent:
    values.kind === 'pages_changed' && values.thresholdPercent !== '' && values.thresholdPercent !== null
      ? Number(values.thresholdPercent)
      : null,
  withinDays:
    values.kind === 'certificate_expiring' && values.withinDays !== '' && values.withinDays !== null
      ? Number(values.withinDays)
      : null,
});

const validateRule = zodValidate(alertRuleInputSchema);

/** What to be alerted about; every rule that fires is sent to every channel. */
export function AlertRules() {
  const rules = useAlertRules();
  const remove = useDeleteAlertRule();
  const create = useCreateAlertRule({ mutationConfig: { onSuccess: () => form.reset() } });
  const form = useForm<RuleFormValues>({
    mode: 'controlled',
    initialValues: {
      kind: 'policy_page_changed',
      minSeverity: null,
      thresholdPercent: 20,
      withinDays: LIMITS.certificateExpiryDays.default,
    },
    validate: (values) => validateRule(toInput(values)),
  });
  const kind = form.getValues().kind;

  return (
    <AlertListCard
      title="Alert rules"
      addForm={{
        onSubmit: form.onSubmit(
          (values) => create.mutate(alertRuleInputSchema.parse(toInput(values))),
          (errors) => focusFirstError(form, errors),
        ),
        submitLabel: 'Add rule',
        pending: create.isPending,
        fields: (
          <>
            <Select
              label="Alert when"
              data={ALERT_RULE_KINDS.map((value) => ({ value, label: ALERT_RULE_LABELS[value] }))}
              allowDeselect={false}
              key={form.key('kind')}
              {...form.getInputProps('kind')}
            />
            {kind === 'check_fails' && (
              <Select
                label="Least severity"
                placeholder="Any"
                clearable
                data={CHECK_SEVERITIES.map((value) => ({ value, label: CHECK_SEVERITY_LABELS[value] }))}
                key={form.key('minSeverity')}
                {...form.getInputProps('minSeverity')}
              />
            )}
            {kind === 'pages_changed' && (
              <NumberInput
                label="Pages changed above (%)"
                min={1}
                max={100}
                key={form.key('thresholdPercent')}
                {...form.getInputProps('thresholdPercent')}
              />
            )}
            {kind === 'certificate_expiring' && (
              <NumberInput
                label="Days before expiry"
                min={LIMITS.certificateExpiryDays.min}
                max={LIMITS.certificateExpiryDays.max}
                key={form.key('withinDays')}
                {...form.getInputProps('withinDays')}
              />
            )}
          </>
        ),
      }}
      rows={rules.data}
      rowKey={(rule) => rule.id}
      rowTestId="alert-rule-row"
      emptyText={MESSAGES.alerts.noRules}
      headers={['Rule']}
      cells={(rule) => [describe(rule)]}
      actions={(rule) => (
        <Button size="xs" color="red" variant="subtle" onClick={() => remove.mutate({ ruleId: rule.id })}>
          Remove
        </Button>
      )}
    />
  );
}
