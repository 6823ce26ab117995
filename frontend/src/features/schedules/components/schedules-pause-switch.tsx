import { Switch } from '@mantine/core';
import { useScheduleOverview } from '../api/get-schedule-overview';
import { useSetSchedulesPaused } from '../api/set-schedules-paused';

/** The user-wide switch that holds every schedule (nothing fires while it is on). */
export function SchedulesPauseSwitch() {
  const overview = useScheduleOverview();
  const setPaused = useSetSchedulesPaused();
  return (
    <Switch
      label="Pause all schedules"
      checked={overview.data?.paused ?? false}
      disabled={!overview.data || setPaused.isPending}
      onChange={(event) => setPaused.mutate({ paused: event.currentTarget.checked })}
      data-testid="schedules-pause"
    />
  );
}
