import { Anchor, Button, Group, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  KART_PAY_MSG,
  RECEIPT_METHOD_LABELS,
  acceptSharedQuotation,
  getSharedQuotation,
  paySharedQuotation,
  sharedReceiptPath,
  type TSharedQuotation,
} from '@tp/contracts/endpoints/kart';
import { useAction } from '#api/action.ts';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { toastSuccess } from '#lib/notify.ts';
import { useUser } from '#lib/state.ts';
import { money } from '../shared/format.ts';
import { newPaymentKey } from './KartPayments.tsx';
import { GatewayReturnNotice } from '#features/wallet/index.ts';

type Part = 'deposit' | 'balance';

/** The gateway payment the payer came back from: checking, received (with its receipt), or not taken. */
function PaymentOutcome({ slug, payment }: { slug: string; payment: NonNullable<TSharedQuotation['payment']> }) {
  const received = payment.status === 'received' && payment.receiptId;
  return (
    <GatewayReturnNotice
      state={received ? 'success' : payment.status === 'failed' ? 'failed' : 'checking'}
      received={
        received && (
          <>
            Thank you.{' '}
            {/* The alert's own text colour: the brand colour on its tinted background can fall under 4.5:1. */}
            <Anchor
              component={Link}
              to={sharedReceiptPath(slug, payment.receiptId!)}
              c="inherit"
              fw={600}
              underline="always"
            >
              View the receipt
            </Anchor>
          </>
        )
      }
    />
  );
}

/**
 * Accept and pay on the shared link (docs/dmc.md "Accept and pay"): the customer accepts the version they are
 * looking at, then pays the deposit or all that is due through the site's gateway; the quotation's agent, signed
 * in, may pay from their wallet and credit line. Receipts so far are listed, each printable.
 */
export function SharedPayment({
  shared,
  slug,
  onChanged,
}: {
  shared: TSharedQuotation;
  slug: string;
  onChanged: () => void;
}) {
  const user = useUser();
  const [key] = useState(newPaymentKey);
  const money_ = shared.money;
  const [part, setPart] = useState<Part>(money_ && money_.depositDue > 0 ? 'deposit' : 'balance');
  const [method, setMethod] = useState<'gateway' | 'wallet'>('gateway');
  const accept = useAction(acceptSharedQuotation, {
    success: KART_PAY_MSG.accepted,
    revalidate: [getSharedQuotation],
    onSuccess: onChanged,
  });
  const pay = useAction(paySharedQuotation, {
    onSuccess: (out) => {
      if (out.redirectTo) window.location.assign(out.redirectTo);
      if (out.receipt) {
        toastSuccess(`Payment received: receipt ${out.receipt.number}`);
        onChanged();
      }
    },
  });
  if (!money_) return null;
  const m = (n: number) => money(n, money_.currency);
  const latest = !shared.standing.newerSharedAt && shared.standing.status !== 'cancelled';
  const accepted = !!shared.standing.acceptedAt;
  // Once the deposit is in, what is left to pay is the whole balance.
  const chosen: Part = part === 'deposit' && money_.depositDue <= 0 ? 'balance' : part;
  const amount = chosen === 'deposit' ? money_.depositDue : money_.totalDue;
  return (
    <Paper
      withBorder
      p="md"
      maw="190mm"
      w="100%"
      mx="auto"
      className="quotation-actions"
      component="section"
      aria-label="Payment"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Payment
        </Title>
        {shared.payment && <PaymentOutcome slug={slug} payment={shared.payment} />}
        <Text size="sm">
          Paid {m(money_.collected)}; due {m(money_.totalDue)}
          {money_.depositDue > 0 ? `, of which the deposit ${m(money_.depositDue)}` : ''}.
        </Text>
        {latest && !accepted && (
          <Group>
            <Button loading={accept.busy} onClick={() => void accept.run({ slug, version: shared.version })}>
              Accept this quotation
            </Button>
          </Group>
        )}
        {latest && accepted && (
          <Text size="sm" c="gray.7">
            Accepted {formatDateTime(shared.standing.acceptedAt!)}.
          </Text>
        )}
        {latest && accepted && money_.totalDue > 0 && (
          <Stack gap="xs">
            <Radio.Group label="Pay" value={chosen} onChange={(v) => setPart(v as Part)}>
              <Group gap="md" mt={4}>
                {money_.depositDue > 0 && <Radio value="deposit" label={`Deposit ${m(money_.depositDue)}`} />}
                <Radio value="balance" label={`All that is due ${m(money_.totalDue)}`} />
              </Group>
            </Radio.Group>
            {user && (
              <Radio.Group label="Pay with" value={method} onChange={(v) => setMethod(v as 'gateway' | 'wallet')}>
                <Group gap="md" mt={4}>
                  <Radio value="gateway" label="Online payment" />
                  <Radio value="wallet" label="My wallet and credit line" />
                </Group>
              </Radio.Group>
            )}
            <Group>
              <Button
                loading={pay.busy}
                onClick={() =>
                  void pay.run({ slug, part: chosen, method: user ? method : 'gateway', idempotencyKey: key })
                }
              >
                Pay {m(amount)}
              </Button>
            </Group>
          </Stack>
        )}
        {!latest && shared.standing.newerSharedAt && (
          <Text size="sm">{KART_PAY_MSG.outdatedVersion(formatDate(shared.standing.newerSharedAt.slice(0, 10)))}</Text>
        )}
        {money_.receipts.length > 0 && (
          <Table verticalSpacing={4} aria-label="Receipts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receipt</Table.Th>
                <Table.Th>Paid by</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {money_.receipts.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={sharedReceiptPath(slug, r.id)} size="sm">
                      {r.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{RECEIPT_METHOD_LABELS[r.method]}</Table.Td>
                  <Table.Td ta="right">{m(r.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
