import { useParams } from 'react-router-dom';
import { getSharedReceipt } from '@tp/contracts/endpoints/kart';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { ReceiptDocument } from './ReceiptDocument.tsx';

/** /quotation/:slug/receipt/:receiptId (public, ours): a receipt of the shared quotation's payments, printable. */
export default function SharedReceiptPage() {
  const { slug = '', receiptId = '' } = useParams();
  const printable = useApi(getSharedReceipt, { slug, receiptId }, { call: { handling: 'navigation' } });
  return (
    <AsyncContent
      data={printable.data}
      error={printable.error}
      onRetry={() => void printable.mutate()}
      loadingLabel="Receipt"
    >
      {(p) => <ReceiptDocument receipt={p.receipt} issuer={p.issuer} />}
    </AsyncContent>
  );
}
