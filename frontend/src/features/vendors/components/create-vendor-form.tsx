import { Collapse, SimpleGrid, TextInput, UnstyledButton, Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { createVendorSchema, LIMITS } from '@vendorwatch/contracts';
import { InlineFormCard } from '@/components/forms/inline-form-card';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateVendor } from '../api/create-vendor';
import { EMPTY_VENDOR_FORM, VENDOR_LINE_FIELDS, VendorDomainFields, type VendorFormValues } from './vendor-fields';

/**
 * The specification's "Add New Vendor": Name (required), URL and Description on one line at a laptop's
 * width, domains and DKIM selectors folded under "Advanced", so the list starts in the first screen.
 */
export function CreateVendorForm() {
  const createVendor = useCreateVendor();
  const [advanced, toggleAdvanced] = useDisclosure(false);
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
    (errors) => {
      // A problem in a folded field unfolds it, so the message is seen.
      if (errors.domains || errors.dkimSelectors) toggleAdvanced.open();
      focusFirstError(form, errors);
    },
  );

  return (
    <InlineFormCard
      title="Add New Vendor"
      testId="create-vendor-form"
      onSubmit={submit}
      submit={{ label: 'Add Vendor', icon: <IconPlus size={16} />, pending: createVendor.isPending, testId: 'add-vendor' }}
      below={
        <>
          <UnstyledButton onClick={toggleAdvanced.toggle} mt="xs" aria-expanded={advanced} data-testid="vendor-advanced">
            <Group gap={4}>
              {advanced ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="sm" c="dimmed">
                Advanced: domains and DKIM selectors
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={advanced}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              <VendorDomainFields form={form} />
            </SimpleGrid>
          </Collapse>
        </>
      }
    >
      <TextInput
        label="Name"
        withAsterisk
        maxLength={LIMITS.vendor.nameMaxLength}
        data-testid="vendor-name"
        w={{ base: '100%', xs: 200 }}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="URL"
        // Not type="url": the browser would refuse `acme.com`, which the product takes as https://acme.com/.
        inputMode="url"
        autoComplete="url"
        placeholder="acme.com or https://acme.com"
        maxLength={LIMITS.vendor.urlMaxLength}
        data-testid="vendor-url"
        w={{ base: '100%', xs: 240 }}
        key={form.key('url')}
        {...form.getInputProps('url')}
      />
      <TextInput
        label="Description"
        maxLength={LIMITS.vendor.descriptionMaxLength}
        data-testid="vendor-description"
        style={{ flex: 1, minWidth: 200 }}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
    </InlineFormCard>
  );
}
