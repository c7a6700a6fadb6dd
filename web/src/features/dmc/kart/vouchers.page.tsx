import { useParams } from 'react-router-dom';
import { getKartVouchers } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { VouchersScreen } from './VouchersScreen.tsx';

/** /staff/kart/:id/vouchers (ours, staff): a vouchered quotation's service vouchers, printable. */
export default function KartVouchersPage() {
  const { id = '' } = useParams();
  const set = useApi(getKartVouchers, { id }, { call: { handling: 'navigation' } });
  return (
    <VouchersScreen
      set={set}
      emptyText="This quotation has no service to voucher"
      backTo={`/staff/kart?kart=${encodeURIComponent(id)}`}
    />
  );
}
