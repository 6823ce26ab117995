import { Badge, Text, type BadgeProps, type TextProps } from '@mantine/core';
import {
  complianceColor,
  complianceLabel,
  VENDOR_REPORT_STATE_LABELS,
  type ComplianceLabel,
  type VendorReportState,
} from '@vendorwatch/contracts';

/** The rate as the reports print it: one decimal and a percent sign. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);

/**
 * A badge whose words are never cut to "NON-COMP…": it takes the width of its words, does not shrink
 * in a row, and a table column holding it is at least that wide (Mantine's own badge clips its label
 * with an ellipsis when squeezed).
 */
export const UNCUT_BADGE: BadgeProps['styles'] = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
};

/**
 * A compliance rate in its label's colour: green at 90 or more, yellow at 70 or more, red below.
 * Shades 7–9 keep yellow readable on white.
 */
export function ComplianceRate({ rate, ...props }: { rate: number | null } & TextProps) {
  const color = rate === null ? undefined : complianceColor(rate);
  return (
    <Text component="span" fw={700} c={color ? `${color}.${color === 'yellow' ? 9 : 7}` : 'dimmed'} data-color={color} {...props}>
      {formatRate(rate)}
    </Text>
  );
}

/** Compliant / Partially Compliant / Non-Compliant as a badge in the label's colour. */
export function ComplianceLabelBadge({
  rate,
  label = complianceLabel(rate),
  ...props
}: { rate: number; label?: ComplianceLabel } & Omit<BadgeProps, 'color' | 'children'>) {
  const color = complianceColor(rate);
  return (
    <Badge color={color} variant="light" data-color={color} styles={UNCUT_BADGE} {...props}>
      {label}
    </Badge>
  );
}

/**
 * What stands in for a label when a vendor has none in the period: "Last crawl failed" in red,
 * "Not assessed yet" in grey — never nothing, so a vendor that was not assessed is not taken for fine.
 */
export function VendorStateBadge({
  state,
  ...props
}: { state: Exclude<VendorReportState, 'assessed'> } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge color={state === 'crawl_failed' ? 'red' : 'gray'} variant="outline" data-state={state} styles={UNCUT_BADGE} {...props}>
      {VENDOR_REPORT_STATE_LABELS[state]}
    </Badge>
  );
}
