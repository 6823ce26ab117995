import { Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { createVendorSchema, LIMITS } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateVendor } from '../api/create-vendor';

export function CreateVendorForm() {
  const createVendor = useCreateVendor();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', url: '', description: '' },
    validate: zodValidate(createVendorSchema),
  });

  const submit = form.onSubmit(
    (values) =>
      // parse() applies the schema's trimming, so the server gets what the user meant.
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
          <TextInput
            label="Name"
            withAsterisk
            maxLength={LIMITS.vendor.nameMaxLength}
            data-testid="vendor-name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="URL"
            type="url"
            placeholder="https://example.com"
            maxLength={LIMITS.vendor.urlMaxLength}
            data-testid="vendor-url"
            key={form.key('url')}
            {...form.getInputProps('url')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={LIMITS.vendor.descriptionMaxLength}
            data-testid="vendor-description"
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
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
