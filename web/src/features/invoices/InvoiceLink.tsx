import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getSourceInvoice, sourceInvoicePath, type InvoiceSource } from '@tp/contracts/endpoints/invoices';
import { usePermission } from '#shared/usePermission.ts';

/**
 * The tax invoice of a booking, cart or quotation (its page shows its credit notes too). Offered only to
 * who may read it: staff without the invoices permission would open a page that answers 403.
 */
export function InvoiceLink({
  source,
  sourceId,
  variant = 'link',
}: {
  source: InvoiceSource;
  sourceId: string;
  variant?: 'link' | 'button';
}) {
  const key = getSourceInvoice.permission;
  const allowed = usePermission(key ?? '') || key === undefined;
  const to = sourceInvoicePath(source, sourceId);
  if (!allowed) return null;
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
