import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import {
  getInvoice,
  getInvoicePdf,
  getSourceInvoice,
  INVOICE_MSG,
  INVOICE_SOURCES,
  type InvoiceSource,
} from '@tp/contracts/endpoints/invoices';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { downloadBase64 } from '#shared/download.ts';
import { absoluteUrl } from '#shared/share.ts';
import { ShareLinks } from '#shared/ShareLinks.tsx';
import { documentTitle, InvoiceDocument } from './InvoiceDocument.tsx';

const isSource = (s: string | undefined): s is InvoiceSource => INVOICE_SOURCES.includes(s as InvoiceSource);

/**
 * /invoice/:invoiceId and /invoice/:source/:sourceId (ours, docs/invoices.md): a tax invoice or credit note as the
 * customer keeps it, printed on one A4 page or downloaded as PDF, or its link shared (it opens for whoever may see
 * it after sign-in: the customer it was issued to, their account's readers, staff).
 */
export default function InvoicePage() {
  const { invoiceId = '', source, sourceId = '' } = useParams();
  const bySource = isSource(source);
  // A 404 is this page's own answer ("No invoice was found"), not a toast.
  const call = { call: { handling: 'navigation' as const } };
  const byId = useApi(getInvoice, bySource ? null : { invoiceId }, call);
  const bySrc = useApi(getSourceInvoice, bySource ? { source, sourceId } : null, call);
  const res = bySource ? bySrc : byId;
  const pdf = useAction(getInvoicePdf, {
    success: (r) => `Downloaded ${r.fileName}`,
    onSuccess: (r) => downloadBase64(r.fileName, r.contentType, r.base64),
  });
  if (res.error?.status === 404 || (source !== undefined && !bySource))
    return (
      <Alert color="yellow" title={INVOICE_MSG.notFound}>
        An invoice is issued once a booking is ticketed or a cart or quotation is paid. If you expected one, ask us and
        we will issue it.
      </Alert>
    );
  return (
    <AsyncContent data={res.data} error={res.error} onRetry={() => void res.mutate()} loadingLabel="Loading invoice">
      {(doc) => (
        <Stack gap="md">
          <Stack gap={4} className="invoice-actions">
            <Group gap="sm" wrap="wrap">
              <Button onClick={() => window.print()}>Print</Button>
              <Button variant="light" loading={pdf.busy} onClick={() => void pdf.run({ invoiceId: doc.id })}>
                Download PDF
              </Button>
              <ShareLinks
                url={absoluteUrl(`/invoice/${encodeURIComponent(doc.id)}`)}
                title={`${documentTitle(doc)} ${doc.number}`}
              />
              {doc.source === 'booking' && (
                <Anchor component={Link} to="/flight/ticketQueue" size="sm">
                  Back to my bookings
                </Anchor>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {documentTitle(doc)} {doc.number}: Print fits one A4 page.
            </Text>
          </Stack>
          <InvoiceDocument doc={doc} />
        </Stack>
      )}
    </AsyncContent>
  );
}
