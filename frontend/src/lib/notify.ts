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

/**
 * A failure toast whose catalogue text stands on its own ('Test failed: {reason}' already carries the
 * reason), optionally with a detail line under it.
 */
export const notifyFailure = (message: string, detail?: string | null) =>
  detail ? notifications.show({ color: 'red', title: message, message: detail }) : notifications.show({ color: 'red', message });

/** News that is neither a success nor a failure (the crawl asked for was already under way). */
export const notifyInfo = (message: string) => notifications.show({ color: 'blue', message });
