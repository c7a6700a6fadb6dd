/** How operations screens word a transfer: one place for the job sheet, the driver page and the itineraries. */
import { Badge } from '@mantine/core';
import type { TransferStatus } from '@tp/domain/dmc';
import { STATUS_LABELS } from '@tp/domain/dmc/operations/messages';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "2 adults, 1 child": zero children and infants left out. */
export const paxLabel = (p: { adults: number; child: number; infant: number }): string =>
  [
    plural(p.adults, 'adult', 'adults'),
    p.child ? plural(p.child, 'child', 'children') : '',
    p.infant ? plural(p.infant, 'infant', 'infants') : '',
  ]
    .filter(Boolean)
    .join(', ');

export const LEG_LABELS = { pickup: 'Pickup', drop: 'Drop' } as const;

/** One leg's own basis: a row is one ride, never "both ways" (the kart's bases are worded in shared/format.ts). */
export const LEG_SHARING_LABELS = { SIC: 'SIC (shared)', PVT: 'PVT (private)' } as const;

const STATUS_TONES: Record<TransferStatus, string> = {
  pending: 'yellow',
  assigned: 'blue',
  done: 'green',
  notDone: 'orange',
  cancelled: 'gray',
};

/** The domain's status words, capitalised, on the domain's status (never the raw code). */
export const statusText = (s: TransferStatus): string =>
  STATUS_LABELS[s].charAt(0).toUpperCase() + STATUS_LABELS[s].slice(1);

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return (
    <Badge color={STATUS_TONES[status]} variant="light">
      {statusText(status)}
    </Badge>
  );
}
