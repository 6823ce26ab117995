import { Stack, Title } from '@mantine/core';
import { AlertChannels } from './alert-channels';
import { AlertDeliveries } from './alert-deliveries';
import { AlertRules } from './alert-rules';

/** Settings → Alerts (`/settings#alerts`, where alerts link): channels, rules and the deliveries made. */
export function AlertsSettings() {
  return (
    <Stack id="alerts" data-testid="alerts-settings">
      <Title order={2}>Alerts</Title>
      <AlertChannels />
      <AlertRules />
      <AlertDeliveries />
    </Stack>
  );
}
