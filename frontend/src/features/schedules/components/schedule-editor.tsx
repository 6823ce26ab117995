import { Alert, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarTime } from '@tabler/icons-react';
import { LIMITS, scheduleInputSchema, type ScheduleSettings, type VendorSchedule } from '@vendorwatch/contracts';
import { useMemo } from 'react';
import { CrawlMethodPicker } from '@/components/crawl/crawl-method-picker';
import { SectionLoader } from '@/components/ui/section-loader';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useVendorSchedule } from '../api/get-vendor-schedule';
import { useSaveVendorSchedule } from '../api/save-vendor-schedule';
import { NextRun } from './next-run';
import { browserTimeZone, formatInZone, SCHEDULE_KIND_OPTIONS, timeZoneOptions, WEEKDAY_OPTIONS } from './schedule-format';
import { PermissionFieldset, useCan } from '@/lib/workspace';

/** A vendor's schedule: when it re-crawls (in a time zone), by which method, and when it runs next. */
export function ScheduleEditor({ vendorId }: { vendorId: string }) {
  const schedule = useVendorSchedule({ vendorId });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="schedule-editor">
      <Title order={3} size="h4" mb="md">
        Schedule
      </Title>
      {schedule.isPending ? (
        <SectionLoader label="Loading the schedule" />
      ) : schedule.isError ? (
        <Alert color="red">{schedule.error.message}</Alert>
      ) : (
        // Keyed by the saved version, so the form starts again from what the server stored.
        <ScheduleForm key={schedule.data.updatedAt ?? 'new'} vendorId={vendorId} schedule={schedule.data} />
      )}
    </Card>
  );
}

function ScheduleForm({ vendorId, schedule }: { vendorId: string; schedule: VendorSchedule }) {
  const save = useSaveVendorSchedule();
  const canWrite = useCan('schedules.write');
  const zones = useMemo(() => timeZoneOptions(), []);
  const { vendorId: _id, nextRunAt: _next, paused: _paused, updatedAt, ...stored } = schedule;
  const form = useForm<ScheduleSettings>({
    // A schedule never saved starts in this browser's zone.
    initialValues: { ...stored, timezone: updatedAt ? stored.timezone : browserTimeZone() },
    validate: zodValidate(scheduleInputSchema),
  });
  const kind = form.values.kind;

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { vendorId, data: scheduleInputSchema.parse(values) },
        { onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule">
      <PermissionFieldset permission="schedules.write">
        <Stack>
          <Select
            label="Runs"
            data={SCHEDULE_KIND_OPTIONS}
            allowDeselect={false}
            data-testid="schedule-kind"
            {...form.getInputProps('kind')}
          />
          {kind === 'hourly' && (
            <NumberInput
              label="Minute past the hour"
              min={0}
              max={59}
              data-testid="schedule-minute"
              {...form.getInputProps('minute')}
            />
          )}
          {kind === 'weekly' && (
            <Select
              label="Day"
              data={WEEKDAY_OPTIONS}
              allowDeselect={false}
              data-testid="schedule-weekday"
              value={String(form.values.weekday)}
              onChange={(value) => form.setFieldValue('weekday', Number(value))}
              error={form.errors.weekday}
            />
          )}
          {(kind === 'daily' || kind === 'weekly') && (
            <TextInput
              label="Time (HH:MM, 24-hour)"
              placeholder="03:00"
              maxLength={5}
              data-testid="schedule-time"
              {...form.getInputProps('time')}
            />
          )}
          {kind === 'cron' && (
            <TextInput
              label="Cron expression"
              description="Five fields: minute hour day-of-month month day-of-week, at most one run an hour"
              placeholder="0 6 * * 1-5"
              maxLength={LIMITS.schedule.cronMaxLength}
              data-testid="schedule-cron"
              {...form.getInputProps('cron')}
            />
          )}
          {kind === 'interval' && (
            <NumberInput
              label="Every (seconds)"
              min={1}
              max={LIMITS.schedule.maxIntervalSeconds}
              data-testid="schedule-interval"
              {...form.getInputProps('everySeconds')}
            />
          )}
          {kind !== 'off' && kind !== 'interval' && (
            <Select
              label="Time zone"
              data={zones}
              searchable
              allowDeselect={false}
              data-testid="schedule-timezone"
              {...form.getInputProps('timezone')}
            />
          )}
          {kind !== 'off' && (
            <CrawlMethodPicker value={form.values.method} onChange={(method) => form.setFieldValue('method', method)} />
          )}
          <Group justify="space-between" align="center">
            <Group gap="xs">
              <IconCalendarTime size={18} />
              <Text size="sm" fw={500}>
                Next run:
              </Text>
              <span data-testid="schedule-next-run">
                {schedule.nextRunAt && !schedule.paused ? (
                  <Text size="sm">{formatInZone(schedule.nextRunAt, schedule.timezone)}</Text>
                ) : (
                  <NextRun nextRunAt={null} paused={schedule.paused} scheduled={schedule.kind !== 'off'} />
                )}
              </span>
            </Group>
            {canWrite && (
              <Button type="submit" loading={save.isPending} data-testid="schedule-save">
                Save schedule
              </Button>
            )}
          </Group>
        </Stack>
      </PermissionFieldset>
    </form>
  );
}
