import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DMC_MSG,
  deleteStopSale,
  getStopSales,
  saveStopSale,
  type TStopSale,
  type TTourOption,
} from '@tp/contracts/endpoints/dmc';
import { stopSaleErrors } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { useAction } from '#api/action.ts';
import { DataTable } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { ActionButton } from '#shared/ActionButton.tsx';
import { validityLabel } from '../shared/format.ts';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { HistoryButton } from '../shared/history.tsx';
import { useMarkets } from '../shared/markets.ts';
import { DmcDialog } from '../shared/page.tsx';
import { MarketSelect } from '../shared/pickers.tsx';

function StopSaleForm({
  option,
  stop,
  done,
  cancel,
}: {
  option: TTourOption;
  stop: TStopSale | null;
  done: () => void;
  cancel: () => void;
}) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveStopSale,
    initialValues: {
      marketId: stop?.marketId ?? null,
      fromDate: stop?.fromDate ?? '',
      tillDate: stop?.tillDate ?? '',
      reason: stop?.reason ?? '',
    },
    toBody: (v) => ({ ...(stop ? { id: stop.id } : {}), tourOptionId: option.id, ...v }),
    rule: stopSaleErrors,
    success: DMC_MSG.stopSaleSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MarketSelect clearable placeholder="Every market" {...form.getInputProps('marketId')} />
        <Pair>
          <DateField label="From" required {...form.getInputProps('fromDate')} />
          <DateField label="Till" required {...form.getInputProps('tillDate')} />
        </Pair>
        <TextInput label="Reason" placeholder="e.g. Closed for New Year's Eve" {...form.getInputProps('reason')} />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Days a tour option cannot be sold (to every market or one): they win over any rate (docs/dmc.md). */
export function StopSales({ option }: { option: TTourOption }) {
  const markets = useMarkets();
  const { data, isLoading, mutate } = useApi(getStopSales, { tourOptionId: option.id });
  const [editing, setEditing] = useState<TStopSale | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const remove = useAction(deleteStopSale, { success: DMC_MSG.stopSaleDeleted, onSuccess: () => mutate() });
  const subject = (s: TStopSale) => `stop-sale ${validityLabel(s.fromDate, s.tillDate)}`;
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            Stop-sales
          </Title>
          <Button size="sm" variant="light" onClick={() => setEditing(null)}>
            Add stop-sale
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          No quotation can price the tour option on these days, whatever its rates.
        </Text>
        <DataTable
          label="Stop-sales"
          rows={data}
          loading={isLoading}
          rowKey={(s) => s.id}
          empty="No stop-sales."
          minWidth={560}
          columns={[
            { key: 'days', header: 'Days', nowrap: true, render: (s) => validityLabel(s.fromDate, s.tillDate) },
            { key: 'market', header: 'Market', render: (s) => markets.name(s.marketId) },
            { key: 'reason', header: 'Reason', render: (s) => s.reason || '—' },
            {
              key: 'actions',
              header: '',
              render: (s) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(s)} aria-label={`Edit ${subject(s)}`}>
                    Edit
                  </Button>
                  <ActionButton
                    label="Delete"
                    subject={subject(s)}
                    color="red"
                    variant="subtle"
                    confirm="The tour option can be quoted on these days again."
                    run={() => remove.run({ id: s.id })}
                  />
                  <HistoryButton entity="stopSale" id={s.id} subject={subject(s)} />
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      <DmcDialog
        opened={editing !== undefined}
        onClose={close}
        title={`${editing ? 'Edit' : 'Add'} stop-sale`}
        size="md"
      >
        {editing !== undefined && (
          <StopSaleForm
            option={option}
            stop={editing}
            cancel={close}
            done={() => {
              close();
              void mutate();
            }}
          />
        )}
      </DmcDialog>
    </Paper>
  );
}
