import { Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, reportFiltersSchema, type ReportFilters } from '@vendorwatch/contracts';
import { zodValidate } from '@/lib/form';

interface FilterValues {
  startDate: string;
  endDate: string;
  /** '' for all vendors. */
  vendorId: string;
}

const ALL_VENDORS = 'all';
const validateFilters = zodValidate(reportFiltersSchema);

interface ReportsFilterFormProps {
  filters: ReportFilters;
  vendors: { id: string; name: string }[];
  /** The filters changed and are valid (an end date before the start is shown, not applied). */
  onApply: (filters: ReportFilters) => void;
  /** Whether the fields on screen are valid, so the export matches what the screen shows. */
  onValidityChange?: (valid: boolean) => void;
}

/** Start date, end date and vendor; applied as they change, validated by the API's own schema. */
export function ReportsFilterForm({ filters, vendors, onApply, onValidityChange }: ReportsFilterFormProps) {
  const form = useForm<FilterValues>({
    mode: 'controlled',
    initialValues: { startDate: filters.startDate ?? '', endDate: filters.endDate ?? '', vendorId: filters.vendorId ?? '' },
    onValuesChange: (values) => {
      // Every field at once: changing the start date can make the end date wrong.
      const errors = validateFilters(values);
      form.setErrors(errors);
      const valid = Object.keys(errors).length === 0;
      onValidityChange?.(valid);
      if (valid) onApply(reportFiltersSchema.parse(values));
    },
  });

  return (
    <Group align="flex-start" gap="sm" role="search" aria-label="Report filters">
      <TextInput
        type="date"
        label="Start date"
        w={170}
        key={form.key('startDate')}
        {...form.getInputProps('startDate')}
        data-testid="report-start-date"
      />
      <TextInput
        type="date"
        label="End date"
        w={170}
        min={form.values.startDate || undefined}
        key={form.key('endDate')}
        {...form.getInputProps('endDate')}
        data-testid="report-end-date"
      />
      <Select
        label="Vendor"
        w={240}
        searchable
        allowDeselect={false}
        data={[
          { value: ALL_VENDORS, label: MESSAGES.reports.allVendors },
          ...vendors.map(({ id, name }) => ({ value: id, label: name })),
        ]}
        value={form.values.vendorId || ALL_VENDORS}
        onChange={(value) => form.setFieldValue('vendorId', !value || value === ALL_VENDORS ? '' : value)}
        error={form.errors.vendorId}
        data-testid="report-vendor"
      />
    </Group>
  );
}
