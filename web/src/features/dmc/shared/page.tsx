import { type ReactNode } from 'react';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { PermissionPage, type PermissionPageProps } from '#shared/PermissionPage.tsx';
import { Modal } from '#shared/Modal.tsx';

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
 * A create or edit dialog: full screen on small screens (≤ 600 px), so every field stays reachable. Escape
 * closes an open picker (a calendar, a select's list) first, and typed data is asked about before it is
 * discarded (the app's Modal, docs/decisions.md "Dialogs").
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
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={small} size={size}>
      {opened && children}
    </Modal>
  );
}
