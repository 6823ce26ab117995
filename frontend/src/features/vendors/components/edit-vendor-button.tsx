import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { createVendorSchema, type Vendor } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useUpdateVendor } from '../api/update-vendor';
import { VENDOR_LINE_FIELDS, VendorFields, type VendorFormValues } from './vendor-fields';

/** Edit: the vendor's name, URL, description, domains and DKIM selectors in a dialog, sent whole with PUT /api/vendors/:id. */
export function EditVendorButton({ vendor }: { vendor: Vendor }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} />}
        onClick={dialog.open}
        aria-label={`Edit ${vendor.name}`}
      >
        Edit
      </Button>
      <Modal opened={opened} onClose={dialog.close} title="Edit vendor" centered>
        {/* Mounted while open only: each opening starts from the vendor as it is now. */}
        {opened && <EditVendorForm vendor={vendor} onDone={dialog.close} />}
      </Modal>
    </>
  );
}

function EditVendorForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const updateVendor = useUpdateVendor();
  const form = useForm<VendorFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: vendor.name,
      url: vendor.url,
      description: vendor.description,
      domains: vendor.domains.join('\n'),
      dkimSelectors: vendor.dkimSelectors.join('\n'),
    },
    // Every field is sent, so the add form's rules apply (a name is required).
    validate: zodValidate(createVendorSchema, { lineFields: VENDOR_LINE_FIELDS }),
  });

  const submit = form.onSubmit(
    (values) =>
      updateVendor.mutate(
        { vendorId: vendor.id, data: createVendorSchema.parse(values) },
        { onSuccess: onDone, onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit vendor" data-testid="edit-vendor-form">
      <Stack>
        <VendorFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={updateVendor.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={updateVendor.isPending} data-testid="save-vendor">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
