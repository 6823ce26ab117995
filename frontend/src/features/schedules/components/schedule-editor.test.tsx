import { MESSAGES, type VendorSchedule } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_ID } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { ScheduleEditor } from './schedule-editor';

const schedule = (extra: Partial<VendorSchedule> = {}): VendorSchedule => ({
  vendorId: VENDOR_ID,
  kind: 'off',
  minute: 0,
  time: '03:00',
  weekday: 1,
  cron: '',
  everySeconds: 3600,
  timezone: 'UTC',
  method: 'http',
  settings: { simulateHumanBehavior: false, useProxy: false, takeScreenshots: false, maxRetries: 3, waitTime: 2000 },
  nextRunAt: null,
  paused: false,
  updatedAt: null,
  ...extra,
});

const SCHEDULE_PATH = `/api/vendors/${VENDOR_ID}/schedule`;

/** Mantine's Select: open it by its label, then pick the option. */
async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ScheduleEditor', () => {
  it('saves a daily schedule in a time zone and shows the next run the server computed, in that zone', async () => {
    const saved = schedule({
      kind: 'daily',
      time: '09:30',
      timezone: 'UTC',
      nextRunAt: '2030-01-02T09:30:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    const { requests } = mockFetch({
      [`GET ${SCHEDULE_PATH}`]: { body: schedule({ timezone: 'UTC', updatedAt: '2029-12-31T00:00:00.000Z' }) },
      [`PUT ${SCHEDULE_PATH}`]: { body: saved },
      'GET /api/schedules': { body: { paused: false, schedules: [] } },
    });
    const { user } = renderWithProviders(<ScheduleEditor vendorId={VENDOR_ID} />);

    expect(within(await screen.findByTestId('schedule-next-run')).getByText('—')).toBeInTheDocument();
    await choose(user, 'Runs', 'Daily');
    await user.clear(screen.getByRole('textbox', { name: 'Time (HH:MM, 24-hour)' }));
    await user.type(screen.getByRole('textbox', { name: 'Time (HH:MM, 24-hour)' }), '09:30');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText(MESSAGES.schedules.saved)).toBeInTheDocument();
    const put = requests().find((request: MockRequest) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ kind: 'daily', time: '09:30', timezone: 'UTC', method: 'http' });
    const next = await screen.findByTestId('schedule-next-run');
    expect(next).toHaveTextContent('(UTC)');
    expect(next).toHaveTextContent(/9:30/);
  });

  it('refuses a time that is not HH:MM before asking the server, focusing the field', async () => {
    const { requests } = mockFetch({
      [`GET ${SCHEDULE_PATH}`]: { body: schedule({ kind: 'weekly', updatedAt: '2030-01-01T00:00:00.000Z' }) },
    });
    const { user } = renderWithProviders(<ScheduleEditor vendorId={VENDOR_ID} />);

    const time = await screen.findByRole('textbox', { name: 'Time (HH:MM, 24-hour)' });
    await user.clear(time);
    await user.type(time, '7pm');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText(MESSAGES.schedules.invalidTime)).toBeInTheDocument();
    expect(time).toHaveFocus();
    expect(requests().filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's reason when a cron expression runs too often", async () => {
    mockFetch({
      [`GET ${SCHEDULE_PATH}`]: { body: schedule({ kind: 'cron', cron: '0 * * * *', updatedAt: '2030-01-01T00:00:00.000Z' }) },
      [`PUT ${SCHEDULE_PATH}`]: {
        status: 400,
        body: { statusCode: 400, message: 'Schedules may run at most once every 60 minutes' },
      },
    });
    const { user } = renderWithProviders(<ScheduleEditor vendorId={VENDOR_ID} />);

    const cron = await screen.findByRole('textbox', { name: 'Cron expression' });
    await user.clear(cron);
    await user.type(cron, '*/5 * * * *');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Schedules may run at most once every 60 minutes')).toBeInTheDocument();
  });

  it('says Paused instead of a next run while every schedule is paused', async () => {
    mockFetch({
      [`GET ${SCHEDULE_PATH}`]: { body: schedule({ kind: 'hourly', paused: true, updatedAt: '2030-01-01T00:00:00.000Z' }) },
    });
    renderWithProviders(<ScheduleEditor vendorId={VENDOR_ID} />);
    expect(within(await screen.findByTestId('schedule-next-run')).getByText('Paused')).toBeInTheDocument();
  });
});
