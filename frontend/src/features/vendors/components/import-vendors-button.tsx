import { Alert, Anchor, Button, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import {
  plural,
  LIMITS,
  vendorImportErrorSchema,
  type VendorImportFormat,
  type VendorImportResult,
  type VendorImportRowError,
} from '@vendorwatch/contracts';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { RequiresPermission } from '@/lib/workspace';
import { downloadImportTemplate, useImportVendors } from '../api/import-vendors';

type Outcome =
  { kind: 'done'; result: VendorImportResult } | { kind: 'refused'; message: string; errors: VendorImportRowError[] };

/** "Import" beside the list: a CSV or Excel file, all or nothing, with the template to fill in. */
export function ImportVendorsButton() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <RequiresPermission permission="vendors.write">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconUpload size={14} />}
        onClick={dialog.open}
        data-testid="import-vendors"
      >
        Import
      </Button>
      <ImportVendorsDialog opened={opened} onClose={dialog.close} />
    </RequiresPermission>
  );
}

export function ImportVendorsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importVendors = useImportVendors();

  const close = () => {
    setFile(null);
    setOutcome(null);
    onClose();
  };
  const submit = () => {
    if (!file) return;
    importVendors.mutate(
      { file },
      {
        onSuccess: (result) => setOutcome({ kind: 'done', result }),
        onError: (error) => {
          const refusal =
            isApiError(error) && error.status === 400 ? vendorImportErrorSchema.partial().safeParse(error.data) : null;
          if (refusal?.success) setOutcome({ kind: 'refused', message: error.message, errors: refusal.data.errors ?? [] });
        },
      },
    );
  };
  const template = (format: VendorImportFormat) =>
    downloadImportTemplate(format)
      .then(({ blob, filename }) => saveFile(blob, filename ?? `vendors-import-template.${format}`))
      .catch((error: unknown) => notifyError('Failed to download the template', error));

  return (
    <Modal opened={opened} onClose={close} title="Import vendors" size="lg">
      <Stack>
        <Text size="sm">
          A CSV or Excel (.xlsx) file, one vendor per row under a header row: <b>name</b> (required), url, domains, dkim
          selectors, description. Several domains or selectors go in one cell, separated by commas or line breaks. At most{' '}
          {LIMITS.vendorList.importMaxRows.toLocaleString('en-US')} rows, {LIMITS.vendorList.importMaxBytes / 1024 / 1024} MB.
        </Text>
        <Group gap="xs">
          <IconFileSpreadsheet size={16} />
          <Text size="sm">Template:</Text>
          <Anchor component="button" type="button" size="sm" onClick={() => void template('csv')}>
            CSV
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => void template('xlsx')}>
            Excel
          </Anchor>
        </Group>
        <FileInput
          label="File"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(next) => {
            setFile(next);
            setOutcome(null);
          }}
          clearable
          data-testid="import-file"
        />
        {outcome?.kind === 'done' && <ImportSummary result={outcome.result} />}
        {outcome?.kind === 'refused' && <ImportErrors message={outcome.message} errors={outcome.errors} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {outcome?.kind === 'done' ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={submit} disabled={!file} loading={importVendors.isPending} data-testid="import-submit">
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportSummary({ result }: { result: VendorImportResult }) {
  return (
    <Alert color="green" title={`${plural(result.created, 'vendor')} added`} data-testid="import-summary">
      {result.skipped.length === 0 ? (
        'Every row was added.'
      ) : (
        <Stack gap={4}>
          <Text size="sm">{plural(result.skipped.length, 'row')} skipped:</Text>
          <ScrollArea.Autosize mah={160}>
            <List size="sm">
              {result.skipped.map(({ row, reason }) => (
                <List.Item key={row}>
                  Row {row}: {reason}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Alert>
  );
}

function ImportErrors({ message, errors }: { message: string; errors: VendorImportRowError[] }) {
  return (
    <Alert color="red" title={message} data-testid="import-errors">
      {errors.length > 0 && (
        <ScrollArea.Autosize mah={220}>
          <Table fz="sm" withRowBorders={false} verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map(({ row, column, reason }) => (
                <Table.Tr key={`${row}-${column}`}>
                  <Table.Td>{row}</Table.Td>
                  <Table.Td>{column}</Table.Td>
                  <Table.Td>{reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Alert>
  );
}
