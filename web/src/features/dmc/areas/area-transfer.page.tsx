import { useState } from 'react';
import { Button, Checkbox, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  createTransfers,
  deleteTransfers,
  getFilteredAreas,
  getFilteredAreasTransfers,
  getFilteredAreasTransfersType,
  getTransfers,
} from '@tp/contracts/endpoints/areas';
import { DMC_MSG, type TAreaTransfer } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import {
  AREA_SHARING_BASES,
  AREA_SHARING_LABELS,
  TRANSFER_DIRECTIONS,
  areaTransferErrors,
  areaTransferOverlaps,
  isIsoDate,
  type AreaSharingBasis,
  type TransferDirection,
} from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { ActionButton } from '#shared/ActionButton.tsx';
import { numberOrNull } from '#shared/form.ts';
import { bandLabel, dollars, optionsOf, validityLabel } from '../shared/format.ts';
import {
  AmountField,
  FormButtons,
  Pair,
  PaxBandFields,
  termsBody,
  termsValues,
  useSaveForm,
  ValidityFields,
} from '../shared/forms.tsx';
import { HistoryButton } from '../shared/history.tsx';
import { SearchBox, ServerTable, useServerList } from '../shared/list.tsx';
import { useMarkets } from '../shared/markets.ts';
import { OverlapWarning } from '../shared/OverlapWarning.tsx';
import { DmcDialog, DmcPage } from '../shared/page.tsx';
import { AreaSelect, MarketSelect } from '../shared/pickers.tsx';

type Markets = ReturnType<typeof useMarkets>;

const route = (t: TAreaTransfer) => `${t.fromName} → ${t.toName}`;
const subjectOf = (t: TAreaTransfer, m: Markets) =>
  `${route(t)} ${m.name(t.marketId)} ${AREA_SHARING_LABELS[t.sharingBasis]} ${t.transferType}, ${validityLabel(t.validFromDate, t.validTillDate)}`;

/**
 * Create or edit an area transfer with every check of spec 001 §5 (the domain's areaTransferErrors, the
 * spec's words); per pax follows the basis (on for sharing, off for private, §4); dollars, 2 decimals (§9).
 */
function AreaTransferForm({
  transfer,
  markets,
  done,
  cancel,
}: {
  transfer: TAreaTransfer | null;
  markets: Markets;
  done: () => void;
  cancel: () => void;
}) {
  const initialValues = {
    ...termsValues(transfer),
    from: transfer?.from ?? null,
    to: transfer?.to ?? null,
    description: transfer?.description ?? '',
    transferType: (transfer?.transferType ?? null) as TransferDirection | null,
    sharingBasis: (transfer?.sharingBasis ?? 'sharing') as AreaSharingBasis,
    amount: (transfer?.amount ?? '') as number | string,
    isStandAlone: transfer?.isStandAlone ?? false,
  };
  const toBody = (v: typeof initialValues) => ({
    ...(transfer ? { id: transfer.id } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
    ...termsBody(v),
    description: v.description,
    ...(v.transferType ? { transferType: v.transferType } : {}),
    sharingBasis: v.sharingBasis,
    amount: numberOrNull(v.amount),
    isStandAlone: v.isStandAlone,
    // Per pax follows the basis (§4): on for sharing, off for private.
    isPerPax: v.sharingBasis === 'sharing',
  });
  const { form, submit, busy } = useSaveForm({
    endpoint: createTransfers,
    initialValues,
    toBody,
    rule: areaTransferErrors,
    success: DMC_MSG.areaTransferSaved,
    onSaved: done,
  });
  const v = form.values;
  // The route's saved transfers, to flag an overlap before saving.
  const sameRoute = useApi(
    getTransfers,
    v.from && v.to && v.marketId ? { from: v.from, to: v.to, marketId: v.marketId, limit: 100 } : null,
  );
  const saved = sameRoute.data?.records ?? [];
  // The draft is the body the save would send: the check sees what the server will see.
  const overlaps =
    v.from && v.to && v.marketId && v.transferType && isIsoDate(v.validFromDate) && isIsoDate(v.validTillDate)
      ? areaTransferOverlaps(
          { ...toBody(v), from: v.from, to: v.to, marketId: v.marketId, transferType: v.transferType, amount: 0 },
          saved,
        )
      : [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Pair>
          <AreaSelect label="From area" required valueLabel={transfer?.fromName} {...form.getInputProps('from')} />
          <AreaSelect label="To area" required valueLabel={transfer?.toName} {...form.getInputProps('to')} />
        </Pair>
        <MarketSelect
          required
          valueLabel={transfer && markets.name(transfer.marketId)}
          {...form.getInputProps('marketId')}
        />
        <TextInput
          label="Description"
          placeholder="e.g. Airport arrival, sedan"
          {...form.getInputProps('description')}
        />
        <Pair>
          <Select
            label="Transfer type"
            required
            data={optionsOf(TRANSFER_DIRECTIONS)}
            allowDeselect={false}
            {...form.getInputProps('transferType')}
          />
          <Select
            label="Sharing basis"
            required
            data={optionsOf(AREA_SHARING_BASES, AREA_SHARING_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('sharingBasis')}
          />
        </Pair>
        <Pair>
          <AmountField label="Amount (USD)" fixedDecimalScale prefix="$" {...form.getInputProps('amount')} />
          <Switch
            label="Per person"
            description="On for sharing, off for private (PVT)"
            checked={v.sharingBasis === 'sharing'}
            disabled
            mt={{ base: 0, xs: 'lg' }}
            readOnly
          />
        </Pair>
        <PaxBandFields form={form} required={v.sharingBasis === 'private'} />
        <ValidityFields form={form} />
        <Checkbox
          label="Sold stand-alone (not only with a hotel or activity)"
          {...form.getInputProps('isStandAlone', { type: 'checkbox' })}
        />
        <OverlapWarning ids={overlaps} saved={saved} subject={(t) => subjectOf(t, markets)} />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/**
 * /staff/area-transfer (spec 001 §2): rides between areas per market (airport ↔ hotel areas), listed,
 * added, edited (the spec's edit "does nothing": here it edits) and deleted. Filters are the route pickers
 * a quotation uses (`areas/getFilteredAreas…`); with a day chosen, only the transfers valid that day show.
 */
export default function AreaTransferPage() {
  const markets = useMarkets();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [marketId, setMarketId] = useState<string | null>(null);
  const [day, setDay] = useState('');
  const market = marketId ? { marketId } : {};
  const list = useServerList(
    getTransfers,
    { ...market, ...(from ? { from } : {}), ...(to ? { to } : {}) },
    { searchParam: 'query' },
  );
  const fromAreas = useApi(getFilteredAreas, market);
  const toAreas = useApi(getFilteredAreasTransfers, from ? { ...market, from } : null);
  const onDay = useApi(getFilteredAreasTransfersType, from && to && day ? { ...market, from, to, date: day } : null);
  // undefined: closed; null: adding; a transfer: editing it.
  const [editing, setEditing] = useState<TAreaTransfer | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const remove = useAction(deleteTransfers, {
    success: DMC_MSG.areaTransferDeleted,
    onSuccess: async () => {
      await list.reload();
      await onDay.mutate();
    },
  });

  const columns: Column<TAreaTransfer>[] = [
    { key: 'route', header: 'Route', render: route },
    { key: 'market', header: 'Market', render: (t) => markets.name(t.marketId) },
    { key: 'type', header: 'Type', nowrap: true, render: (t) => t.transferType },
    { key: 'basis', header: 'Basis', render: (t) => AREA_SHARING_LABELS[t.sharingBasis] },
    {
      key: 'amount',
      header: 'Amount',
      nowrap: true,
      render: (t) => `${dollars(t.amount)} ${t.isPerPax ? 'per person' : 'per vehicle'}`,
    },
    { key: 'band', header: 'Pax band', render: (t) => bandLabel(t.minPax, t.maxPax) },
    { key: 'valid', header: 'Valid', nowrap: true, render: (t) => validityLabel(t.validFromDate, t.validTillDate) },
    { key: 'standAlone', header: 'Stand-alone', render: (t) => (t.isStandAlone ? 'Yes' : 'No') },
    {
      key: 'actions',
      header: '',
      render: (t) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(t)} aria-label={`Edit ${subjectOf(t, markets)}`}>
            Edit
          </Button>
          <ActionButton
            label="Delete"
            subject={subjectOf(t, markets)}
            color="red"
            variant="subtle"
            confirm="Quotations stop offering this transfer."
            run={() => remove.run({ id: t.id })}
          />
          <HistoryButton entity="areaTransfer" id={t.id} subject={subjectOf(t, markets)} />
        </Group>
      ),
    },
  ];
  const areaOptions = (areas: { id: string; name: string }[] | undefined) =>
    (areas ?? []).map((a) => ({ value: a.id, label: a.name }));

  return (
    <DmcPage
      title="Area Transfers"
      permission="dmc.areas"
      actions={<Button onClick={() => setEditing(null)}>Add area transfer</Button>}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox label="Search area transfers" value={list.search} onChange={list.setSearch} />
        <Select
          label="From"
          placeholder="Any area"
          clearable
          searchable
          data={areaOptions(fromAreas.data)}
          value={from}
          onChange={(v) => {
            setFrom(v);
            setTo(null);
          }}
          w={200}
        />
        <Select
          label="To"
          placeholder="Any area"
          clearable
          searchable
          disabled={!from}
          data={areaOptions(toAreas.data)}
          value={to}
          onChange={setTo}
          w={200}
        />
        <MarketSelect value={marketId} onChange={setMarketId} clearable placeholder="Every market" w={200} />
        <DateField
          label="Valid on"
          value={day}
          onChange={setDay}
          clearable
          disabled={!from || !to}
          description={!from || !to ? 'Choose a route first' : undefined}
          w={170}
        />
      </Group>
      {from && to && day ? (
        <DataTable
          label="Area transfers valid on the day"
          rows={onDay.data}
          loading={onDay.isLoading}
          columns={columns}
          rowKey={(t) => t.id}
          empty={MSG.noAreaTransfers}
          minWidth={1000}
        />
      ) : (
        <ServerTable
          list={list}
          label="Area transfers"
          columns={columns}
          rowKey={(t) => t.id}
          empty={MSG.noAreaTransfers}
          minWidth={1000}
        />
      )}
      <DmcDialog
        opened={editing !== undefined}
        onClose={close}
        title={editing ? `Edit area transfer ${route(editing)}` : 'Add area transfer'}
      >
        {editing !== undefined && (
          <AreaTransferForm
            transfer={editing}
            markets={markets}
            cancel={close}
            done={() => {
              close();
              void list.reload();
              void onDay.mutate();
            }}
          />
        )}
      </DmcDialog>
    </DmcPage>
  );
}
