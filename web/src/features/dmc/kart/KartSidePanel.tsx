import { Badge, Button, Paper, Stack } from '@mantine/core';
import { ActionButton } from '#shared/ActionButton.tsx';
import { previewTotals } from './form.ts';
import { MarginPanel } from './MarginPanel.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import type { KartEditor } from './useKartEditor.ts';

/**
 * Beside the form: the totals (the saved kart's, or a preview of the form while it differs), and Save,
 * Voucher and Cancel quotation while the quotation is open.
 */
export function KartSidePanel({ editor }: { editor: KartEditor }) {
  const { kart, form } = editor;
  const dirty = form.isDirty();
  const totals = !kart || dirty ? previewTotals(form.values, kart?.collectedPayment ?? null) : kart.totals;
  const closed = kart?.isCancelled ?? false;
  return (
    <div className="kart-side">
      <TotalsPanel totals={totals} currency={form.values.currencySymbol} saved={!!kart && !dirty} />
      {kart && !dirty && <MarginPanel kart={kart} />}
      {!closed && (
        <Paper withBorder p="md" mt="md">
          <Stack gap="xs">
            <Button type="submit" loading={editor.saving}>
              {kart ? 'Save changes' : 'Save quotation'}
            </Button>
            {kart && !kart.isVouchered && (
              <ActionButton
                label="Voucher"
                subject={kart.kartName}
                size="sm"
                variant="light"
                confirm="The quotation is saved as it stands and vouchered: its transfers go on the job sheet. A vouchered quotation can only be cancelled, not un-vouchered."
                run={editor.voucher}
              />
            )}
            {kart && (
              <ActionButton
                label="Cancel quotation"
                subject={kart.kartName}
                size="sm"
                variant="subtle"
                color="red"
                confirm="Cancelling is final; the open transfers of the quotation are cancelled with it."
                run={editor.cancel}
              />
            )}
            {dirty && kart && (
              <Badge color="yellow" variant="light">
                Unsaved changes
              </Badge>
            )}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
