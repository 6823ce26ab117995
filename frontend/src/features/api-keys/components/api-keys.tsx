import { Stack } from '@mantine/core';
import type { CreatedApiKey } from '@vendorwatch/contracts';
import { useState } from 'react';
import { ApiKeysList } from './api-keys-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { CreatedApiKeyModal } from './created-api-key-modal';

/** The API keys screen: create (the secret shown once), the masked list, revoke. */
export function ApiKeys() {
  // Held in memory only, and dropped when the dialog closes: the secret is never stored by the app.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Stack gap="lg">
      <CreateApiKeyForm onCreated={setCreated} />
      <ApiKeysList />
      <CreatedApiKeyModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
