import { Select, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import {
  API_KEY_MAX_ROLE,
  apiKeyInputSchema,
  LIMITS,
  rolesUpTo,
  type CreatedApiKey,
  type WorkspaceRole,
} from '@vendorwatch/contracts';
import { InlineFormCard } from '@/components/forms/inline-form-card';
import { focusFirstError, setServerFieldErrors } from '@/lib/form';
import { useCurrentWorkspace } from '@/lib/workspace';
import { useCreateApiKey } from '../api/create-api-key';

interface ApiKeyFormValues {
  name: string;
  role: WorkspaceRole;
  /** A day (`YYYY-MM-DD`); the key works until its end, in this browser's time zone. Empty: until revoked. */
  expiresAt: string;
}

const endOfDay = (day: string) => {
  const end = new Date(`${day}T23:59:59.999`);
  // An unreadable day goes to the server's rule as typed, so its message is the one shown.
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
};

const toInput = ({ name, role, expiresAt }: ApiKeyFormValues) => ({
  name,
  role,
  expiresAt: expiresAt ? endOfDay(expiresAt) : null,
});

/** The shared schema decides, on the values as they will be sent. */
const validate = (values: ApiKeyFormValues): FormErrors => {
  const result = apiKeyInputSchema.safeParse(toInput(values));
  const errors: FormErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
};

/** Name, role (no higher than the creator's, admin at most) and optional expiry; the created secret goes to `onCreated`. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { workspace } = useCurrentWorkspace();
  const create = useCreateApiKey();
  const form = useForm<ApiKeyFormValues>({
    mode: 'uncontrolled',
    initialValues: { name: '', role: 'viewer', expiresAt: '' },
    validate,
  });
  // A key is an admin at most (the owner's powers are for people), and never above its creator.
  const roles = rolesUpTo(workspace.role).filter((role) => rolesUpTo(API_KEY_MAX_ROLE).includes(role));

  const submit = form.onSubmit(
    (values) =>
      create.mutate(
        { workspaceId: workspace.id, data: apiKeyInputSchema.parse(toInput(values)) },
        {
          onSuccess: (created) => {
            form.reset();
            onCreated(created);
          },
          onError: (error) => setServerFieldErrors(form, error),
        },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <InlineFormCard
      title="Create an API key"
      testId="api-key-form"
      onSubmit={submit}
      submit={{ label: 'Create key', icon: <IconKey size={16} />, pending: create.isPending, testId: 'api-key-create' }}
    >
      <TextInput
        label="Name"
        placeholder="GRC export script"
        maxLength={LIMITS.workspaces.apiKeyNameMaxLength}
        style={{ flex: '1 1 200px' }}
        data-testid="api-key-name"
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Select
        label="Role"
        data={roles}
        allowDeselect={false}
        w={{ base: '100%', xs: 140 }}
        data-testid="api-key-role"
        key={form.key('role')}
        {...form.getInputProps('role')}
      />
      <TextInput
        label="Expires (optional)"
        type="date"
        w={{ base: '100%', xs: 170 }}
        data-testid="api-key-expiry"
        key={form.key('expiresAt')}
        {...form.getInputProps('expiresAt')}
      />
    </InlineFormCard>
  );
}
