import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@vendorwatch/contracts';

export const notifySuccess = (message: string) => notifications.show({ color: 'green', message });

/** A failure toast: the catalogue text as title, and the server's own reason when it adds anything. */
export const notifyError = (title: string, error: unknown) => {
  const reason = error instanceof Error && error.message ? error.message : MESSAGES.generic.unexpected;
  return reason === title
    ? notifications.show({ color: 'red', message: title })
    : notifications.show({ color: 'red', title, message: reason });
};
