import { Badge, type BadgeProps } from '@mantine/core';
import { statusKey, statusLabel, type StatusContext } from '#shared/format.ts';

/** Colour by meaning: done, waiting on someone, stopped, over. Anything else is neutral blue. */
const TONE: Record<string, string> = {
  TICKETED: 'green',
  BOOKED: 'green',
  APPROVED: 'green',
  COMPLETED: 'green',
  REISSUED: 'green',
  HELD: 'orange',
  CHANGEREQUESTED: 'orange',
  PARTIALLYCANCELLED: 'orange',
  PENDING: 'yellow',
  UNASSIGNED: 'yellow',
  ASSIGNED: 'yellow',
  ACKNOWLEDGED: 'yellow',
  SUSPENDED: 'orange',
  FAILED: 'red',
  CANCELLED: 'red',
  REJECTED: 'red',
  RELEASED: 'gray',
  EXPIRED: 'gray',
  CLOSED: 'gray',
};

/**
 * A status chip: the code's label from the one label map (statusLabel), never the raw code. A screen
 * whose statuses mean something of their own passes `context` (payments, orders) and may pass `color`.
 */
export function StatusBadge({
  status,
  context,
  color,
  variant = 'light',
  ...rest
}: { status: string; context?: StatusContext } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge variant={variant} color={color ?? TONE[statusKey(status)] ?? 'blue'} {...rest}>
      {statusLabel(status, context)}
    </Badge>
  );
}
