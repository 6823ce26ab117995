import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '@vendorwatch/contracts';

export interface VendorFormValues {
  name: string;
  url: string;
  description: string;
  /** One per line, as the shared schema splits them. */
  domains: string;
  dkimSelectors: string;
}

/** Fields edited as one text, one entry per line, but validated as lists. */
export const VENDOR_LINE_FIELDS = ['domains', 'dkimSelectors'] as const;

export const EMPTY_VENDOR_FORM: VendorFormValues = { name: '', url: '', description: '', domains: '', dkimSelectors: '' };

/** Name, URL, description, domains and DKIM selectors, as the edit dialog asks for them. */
export function VendorFields({ form }: { form: UseFormReturnType<VendorFormValues> }) {
  return (
    <>
      <VendorBasicFields form={form} />
      <VendorDomainFields form={form} />
    </>
  );
}

/**
 * Name, URL and description. `inline`: on one line at a laptop's width (the add form), the description a
 * single line; otherwise stacked, the description a growing text area (the edit dialog).
 */
export function VendorBasicFields({ form, inline = false }: { form: UseFormReturnType<VendorFormValues>; inline?: boolean }) {
  const description = {
    label: 'Description',
    maxLength: LIMITS.vendor.descriptionMaxLength,
    'data-testid': 'vendor-description',
    ...form.getInputProps('description'),
  };
  return (
    <>
      <TextInput
        label="Name"
        withAsterisk
        maxLength={LIMITS.vendor.nameMaxLength}
        data-testid="vendor-name"
        w={inline ? { base: '100%', xs: 200 } : undefined}
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
        w={inline ? { base: '100%', xs: 240 } : undefined}
        key={form.key('url')}
        {...form.getInputProps('url')}
      />
      {inline ? (
        <TextInput key={form.key('description')} {...description} style={{ flex: 1, minWidth: 200 }} />
      ) : (
        <Textarea key={form.key('description')} {...description} autosize minRows={2} maxRows={6} />
      )}
    </>
  );
}

/** Domains and DKIM selectors: what the email, DNS and TLS checks read (the add form folds them under "Advanced"). */
export function VendorDomainFields({ form }: { form: UseFormReturnType<VendorFormValues> }) {
  return (
    <>
      <Textarea
        label="Domains"
        description={`One host name per line, the primary domain first (at most ${LIMITS.vendor.maxDomains}). Leave empty to use the registrable domain of the URL. Its email, DNS and TLS checks read these.`}
        placeholder={'acme.com\nacme-mail.com'}
        autosize
        minRows={2}
        maxRows={8}
        data-testid="vendor-domains"
        key={form.key('domains')}
        {...form.getInputProps('domains')}
      />
      <Textarea
        label="DKIM selectors"
        description={`One per line (at most ${LIMITS.vendor.maxDkimSelectors}), e.g. google or selector1: DNS offers no way to list them, so without any the DKIM check is not applicable.`}
        autosize
        minRows={1}
        maxRows={5}
        data-testid="vendor-dkim-selectors"
        key={form.key('dkimSelectors')}
        {...form.getInputProps('dkimSelectors')}
      />
    </>
  );
}
