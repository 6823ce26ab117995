import type { CaughtMail, SmtpCatcher } from '../../../../../test-support/smtp-catcher';

/** The link of the newest confirmation email sent to `address`, as its reader sees it. */
export async function confirmationLinkTo(smtp: SmtpCatcher, address: string, after = 0): Promise<URL> {
  const mail = await smtp.waitFor(
    (m: CaughtMail) =>
      m.to.includes(address) && m.subject === 'Confirm alerts to this address' && smtp.messages.indexOf(m) >= after,
  );
  return new URL(/https?:\/\/\S+confirm-alert-email\?token=\S+/.exec(mail.text)![0]);
}

/** Opens a confirmation link the way the app's page does: its token posted, no sign-in. */
export const openConfirmationLink = (baseUrl: string, link: URL) =>
  fetch(`${baseUrl}/api/alerts/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
