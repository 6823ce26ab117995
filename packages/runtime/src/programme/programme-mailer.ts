import { Logger } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import type { AppConfig } from '../config';
import { escapeHtml, SmtpMailer, type OutgoingMail } from '../mail';

/** What became of an email: through SMTP, written to the log (development without SMTP), or lost (no SMTP). */
export type ProgrammeMailDelivery = 'sent' | 'logged' | 'not-sent';

/** The request itself, with the vendor link: the only email that carries the link's token. */
export interface RemediationRequestMail {
  kind: 'remediation-request';
  to: string;
  link: string;
  workspaceName: string;
  vendorName: string;
  checkTitles: string[];
  dueAt: Date;
  message: string;
}

/** A reminder to the contact. Only the link's hash is kept, so it points to the first email instead. */
export interface RemediationReminderMail {
  kind: 'remediation-reminder';
  to: string;
  workspaceName: string;
  vendorName: string;
  dueAt: Date;
  sentAt: Date;
  /** Days from the due date: negative before it. */
  offsetDays: number;
}

/** A week past the due date: the vendor's owner in the workspace hears of it too. */
export interface OwnerReminderMail {
  kind: 'remediation-owner-reminder';
  to: string;
  vendorName: string;
  contactEmail: string;
  dueAt: Date;
  link: string;
}

/** A questionnaire sent to the vendor's contact (issue 41), with the vendor link. */
export interface QuestionnaireRequestMail {
  kind: 'questionnaire-request';
  to: string;
  link: string;
  workspaceName: string;
  vendorName: string;
  questionnaireName: string;
  questionCount: number;
  dueAt: Date;
  message: string;
}

/** A reminder of an unanswered questionnaire; like a remediation reminder, it points to the first email. */
export interface QuestionnaireReminderMail {
  kind: 'questionnaire-reminder';
  to: string;
  workspaceName: string;
  vendorName: string;
  questionnaireName: string;
  dueAt: Date;
  sentAt: Date;
  /** Days from the due date: negative before it. */
  offsetDays: number;
}

/** A week past a questionnaire's due date: the vendor's owner hears of it too, as of a remediation request. */
export interface QuestionnaireOwnerReminderMail {
  kind: 'questionnaire-owner-reminder';
  to: string;
  vendorName: string;
  questionnaireName: string;
  contactEmail: string;
  dueAt: Date;
  /** The questionnaire's page in the app. */
  link: string;
}

export type ProgrammeMail =
  | RemediationRequestMail
  | RemediationReminderMail
  | OwnerReminderMail
  | QuestionnaireRequestMail
  | QuestionnaireReminderMail
  | QuestionnaireOwnerReminderMail;

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The programme's emails (requests and reminders), sent through SMTP_URL like every email of the
 * app. Without SMTP: in development the gist (the link) is logged, so someone trying the app can
 * follow it; anywhere else a log line holding a credential would be a leak, so only the fact is.
 */
export class ProgrammeMailer {
  private readonly logger = new Logger('ProgrammeMailer');
  private readonly mailer: SmtpMailer;

  constructor(private readonly config: Pick<AppConfig, 'SMTP_URL' | 'SMTP_FROM' | 'NODE_ENV'>) {
    this.mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }

  async send(mail: ProgrammeMail): Promise<ProgrammeMailDelivery> {
    const rendered = renderProgrammeMail(mail);
    if (this.config.SMTP_URL) {
      await this.mailer.send({ to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html });
      return 'sent';
    }
    if (this.config.NODE_ENV === 'development') {
      this.logger.log(`${rendered.subject} (${mail.to}): ${rendered.gist}`);
      return 'logged';
    }
    this.logger.warn(`No SMTP_URL: the email "${rendered.subject}" to ${mail.to} was not sent`);
    return 'not-sent';
  }

  close(): void {
    this.mailer.close();
  }
}

export function renderProgrammeMail(mail: ProgrammeMail): OutgoingMail & { gist: string } {
  if (
    mail.kind === 'questionnaire-request' ||
    mail.kind === 'questionnaire-reminder' ||
    mail.kind === 'questionnaire-owner-reminder'
  )
    return renderQuestionnaireMail(mail);
  const M = MESSAGES.remediation;
  // Names are the workspace's words: quoted in the body, marked as theirs, never in a subject line.
  const who = `"${mail.kind === 'remediation-owner-reminder' ? '' : mail.workspaceName}" (a Vendorwatch workspace)`;
  if (mail.kind === 'remediation-request') {
    const intro = `${who} asks you, for "${mail.vendorName}", to look at findings about your website and fix them by ${day(mail.dueAt)}.`;
    const checks = mail.checkTitles.map((title) => `- ${title}`).join('\n');
    const note = mail.message ? `Their message:\n${mail.message}` : '';
    const how =
      'Open this link to see each finding, its evidence and how to fix it, reply, attach documents and ask for a re-check. No account is needed; the link is for you alone — do not forward it.';
    const text = [intro, checks, note, how, mail.link].filter(Boolean).join('\n\n') + '\n';
    const html = [
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${mail.checkTitles.map((title) => `<li>${escapeHtml(title)}</li>`).join('')}</ul>`,
      mail.message ? `<p>Their message:</p><blockquote>${escapeHtml(mail.message).replace(/\n/g, '<br>')}</blockquote>` : '',
      `<p>${escapeHtml(how)}</p>`,
      `<p><a href="${escapeHtml(mail.link)}">Open the request</a></p>`,
    ].join('');
    return { to: mail.to, subject: M.subject, text, html, gist: mail.link };
  }
  if (mail.kind === 'remediation-reminder') {
    const when =
      mail.offsetDays < 0
        ? `is due on ${day(mail.dueAt)}, in ${-mail.offsetDays} ${mail.offsetDays === -1 ? 'day' : 'days'}`
        : `was due on ${day(mail.dueAt)}, ${mail.offsetDays} ${mail.offsetDays === 1 ? 'day' : 'days'} ago`;
    const text = `The request from ${who} about "${mail.vendorName}" ${when}.\n\nOpen it through the link in the email of ${day(mail.sentAt)} with the subject "${M.subject}".\n`;
    return {
      to: mail.to,
      subject: M.reminderSubject,
      text,
      html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').trim()}</p>`,
      gist: `${mail.vendorName}: ${when}`,
    };
  }
  const text = `The remediation request to "${mail.vendorName}" (${mail.contactEmail}) was due on ${day(mail.dueAt)} and is a week overdue. You are this vendor's owner.\n\n${mail.link}\n`;
  return {
    to: mail.to,
    subject: M.ownerReminderSubject,
    text,
    html: `<p>${escapeHtml(text.split('\n\n')[0]!)}</p><p><a href="${escapeHtml(mail.link)}">Open the vendor</a></p>`,
    gist: mail.link,
  };
}

/** The questionnaire's emails: the request with its link, and the reminders that point back to it. */
function renderQuestionnaireMail(
  mail: QuestionnaireRequestMail | QuestionnaireReminderMail | QuestionnaireOwnerReminderMail,
): OutgoingMail & { gist: string } {
  const M = MESSAGES.questionnaires;
  if (mail.kind === 'questionnaire-owner-reminder') {
    const text = `The questionnaire "${mail.questionnaireName}" sent to "${mail.vendorName}" (${mail.contactEmail}) was due on ${day(mail.dueAt)} and is a week overdue. You are this vendor's owner.\n\n${mail.link}\n`;
    return {
      to: mail.to,
      subject: M.ownerReminderSubject,
      text,
      html: `<p>${escapeHtml(text.split('\n\n')[0]!)}</p><p><a href="${escapeHtml(mail.link)}">Open the questionnaire</a></p>`,
      gist: mail.link,
    };
  }
  const who = `"${mail.workspaceName}" (a Vendorwatch workspace)`;
  if (mail.kind === 'questionnaire-request') {
    const intro = `${who} asks you, for "${mail.vendorName}", to answer the security questionnaire "${mail.questionnaireName}" (${mail.questionCount} questions) by ${day(mail.dueAt)}.`;
    const note = mail.message ? `Their message:\n${mail.message}` : '';
    const how =
      'Open this link to answer: your answers are saved as you go, some arrive pre-filled from what was observed on your website, and you can upload documents (a SOC 2 report, certificates, policies) with their expiry. No account is needed; the link is for you alone — do not forward it.';
    const text = [intro, note, how, mail.link].filter(Boolean).join('\n\n') + '\n';
    const html = [
      `<p>${escapeHtml(intro)}</p>`,
      mail.message ? `<p>Their message:</p><blockquote>${escapeHtml(mail.message).replace(/\n/g, '<br>')}</blockquote>` : '',
      `<p>${escapeHtml(how)}</p>`,
      `<p><a href="${escapeHtml(mail.link)}">Open the questionnaire</a></p>`,
    ].join('');
    return { to: mail.to, subject: M.emailSubject, text, html, gist: mail.link };
  }
  const when =
    mail.offsetDays < 0
      ? `is due on ${day(mail.dueAt)}, in ${-mail.offsetDays} ${mail.offsetDays === -1 ? 'day' : 'days'}`
      : `was due on ${day(mail.dueAt)}, ${mail.offsetDays} ${mail.offsetDays === 1 ? 'day' : 'days'} ago`;
  const text = `The questionnaire "${mail.questionnaireName}" from ${who} about "${mail.vendorName}" ${when}.\n\nOpen it through the link in the email of ${day(mail.sentAt)} with the subject "${M.emailSubject}".\n`;
  return {
    to: mail.to,
    subject: M.reminderSubject,
    text,
    html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').trim()}</p>`,
    gist: `${mail.vendorName}: ${when}`,
  };
}
