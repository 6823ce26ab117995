import { Alert, Button, Card, FileInput, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { QUESTIONNAIRE_IMPORT_COLUMNS } from '@vendorwatch/contracts';
import { useState } from 'react';
import { RequiresPermission } from '@/lib/workspace';
import { useQuestionnaireTemplates } from '../api/get-questionnaire-templates';
import { useImportQuestionnaireTemplate } from '../api/import-questionnaire-template';

/** The questionnaires the workspace can send, and the import of its own from CSV or Excel (admins). */
export function QuestionnaireTemplatesSettings() {
  const templates = useQuestionnaireTemplates();
  const importer = useImportQuestionnaireTemplate();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  return (
    <Card withBorder radius="md" padding="md" data-testid="questionnaire-templates">
      <Stack gap="sm">
        <Text fw={600}>Questionnaires</Text>
        <List size="sm">
          {(templates.data?.items ?? []).map((template) => (
            <List.Item key={template.id}>
              {template.name} — {template.questionCount} questions{' '}
              <Text span size="xs" c="dimmed">
                ({template.licence.split(':')[0]})
              </Text>
            </List.Item>
          ))}
        </List>
        <RequiresPermission permission="questionnaireTemplates.import">
          <Text size="sm" c="dimmed">
            Import a questionnaire your team licenses (SIG, CAIQ, HECVAT …) from CSV or Excel with the columns{' '}
            {QUESTIONNAIRE_IMPORT_COLUMNS.join(', ')}; the type is yes_no, text or choice, and choices are separated by |.
          </Text>
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Name"
              placeholder="From the file name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <FileInput label="File" accept=".csv,.xlsx" value={file} onChange={setFile} placeholder="questions.csv" clearable />
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!file}
              loading={importer.isPending}
              onClick={() =>
                file && importer.mutate({ file, name: name.trim() || undefined }, { onSuccess: () => setFile(null) })
              }
            >
              Import
            </Button>
          </Group>
          {importer.isError && (
            <Alert color="red" title="Not imported">
              {importer.error.message}
            </Alert>
          )}
        </RequiresPermission>
      </Stack>
    </Card>
  );
}
