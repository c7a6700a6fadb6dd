import { type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { PermissionPage, type PermissionPageProps } from '#shared/PermissionPage.tsx';

/** The screen's own region (the e2e accessibility check looks there, not at the shell around it). */
const DMC_SCREEN_ID = 'dmc-screen';

/**
 * A DMC back-office screen: its content only for staff holding the permission its calls need
 * (contracts/endpoints/dmc.ts), so nobody is offered a screen that answers 403.
 */
export function DmcPage(props: Omit<PermissionPageProps, 'id'>) {
  return <PermissionPage id={DMC_SCREEN_ID} {...props} />;
}

/**
 * Whether a picker's dropdown is open: the focused select says so (aria-expanded); a date field's calendar has
 * no such flag, so a shown dropdown counts too (Mantine keeps closed ones mounted, hidden).
 */
const pickerOpen = () =>
  document.activeElement?.getAttribute('aria-expanded') === 'true' ||
  [...document.querySelectorAll('.mantine-Popover-dropdown')].some((el) => getComputedStyle(el).display !== 'none');

/**
 * A create or edit dialog: full screen on small screens (≤ 600 px), so every field stays reachable. Escape
 * closes an open picker (a calendar, a select's list) first and the dialog only when none is open: Mantine's
 * modal would otherwise close on the Escape meant for the calendar and lose what was typed.
 */
export function DmcDialog({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  children: ReactNode;
}) {
  const small = useSmallScreen();
  useWindowEvent(
    'keydown',
    (e) => {
      if (opened && e.key === 'Escape' && !pickerOpen()) onClose();
    },
    // Capture: read whether a picker is open before the picker's own handler closes it.
    { capture: true },
  );
  return (
    <Modal opened={opened} onClose={onClose} closeOnEscape={false} title={title} fullScreen={small} size={size}>
      {opened && children}
    </Modal>
  );
}
