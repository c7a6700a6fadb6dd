import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TVoucherSet } from '@tp/contracts/endpoints/kart-paper';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { VoucherDocuments } from './VoucherDocuments.tsx';

/** A quotation's service vouchers as a screen (staff's and the shared link's): loading, empty, and the way back. */
export function VouchersScreen({
  set,
  emptyText,
  backTo,
}: {
  /** The vouchers' call as useApi answers it. */
  set: { data?: TVoucherSet; error?: unknown; mutate: () => unknown };
  emptyText: string;
  backTo: string;
}) {
  return (
    <AsyncContent
      data={set.data}
      error={set.error}
      onRetry={() => void set.mutate()}
      loadingLabel="Vouchers"
      emptyText={emptyText}
      isEmpty={(s) => s.vouchers.length === 0}
    >
      {(s) => (
        <VoucherDocuments
          set={s}
          actions={
            <Anchor component={Link} to={backTo} size="sm" mr="auto">
              Back to the quotation
            </Anchor>
          }
        />
      )}
    </AsyncContent>
  );
}
