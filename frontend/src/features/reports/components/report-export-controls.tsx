import { Button, Group, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REPORT_EXPORT_FORMATS, REPORT_FORMAT_LABELS, type ReportExportFormat } from '@vendorwatch/contracts';

const FORMAT_OPTIONS = REPORT_EXPORT_FORMATS.map((value) => ({ value, label: REPORT_FORMAT_LABELS[value] }));

interface ReportExportControlsProps {
  format: ReportExportFormat;
  onFormatChange: (format: ReportExportFormat) => void;
  /** Exports in the chosen format: the filtered period, or the one report the controls sit on. */
  onExport: () => void;
  pending: boolean;
  disabled?: boolean;
}

/** The export format and the Export button: the file downloads as `report-{timestamp}.{ext}`. */
export function ReportExportControls({ format, onFormatChange, onExport, pending, disabled }: ReportExportControlsProps) {
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Export format"
        w={160}
        data={FORMAT_OPTIONS}
        value={format}
        allowDeselect={false}
        onChange={(value) => value && onFormatChange(value as ReportExportFormat)}
        data-testid="report-export-format"
      />
      <Button
        leftSection={<IconDownload size={16} />}
        onClick={onExport}
        loading={pending}
        disabled={disabled}
        data-testid="report-export"
      >
        Export
      </Button>
    </Group>
  );
}
