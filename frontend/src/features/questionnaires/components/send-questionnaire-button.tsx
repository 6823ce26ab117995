import { Button, Modal, Select, Stack, Group, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClipboardList, IconSend } from '@tabler/icons-react';
import { LIMITS } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useCreateQuestionnaire } from '../api/create-questionnaire';
import { useQuestionnaireTemplates } from '../api/get-questionnaire-templates';

interface SendValues {
  templateId: string;
  contactEmail: string;
  dueDate: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const pad = (n: number) => String(n).padStart(2, '0');
const dateInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "Send questionnaire": which questionnaire, to whom, by when and why; the contact is emailed a link to answer it. */
export function SendQuestionnaireButton({ vendorId, vendorName }: { vendorId: string; vendorName: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconClipboardList size={14} />}
        onClick={() => setOpened(true)}
        data-testid="send-questionnaire"
      >
        Send questionnaire
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Send ${vendorName} a questionnaire`} size="lg">
        <SendQuestionnaireForm vendorId={vendorId} onDone={() => setOpened(false)} />
      </Modal>
    </>
  );
}

function SendQuestionnaireForm({ vendorId, onDone }: { vendorId: string; onDone: () => void }) {
  const templates = useQuestionnaireTemplates();
  const create = useCreateQuestionnaire();
  const today = dateInput(new Date());
  const form = useForm<SendValues>({
    initialValues: { templateId: 'mvsp-3.0', contactEmail: '', dueDate: '', message: '' },
    validate: {
      templateId: (id) => (id ? null : 'Choose a questionnaire'),
      contactEmail: (email) => (EMAIL.test(email.trim()) ? null : 'Enter the email address of the contact to ask'),
      dueDate: (date) => (!date ? 'Pick a due date' : date < today ? 'The due date must be today or later' : null),
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        vendorId,
        data: {
          templateId: values.templateId,
          contactEmail: values.contactEmail.trim().toLowerCase(),
          dueAt: new Date(`${values.dueDate}T23:59:59`).toISOString(),
          ...(values.message.trim() ? { message: values.message.trim() } : {}),
        },
      },
      { onSuccess: onDone },
    ),
  );
  const options = (templates.data?.items ?? []).map((template) => ({
    value: template.id,
    label: `${template.name} (${template.questionCount} questions)`,
  }));
  return (
    <form onSubmit={submit} noValidate data-testid="send-questionnaire-form">
      <Stack gap="md">
        <Select label="Questionnaire" withAsterisk data={options} allowDeselect={false} {...form.getInputProps('templateId')} />
        <TextInput
          label="Contact email"
          withAsterisk
          type="email"
          maxLength={LIMITS.auth.emailMaxLength}
          {...form.getInputProps('contactEmail')}
        />
        <TextInput label="Due date" withAsterisk type="date" min={today} {...form.getInputProps('dueDate')} />
        <Textarea
          label="Message"
          autosize
          minRows={3}
          maxLength={LIMITS.questionnaires.messageMaxLength}
          description="Shown to the vendor above the questions"
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={create.isPending}
            leftSection={<IconSend size={16} />}
            data-testid="send-questionnaire-submit"
          >
            Send questionnaire
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
