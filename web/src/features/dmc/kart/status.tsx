import { Badge, Group } from '@mantine/core';
import type { KartDeadlineState, KartStatus, PaymentState } from '@tp/domain/dmc';

/** Labels and tones of a kart's derived state (docs/dmc.md "Karts": status machine, deadlines). */
const STATUS: Record<KartStatus, { label: string; color: string }> = {
  quotation: { label: 'Quotation', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
  vouchered: { label: 'Vouchered', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

/** Only the payment states staff act on get a badge. */
const PAYMENT: Partial<Record<PaymentState, { label: string; color: string }>> = {
  dueSoon: { label: 'Payment due soon', color: 'orange' },
  overdue: { label: 'Payment overdue', color: 'red' },
  paid: { label: 'Paid', color: 'green' },
};

export function StatusBadges({ deadline }: { deadline: Pick<KartDeadlineState, 'status' | 'payment'> }) {
  const status = STATUS[deadline.status];
  const payment = PAYMENT[deadline.payment];
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={status.color}>
        {status.label}
      </Badge>
      {payment && (
        <Badge variant="light" color={payment.color}>
          {payment.label}
        </Badge>
      )}
    </Group>
  );
}
