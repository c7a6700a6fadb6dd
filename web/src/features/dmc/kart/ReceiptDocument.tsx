import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { RECEIPT_METHOD_LABELS, type TReceipt } from '@tp/contracts/endpoints/kart';
import { formatDateTime } from '#shared/format.ts';
import { money } from '../shared/format.ts';
import './quotation.css';

export interface ReceiptIssuer {
  companyName: string;
  logoUrl: string;
  adminContact: string;
  adminEmail: string;
}

/**
 * A numbered receipt of a quotation payment, printable (Download PDF prints it, as the quotation does): who issued
 * it, who paid, how much for which quotation, and what is collected and still due with it.
 */
export function ReceiptDocument({ receipt: r, issuer }: { receipt: TReceipt; issuer: ReceiptIssuer }) {
  const m = (n: number) => money(n, r.currency);
  const balance = Math.max(0, Math.round((r.totalPrice - r.collectedAfter) * 100) / 100);
  const facts: [string, string][] = [
    ['Receipt', r.number],
    ['Received', formatDateTime(r.receivedAt)],
    ['From', r.customerName],
    ['For', `Quotation ${r.quotationId}: ${r.kartName}`],
    ['Paid by', RECEIPT_METHOD_LABELS[r.method]],
    ['Reference', r.reference],
    ['Amount', m(r.amount)],
    ['Quotation total', m(r.totalPrice)],
    ['Collected so far', m(r.collectedAfter)],
    ['Balance due', m(balance)],
  ];
  const contact = [issuer.adminContact, issuer.adminEmail].filter(Boolean).join(' · ');
  return (
    <Stack gap="md">
      <Group className="quotation-actions" justify="flex-end" maw="190mm" w="100%" mx="auto">
        <Button variant="light" onClick={() => window.print()}>
          Download PDF
        </Button>
      </Group>
      <article className="quotation-doc" aria-label={`Receipt ${r.number}`}>
        <header className="quotation-head">
          <div className="quotation-brand">
            {issuer.logoUrl && <Image src={issuer.logoUrl} alt="" h={44} w="auto" fit="contain" />}
            <div>
              {issuer.companyName && (
                <Text fw={700} size="lg">
                  {issuer.companyName}
                </Text>
              )}
              {contact && (
                <Text size="sm" className="quotation-detail">
                  {contact}
                </Text>
              )}
            </div>
          </div>
          <div className="quotation-title">
            <Title order={1} size="h3">
              Payment receipt
            </Title>
            <Text size="sm" fw={700}>
              {r.number}
            </Text>
          </div>
        </header>
        <dl className="quotation-facts">
          {facts.map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </Fragment>
          ))}
        </dl>
      </article>
    </Stack>
  );
}
