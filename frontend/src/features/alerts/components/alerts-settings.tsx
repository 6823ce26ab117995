import { Stack } from '@mantine/core';
import { AlertChannels } from './alert-channels';
import { AlertDeliveries } from './alert-deliveries';
import { AlertRules } from './alert-rules';

/** The Alerts page (`/settings/alerts`, where alert emails link): channels, rules and the deliveries made. */
export function AlertsSettings() {
  return (
    <Stack id="alerts" data-testid="alerts-settings">
      <AlertChannels />
      <AlertRules />
      <AlertDeliveries />
    </Stack>
  );
}
