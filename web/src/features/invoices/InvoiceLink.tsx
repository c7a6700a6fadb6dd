import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { sourceInvoicePath, type InvoiceSource } from '@tp/contracts/endpoints/invoices';

/** The tax invoice of a booking, cart or quotation (its page shows its credit notes too). */
export function InvoiceLink({
  source,
  sourceId,
  variant = 'link',
}: {
  source: InvoiceSource;
  sourceId: string;
  variant?: 'link' | 'button';
}) {
  const to = sourceInvoicePath(source, sourceId);
  return variant === 'button' ? (
    <Button component={Link} to={to} variant="light">
      Tax invoice
    </Button>
  ) : (
    <Anchor component={Link} to={to} size="sm">
      Invoice
    </Anchor>
  );
}
