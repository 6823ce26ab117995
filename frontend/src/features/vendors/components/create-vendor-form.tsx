import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { createVendorSchema } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateVendor } from '../api/create-vendor';
import { EMPTY_VENDOR_FORM, VENDOR_LINE_FIELDS, VendorFields, type VendorFormValues } from './vendor-fields';

export function CreateVendorForm() {
  const createVendor = useCreateVendor();
  const form = useForm<VendorFormValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY_VENDOR_FORM,
    validate: zodValidate(createVendorSchema, { lineFields: VENDOR_LINE_FIELDS }),
  });

  const submit = form.onSubmit(
    (values) =>
      // parse() applies the schema's trimming (and https:// before a bare domain), so the server gets what the user meant.
      createVendor.mutate(createVendorSchema.parse(values), {
        onSuccess: () => form.reset(),
        onError: (error) => setServerFieldErrors(form, error),
      }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Add New Vendor
      </Title>
      {/* noValidate: the shared schema, not the browser, decides and words the errors. */}
      <form onSubmit={submit} noValidate aria-label="Add New Vendor" data-testid="create-vendor-form">
        <Stack>
          <VendorFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={createVendor.isPending} data-testid="add-vendor">
              Add Vendor
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
