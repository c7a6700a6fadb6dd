import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getKartVouchers } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { VoucherDocuments } from './VoucherDocuments.tsx';

/** /staff/kart/:id/vouchers (ours, staff): a vouchered quotation's service vouchers, printable. */
export default function KartVouchersPage() {
  const { id = '' } = useParams();
  const set = useApi(getKartVouchers, { id }, { call: { handling: 'navigation' } });
  return (
    <AsyncContent
      data={set.data}
      error={set.error}
      onRetry={() => void set.mutate()}
      loadingLabel="Vouchers"
      emptyText="This quotation has no service to voucher"
      isEmpty={(s) => s.vouchers.length === 0}
    >
      {(s) => (
        <VoucherDocuments
          set={s}
          actions={
            <Anchor component={Link} to={`/staff/kart?kart=${encodeURIComponent(id)}`} size="sm" mr="auto">
              Back to the quotation
            </Anchor>
          }
        />
      )}
    </AsyncContent>
  );
}
