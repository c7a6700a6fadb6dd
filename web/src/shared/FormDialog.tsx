import type { ReactNode } from 'react';
import { useSmallScreen } from './DataTable.tsx';
import { Modal } from './Modal.tsx';

/**
 * A create or edit dialog: full screen on small screens (≤ 600 px), so every field stays reachable; its
 * content mounts only while it is open, so each opening starts from the record. Escape closes an open picker
 * (a calendar, a select's list) first, and typed data is asked about before it is discarded (the app's
 * Modal, docs/decisions.md "Dialogs").
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size = 'md',
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
