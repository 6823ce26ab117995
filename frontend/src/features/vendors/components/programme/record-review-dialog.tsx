import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, recordReviewSchema, type ReviewDecision, type VendorListItem } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useRecordVendorReview } from '../../api/record-vendor-review';

export const DECISION_LABELS: Record<ReviewDecision, string> = {
  approved: 'Approved',
  approved_with_conditions: 'Approved with conditions',
  rejected: 'Rejected',
};

const today = () => new Date().toISOString().slice(0, 10);

interface ReviewFormValues {
  decision: ReviewDecision;
  reviewedAt: string;
  notes: string;
}

/** Record a review: the decision, the date (today or earlier, for reviews made before) and notes. */
export function RecordReviewDialog({
  vendor,
  opened,
  onClose,
}: {
  vendor: VendorListItem;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Record a review of ${vendor.name}`} centered>
      {opened && <RecordReviewForm vendor={vendor} onDone={onClose} />}
    </Modal>
  );
}

function RecordReviewForm({ vendor, onDone }: { vendor: VendorListItem; onDone: () => void }) {
  const record = useRecordVendorReview();
  const form = useForm<ReviewFormValues>({
    mode: 'uncontrolled',
    initialValues: { decision: 'approved', reviewedAt: today(), notes: '' },
    validate: zodValidate(recordReviewSchema),
  });
  const submit = form.onSubmit(
    (values) =>
      record.mutate(
        { vendorId: vendor.id, review: values },
        { onSuccess: onDone, onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Record a review">
      <Stack>
        <Select
          label="Decision"
          data={Object.entries(DECISION_LABELS).map(([value, label]) => ({ value, label }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('decision')}
          {...form.getInputProps('decision')}
        />
        <TextInput
          type="date"
          label="Reviewed on"
          description="Today or earlier"
          max={today()}
          key={form.key('reviewedAt')}
          {...form.getInputProps('reviewedAt')}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={LIMITS.programme.reviewNotesMaxLength}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending} data-testid="save-review">
            Record review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
