import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getCombos, type TCombo } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDate } from '#shared/format.ts';
import { CursorPager } from '#shared/cursor-pages.tsx';
import { bandLabel, money, perLabel, validityLabel } from '../shared/format.ts';
import { HistoryButton } from '../shared/history.tsx';
import { useServerList, SearchBox } from '../shared/list.tsx';
import { useMarkets } from '../shared/markets.ts';
import { DmcDialog, DmcPage } from '../shared/page.tsx';
import { MarketSelect } from '../shared/pickers.tsx';
import { ComboForm } from './ComboForm.tsx';

type ComboOption = TCombo['tourOptions'][number];
type Markets = ReturnType<typeof useMarkets>;

/** One kind of a tour option's rates under its caption: a table (cards on a phone), or one line when there are none. */
function RateList<R>({
  title,
  label,
  rows,
  columns,
}: {
  title: string;
  label: string;
  rows: R[];
  columns: Column<R>[];
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {rows.length ? (
        <DataTable
          label={label}
          rows={rows}
          rowKey={(r) => String(rows.indexOf(r))}
          columns={columns}
          empty=""
          minWidth={560}
        />
      ) : (
        <Text size="sm" c="dimmed">
          None.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A tour option of a combo with the rates it is sold at, in priority order (spec 001 §3 Combo), each named by its
 * market and priced in that market's currency; cards on a phone, like every DMC list.
 */
function ComboOptionRates({ option, markets, currency }: { option: ComboOption; markets: Markets; currency: string }) {
  const m = (n: number, marketId: string) => money(n, markets.currency(marketId) || currency);
  const market = { key: 'market', header: 'Market', render: (r: { marketId: string }) => markets.name(r.marketId) };
  const valid = {
    key: 'valid',
    header: 'Valid',
    nowrap: true,
    render: (r: { validFromDate: string; validTillDate: string }) => validityLabel(r.validFromDate, r.validTillDate),
  };
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {option.name}
        </Text>
        <Badge size="sm" variant="light" color={option.onwardTransfer ? 'blue' : 'gray'}>
          Onward: {option.onwardTransfer ?? 'none'}
        </Badge>
        <Badge size="sm" variant="light" color={option.returnTransfer ? 'blue' : 'gray'}>
          Return: {option.returnTransfer ?? 'none'}
        </Badge>
      </Group>
      {option.description && (
        <Text size="xs" c="dimmed">
          {option.description}
        </Text>
      )}
      <RateList
        title="Ticket rates"
        label={`Ticket rates of ${option.name}`}
        rows={option.ticketRates}
        columns={[
          market,
          { key: 'per', header: 'Priced', nowrap: true, render: (r) => perLabel(r.isPerPax) },
          { key: 'adult', header: 'Adult', nowrap: true, render: (r) => m(r.adultAmount, r.marketId) },
          {
            key: 'child',
            header: 'Child',
            nowrap: true,
            render: (r) => (r.isPerPax ? m(r.childAmount, r.marketId) : '—'),
          },
          valid,
        ]}
      />
      <RateList
        title="Transfer rates"
        label={`Transfer rates of ${option.name}`}
        rows={option.transferRates}
        columns={[
          market,
          { key: 'type', header: 'Transfer', render: (r) => `${r.transferType} · ${r.sharingBasis}` },
          {
            key: 'amount',
            header: 'Amount',
            render: (r) => `${m(r.amount, r.marketId)} ${r.isPerPax ? 'per person' : 'per vehicle'}`,
          },
          { key: 'band', header: 'Pax band', nowrap: true, render: (r) => bandLabel(r.minPax, r.maxPax) },
          valid,
        ]}
      />
    </Stack>
  );
}

/**
 * /staff/dmc-combos (spec 001 §2): combos with each tour option's ticket and transfer rates (of one market
 * when chosen), created and edited in a dialog.
 */
export default function DmcCombosPage() {
  const [marketId, setMarketId] = useState<string | null>(null);
  const markets = useMarkets();
  const list = useServerList(getCombos, marketId ? { marketId } : {});
  // undefined: closed; null: creating; a combo: editing it.
  const [editing, setEditing] = useState<TCombo | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  return (
    <DmcPage
      title="Combos"
      permission="dmc.masters"
      actions={<Button onClick={() => setEditing(null)}>Create combo</Button>}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox label="Search combos" value={list.search} onChange={list.setSearch} />
        <MarketSelect
          label="Rates of market"
          value={marketId}
          onChange={setMarketId}
          clearable
          placeholder="Every market"
          w={240}
        />
      </Group>
      <AsyncContent
        data={list.rows}
        error={list.error}
        onRetry={() => void list.reload()}
        loadingLabel="Loading combos"
        emptyText={MSG.noResults}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <Stack gap="md" component="ul" aria-label="Combos" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((combo) => (
              <Paper key={combo.id} withBorder p={{ base: 'sm', xs: 'md' }} component="li">
                <Stack gap="sm">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Stack gap={0}>
                      <Title order={2} size="h4">
                        {combo.name}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {money(combo.amount, combo.currency)} per person · {combo.tourOptions.length} tour option
                        {combo.tourOptions.length === 1 ? '' : 's'} · created {formatDate(combo.createdAt)}
                      </Text>
                    </Stack>
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(combo)}
                        aria-label={`Edit ${combo.name}`}
                      >
                        Edit
                      </Button>
                      <HistoryButton entity="combo" id={combo.id} subject={combo.name} />
                    </Group>
                  </Group>
                  {combo.tourOptions.map((o) => (
                    <ComboOptionRates key={o.tourOptionId} option={o} markets={markets} currency={combo.currency} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </AsyncContent>
      <CursorPager pages={list.pages} />
      <DmcDialog
        opened={editing !== undefined}
        onClose={close}
        title={editing ? `Edit combo ${editing.name}` : 'Create combo'}
      >
        {editing !== undefined && (
          <ComboForm
            combo={editing}
            cancel={close}
            done={() => {
              close();
              void list.reload();
            }}
          />
        )}
      </DmcDialog>
    </DmcPage>
  );
}
