import { Button, Group, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { REPORT_EXPORT_FORMATS, REPORT_FORMAT_LABELS, type ReportExportFormat, type ReportFilters } from '@vendorwatch/contracts';
import { useExportReport } from '../api/export-report';

const FORMAT_OPTIONS = REPORT_EXPORT_FORMATS.map((value) => ({ value, label: REPORT_FORMAT_LABELS[value] }));

interface ReportExportControlsProps {
  filters: ReportFilters;
  format: ReportExportFormat;
  onFormatChange: (format: ReportExportFormat) => void;
  disabled?: boolean;
}

/** The export format and the Export button: downloads the filtered report as `report-{timestamp}.{ext}`. */
export function ReportExportControls({ filters, format, onFormatChange, disabled }: ReportExportControlsProps) {
  const exportReport = useExportReport();
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
        onClick={() => exportReport.mutate({ format, filters })}
        loading={exportReport.isPending}
        disabled={disabled}
        data-testid="report-export"
      >
        Export
      </Button>
    </Group>
  );
}
