import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@vendorwatch/contracts';

/** The reason to show for a failure: the error's own message, else the generic catalogue text. */
export const errorReason = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MESSAGES.generic.unexpected;

export const notifySuccess = (message: string) => notifications.show({ color: 'green', message });

/** A failure toast: the catalogue text as title, and the server's own reason when it adds anything. */
export const notifyError = (title: string, error: unknown) => {
  const reason = errorReason(error);
  return reason === title
    ? notifications.show({ color: 'red', message: title })
    : notifications.show({ color: 'red', title, message: reason });
};

/** A failure toast whose catalogue text already carries the reason, e.g. 'Test failed: {reason}'. */
export const notifyFailure = (message: string) => notifications.show({ color: 'red', message });
