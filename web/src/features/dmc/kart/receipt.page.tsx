import { useParams } from 'react-router-dom';
import { getKartReceipt } from '@tp/contracts/endpoints/kart';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { ReceiptDocument } from './ReceiptDocument.tsx';

/** /staff/kart/receipt/:receiptId (ours): a quotation payment's receipt, printable. */
export default function KartReceiptPage() {
  const { receiptId = '' } = useParams();
  const printable = useApi(getKartReceipt, { receiptId }, { call: { handling: 'navigation' } });
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
