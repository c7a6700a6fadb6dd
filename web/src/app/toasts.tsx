import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TIMING } from '@tp/contracts/platform';

/** The toasts' container (loaded with the first toast: see Providers.tsx). */
export default function Toasts() {
  return <Notifications autoClose={TIMING.toastMs} position="top-right" />;
}
