import { notifications } from '@mantine/notifications';
import { TIMING } from '@tp/contracts/platform';

/** Toasts auto-hide after TIMING.toastMs (spec 000 §9). */
export function toastError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: TIMING.toastMs });
}

export function toastSuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TIMING.toastMs });
}

export function toastInfo(message: string): void {
  notifications.show({ message, autoClose: TIMING.toastMs });
}
