import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { PaymentStatus, TPayment } from '@tp/contracts/endpoints/wallet';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';

const STATUS_COLOR: Record<PaymentStatus, string> = {
  pending: 'yellow',
  completed: 'blue',
  applied: 'teal',
  failed: 'red',
  expired: 'gray',
  refunded: 'grape',
  rejected: 'red',
};

const GATEWAY: Record<TPayment['gateway'], string> = {
  sandbox: 'Sandbox',
  phonepe: 'PhonePe',
  offline: 'Bank transfer',
};

/** Who paid: name over email (staff listings carry both); never the user id. */
function Customer({ payment: p }: { payment: TPayment }) {
  if (!p.customerName && !p.userEmail)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <div>
      {p.customerName && (
        <Text size="sm" fw={500}>
          {p.customerName}
        </Text>
      )}
      {p.userEmail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {p.userEmail}
        </Text>
      )}
    </div>
  );
}

/** What a payment paid for: a flight order, a top-up, or (quotation, activity cart, visa fee) what its remark names. */
function paymentFor(p: TPayment): string {
  if (p.purpose === 'walletTopUp') return 'Wallet top-up';
  if (p.purpose === 'flightOrder') return `Flight order ${p.orderId ?? ''}`;
  return p.remark || PURPOSE[p.purpose];
}

const PURPOSE: Record<TPayment['purpose'], string> = {
  flightOrder: 'Flight order',
  walletTopUp: 'Wallet top-up',
  kartPayment: 'Quotation payment',
  cartPayment: 'Activity cart',
  visaFee: 'Visa fee',
};

export function PaymentsTable({
  label,
  rows,
  loading,
  showCustomer,
  actions,
}: {
  label: string;
  rows: TPayment[] | undefined;
  loading: boolean;
  showCustomer?: boolean;
  actions?: (p: TPayment) => ReactNode;
}) {
  const columns: Column<TPayment>[] = [
    { key: 'date', header: 'Date', render: (p) => formatDateTime(p.createdAt), nowrap: true },
    ...(showCustomer
      ? [{ key: 'customer', header: 'Customer', render: (p: TPayment) => <Customer payment={p} /> }]
      : []),
    {
      key: 'what',
      header: 'For',
      render: (p) => paymentFor(p),
    },
    { key: 'gateway', header: 'Method', render: (p) => GATEWAY[p.gateway] },
    { key: 'ref', header: 'Reference', render: (p) => p.transactionId ?? '—' },
    { key: 'amount', header: 'Amount', render: (p) => formatMoney(p.amount, p.currency), nowrap: true },
    {
      key: 'status',
      header: 'Status',
      render: (p) => <StatusBadge status={p.status} context="payment" color={STATUS_COLOR[p.status]} />,
    },
    ...(actions ? [{ key: 'actions', header: 'Actions', render: actions }] : []),
  ];
  return (
    <DataTable
      label={label}
      rows={rows}
      columns={columns}
      rowKey={(p) => p.paymentId}
      loading={loading}
      empty="No payments yet."
    />
  );
}
