import { useParams } from 'react-router-dom';
import { sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { getSharedVouchers } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { VouchersScreen } from './VouchersScreen.tsx';

/** /quotation/:slug/vouchers (public, ours): the shared quotation's service vouchers once it is vouchered. */
export default function SharedVouchersPage() {
  const { slug = '' } = useParams();
  const set = useApi(getSharedVouchers, { slug }, { call: { handling: 'navigation' } });
  return (
    <VouchersScreen set={set} emptyText="This trip has no service to voucher" backTo={sharedQuotationPath(slug)} />
  );
}
