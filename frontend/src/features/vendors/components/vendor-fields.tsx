import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '@vendorwatch/contracts';

export interface VendorFormValues {
  name: string;
  url: string;
  description: string;
}

/** Name, URL and description, as the add form and the edit dialog both ask for them. */
export function VendorFields({ form }: { form: UseFormReturnType<VendorFormValues> }) {
  return (
    <>
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
        // Not type="url": the browser would refuse `acme.com`, which the product takes as https://acme.com/.
        inputMode="url"
        autoComplete="url"
        placeholder="acme.com or https://acme.com"
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
    </>
  );
}
