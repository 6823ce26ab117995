import { Badge, Text, type BadgeProps, type TextProps } from '@mantine/core';
import { complianceColor, complianceLabel, type ComplianceLabel } from '@vendorwatch/contracts';

/** The rate as the reports print it: one decimal and a percent sign. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);

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
    <Badge color={color} variant="light" data-color={color} {...props}>
      {label}
    </Badge>
  );
}
