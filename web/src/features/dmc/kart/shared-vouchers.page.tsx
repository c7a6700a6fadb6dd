import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { getSharedVouchers } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { VoucherDocuments } from './VoucherDocuments.tsx';

/** /quotation/:slug/vouchers (public, ours): the shared quotation's service vouchers once it is vouchered. */
export default function SharedVouchersPage() {
  const { slug = '' } = useParams();
  const set = useApi(getSharedVouchers, { slug }, { call: { handling: 'navigation' } });
  return (
    <AsyncContent
      data={set.data}
      error={set.error}
      onRetry={() => void set.mutate()}
      loadingLabel="Vouchers"
      emptyText="This trip has no service to voucher"
      isEmpty={(s) => s.vouchers.length === 0}
    >
      {(s) => (
        <VoucherDocuments
          set={s}
          actions={
            <Anchor component={Link} to={sharedQuotationPath(slug)} size="sm" mr="auto">
              Back to the quotation
            </Anchor>
          }
        />
      )}
    </AsyncContent>
  );
}
