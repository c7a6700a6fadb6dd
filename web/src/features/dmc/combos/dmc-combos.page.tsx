import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getCombos, type TCombo } from '@tp/contracts/endpoints/dmc';
import { MSG } from '@tp/contracts/messages';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate } from '#shared/format.ts';
import { CursorPager } from '#features/wallet/index.ts';
import { bandLabel, money, perLabel, validityLabel } from '../shared/format.ts';
import { HistoryButton } from '../shared/history.tsx';
import { useServerList, SearchBox } from '../shared/list.tsx';
import { useMarkets } from '../shared/markets.ts';
import { DmcDialog, DmcPage } from '../shared/page.tsx';
import { MarketSelect } from '../shared/pickers.tsx';
import { ComboForm } from './ComboForm.tsx';

type ComboOption = TCombo['tourOptions'][number];
/** A table wider than a phone scrolls sideways: its scroll area takes focus, so keys scroll it too (axe). */
const SCROLLABLE = { viewportProps: { tabIndex: 0 } };

/** A tour option of a combo with the rates it is sold at, in priority order (spec 001 §3 Combo). */
function ComboOptionRates({ option, currency }: { option: ComboOption; currency: string }) {
  const m = (n: number) => money(n, currency);
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
      <Table.ScrollContainer minWidth={520} scrollAreaProps={SCROLLABLE}>
        <Table aria-label={`Ticket rates of ${option.name}`} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ticket rate</Table.Th>
              <Table.Th>Adult</Table.Th>
              <Table.Th>Child</Table.Th>
              <Table.Th>Valid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {option.ticketRates.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>No ticket rates.</Table.Td>
              </Table.Tr>
            )}
            {option.ticketRates.map((r, i) => (
              <Table.Tr key={i}>
                <Table.Td>{perLabel(r.isPerPax)}</Table.Td>
                <Table.Td>{m(r.adultAmount)}</Table.Td>
                <Table.Td>{r.isPerPax ? m(r.childAmount) : '—'}</Table.Td>
                <Table.Td>{validityLabel(r.validFromDate, r.validTillDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table.ScrollContainer minWidth={520} scrollAreaProps={SCROLLABLE}>
        <Table aria-label={`Transfer rates of ${option.name}`} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transfer rate</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Pax band</Table.Th>
              <Table.Th>Valid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {option.transferRates.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>No transfer rates.</Table.Td>
              </Table.Tr>
            )}
            {option.transferRates.map((r, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {r.transferType} · {r.sharingBasis}
                </Table.Td>
                <Table.Td>
                  {m(r.amount)} {r.isPerPax ? 'per person' : 'per vehicle'}
                </Table.Td>
                <Table.Td>{bandLabel(r.minPax, r.maxPax)}</Table.Td>
                <Table.Td>{validityLabel(r.validFromDate, r.validTillDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
  const rateCurrency = (combo: TCombo) => (marketId ? markets.currency(marketId) || combo.currency : combo.currency);
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
                    <ComboOptionRates key={o.tourOptionId} option={o} currency={rateCurrency(combo)} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </AsyncContent>
      <CursorPager
        page={list.pages.page}
        nextCursor={list.nextCursor}
        onNext={list.pages.next}
        onPrevious={list.pages.previous}
      />
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
