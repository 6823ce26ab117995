import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES, workspaceMessages, type AuthEmailDelivery } from '@vendorwatch/contracts';
import { APP_CONFIG, escapeHtml, SmtpMailer, type AppConfig } from '@vendorwatch/runtime';

/**
 * The emails of the embedded auth: a one-time link (the confirmation also carries a code), the
 * code that proves a signed-in user reads their email (reauthentication), and the warning that a
 * second factor was locked after too many wrong codes.
 */
export type AuthMail =
  | { kind: 'confirmation'; to: string; link: string; code: string }
  | { kind: 'recovery'; to: string; link: string }
  | { kind: 'reauthentication'; to: string; code: string }
  | FactorLockedMail
  | InvitationMail;

/** An invitation to join a workspace (issue 33): sent by the app, so it goes out in hosted mode too. */
export interface InvitationMail {
  kind: 'invitation';
  to: string;
  link: string;
  workspaceName: string;
  role: string;
  /** Who invited: a member's email address, or an API key's name. */
  invitedBy: string;
  days: number;
}

export interface FactorLockedMail {
  kind: 'factor-locked';
  to: string;
  factorName: string;
  failures: number;
  windowSeconds: number;
  lockedUntil: Date;
  /** The client addresses the wrong codes came from. */
  addresses: string[];
}

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** What the development log shows instead of sending (the link, or the gist of a warning). */
  gist: string;
}

/**
 * Sends through SMTP_URL. Without SMTP nothing can be sent: in development the gist (for a link,
 * the link itself) is logged so an operator trying the app locally can still use it; anywhere else
 * a log line holding a link that signs someone in would be a leak, so only the fact is logged (set
 * SMTP_URL or AUTH_AUTOCONFIRM).
 */
@Injectable()
export class AuthMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('AuthMailer');
  private readonly mailer: SmtpMailer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }

  /** Sends (or logs) the email; answers what became of it. */
  async send(mail: AuthMail): Promise<AuthEmailDelivery> {
    const { subject, text, html, gist } = render(mail);
    // The embedded auth's emails are the hosted project's to send when there is one; invitations are always ours.
    const delivery = mail.kind === 'invitation' ? smtpDelivery(this.config) : authEmailDelivery(this.config);
    if (delivery === 'logged') this.logger.log(`${subject} (${mail.to}): ${gist}`);
    else if (delivery === 'not-sent') this.logger.warn(`No SMTP_URL: the email "${subject}" to ${mail.to} was not sent`);
    else await this.mailer.send({ to: mail.to, subject, text, html });
    return delivery;
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}

/**
 * What becomes of the embedded auth's emails, as the sign-up screen tells the user: sent through
 * SMTP (with a hosted Supabase project, that project sends them), logged in development, or lost.
 */
export function authEmailDelivery(config: Pick<AppConfig, 'SMTP_URL' | 'SUPABASE_URL' | 'NODE_ENV'>): AuthEmailDelivery {
  return config.SUPABASE_URL ? 'sent' : smtpDelivery(config);
}

/** What becomes of an email this app sends itself: through SMTP, logged in development, or lost. */
function smtpDelivery(config: Pick<AppConfig, 'SMTP_URL' | 'NODE_ENV'>): AuthEmailDelivery {
  if (config.SMTP_URL) return 'sent';
  return config.NODE_ENV === 'development' ? 'logged' : 'not-sent';
}

function render(mail: AuthMail): RenderedMail {
  if (mail.kind === 'factor-locked') return renderFactorLocked(mail);
  if (mail.kind === 'invitation') return renderInvitation(mail);
  if (mail.kind === 'reauthentication') {
    const note = 'If you did not ask for this, someone may be signed in to your account: change your password.';
    return {
      subject: 'Confirm reauthentication',
      text: `Enter this code to confirm it is you: ${mail.code}\n\n${note}\n`,
      html: `<h2>Confirm reauthentication</h2><p>Enter this code to confirm it is you: ${mail.code}</p><p>${note}</p>`,
      gist: `code ${mail.code}`,
    };
  }
  const link = escapeHtml(mail.link);
  if (mail.kind === 'confirmation') {
    return {
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your account:\n\n${mail.link}\n\nOr enter this code: ${mail.code}\n`,
      html: `<h2>Confirm your signup</h2><p><a href="${link}">Confirm your account</a></p><p>Or enter this code: ${mail.code}</p>`,
      gist: mail.link,
    };
  }
  return {
    subject: 'Reset your password',
    text: `Follow this link to choose a new password:\n\n${mail.link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    html: `<h2>Reset your password</h2><p><a href="${link}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    gist: mail.link,
  };
}

function renderFactorLocked(mail: FactorLockedMail): RenderedMail {
  const minutes = Math.round(mail.windowSeconds / 60);
  const happened = `${mail.failures} wrong codes for your authenticator app "${mail.factorName || 'Authenticator app'}" were entered within ${minutes} minutes`;
  const from = mail.addresses.length > 0 ? ` (from ${mail.addresses.slice(0, 10).join(', ')})` : '';
  const until = `${mail.lockedUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const advice =
    'Whoever entered them knew your password: if it was not you, change your password now (Security page) and sign out your other sessions.';
  return {
    subject: 'Two-factor sign-in locked after wrong codes',
    text: `${happened}${from}.\n\nUntil ${until} no code is accepted for it, the right one included.\n\n${advice}\n`,
    html: `<h2>Two-factor sign-in locked</h2><p>${escapeHtml(happened + from)}.</p><p>Until ${until} no code is accepted for it, the right one included.</p><p>${escapeHtml(advice)}</p>`,
    gist: `${happened}${from}; locked until ${until}`,
  };
}

function renderInvitation(mail: InvitationMail): RenderedMail {
  const invited = `${mail.invitedBy} invited you to a workspace on Vendorwatch, as ${mail.role}.`;
  // The name is the sender's words: quoted in the body, marked as theirs, never in the subject.
  const named = workspaceMessages.invitationWorkspaceNamed(mail.workspaceName);
  const how = 'To accept, open this link and sign in (or sign up) with this email address:';
  const note = `The link works once, for ${mail.days} days. If you did not expect this invitation, ignore this email.`;
  return {
    subject: MESSAGES.invitations.subject,
    // After the link: the first link in the email is always the invitation's own.
    text: `${invited}\n\n${how}\n\n${mail.link}\n\n${named}\n\n${note}\n`,
    html: `<p>${escapeHtml(invited)}</p><p>${escapeHtml(how)}</p><p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p><p>${escapeHtml(named)}</p><p>${escapeHtml(note)}</p>`,
    gist: mail.link,
  };
}
