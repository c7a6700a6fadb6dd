import type { ReactNode } from 'react';
import { Badge, Text } from '@mantine/core';
import type { PaymentStatus, TPayment } from '@tp/contracts/wallet';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDateTime } from '#shared/format.ts';
import { formatMoney } from '#features/wallet/money.ts';

const STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  completed: { label: 'Paid', color: 'blue' },
  applied: { label: 'Successful', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
  refunded: { label: 'Refunded', color: 'grape' },
  rejected: { label: 'Rejected', color: 'red' },
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
      render: (p) => (p.purpose === 'walletTopUp' ? 'Wallet top-up' : `Flight order ${p.orderId ?? ''}`),
    },
    { key: 'gateway', header: 'Method', render: (p) => GATEWAY[p.gateway] },
    { key: 'ref', header: 'Reference', render: (p) => p.transactionId ?? '—' },
    { key: 'amount', header: 'Amount', render: (p) => formatMoney(p.amount, p.currency), nowrap: true },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Badge color={STATUS[p.status].color} variant="light">
          {STATUS[p.status].label}
        </Badge>
      ),
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
