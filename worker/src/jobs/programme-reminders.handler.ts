import { Injectable } from '@nestjs/common';
import { VendorLinkReminderSender, type TypedJob } from '@vendorwatch/runtime';
import type { JobHandler, JobRunContext } from '../queue/job-handler';

/**
 * Sends the reminders of open vendor requests that are due (remediation requests: 7 and 1 days
 * before the due date, 1 and 7 days after). Fired every PROGRAMME_REMINDER_INTERVAL_SECONDS by a job
 * scheduler (MaintenanceScheduler); each reminder goes out once however many workers run it.
 */
@Injectable()
export class ProgrammeRemindersHandler implements JobHandler<'programmeReminders'> {
  readonly job = 'programmeReminders' as const;
  constructor(private readonly sender: VendorLinkReminderSender) {}

  async handle(_job: TypedJob<'programmeReminders'>, { signal, log }: JobRunContext): Promise<{ status: string; sent: number }> {
    const tally = await this.sender.run(new Date(), signal);
    if (tally.sent || tally.failed) log.log(`Reminders: ${tally.sent} sent, ${tally.failed} failed`);
    return { status: tally.failed ? 'some failed' : 'done', sent: tally.sent };
  }
}
