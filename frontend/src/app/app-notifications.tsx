import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/**
 * Toasts. From the sm breakpoint up, bottom right (clear of the top bar's Logout). On a phone the bottom
 * of the screen is where a long page's buttons land — the failed crawl's Retry and Edit address — so
 * there they show at the top, just under the top bar; the toast layer only covers its toasts.
 */
export function AppNotifications() {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} classNames={{ root: classes.root }} />;
}
