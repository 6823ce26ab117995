import { Collapse, SimpleGrid, UnstyledButton, Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { createVendorSchema } from '@vendorwatch/contracts';
import { InlineFormCard } from '@/components/forms/inline-form-card';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateVendor } from '../api/create-vendor';
import {
  EMPTY_VENDOR_FORM,
  VENDOR_LINE_FIELDS,
  VendorBasicFields,
  VendorDomainFields,
  type VendorFormValues,
} from './vendor-fields';

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
      <VendorBasicFields form={form} inline />
    </InlineFormCard>
  );
}
