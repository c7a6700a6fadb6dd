import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  DMC_MSG,
  HOTEL_CONTRACT_MSG,
  XLSX_BASE64_MAX,
  exportHotelContract,
  getHotelContract,
  importHotelContract,
  saveHotelContract,
  type THotelContractView,
} from '@tp/contracts/endpoints/dmc';
import { MEAL_PLANS, MEAL_PLAN_LABELS, type HotelContract, type MealPlan } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { readAsBase64 } from '../data/files.ts';
import { ExportButton } from '#shared/ExportButton.tsx';
import { importProblems, type ImportProblem } from '../data/import-problems.ts';
import { useMarkets } from '../shared/markets.ts';
import { DmcPage } from '../shared/page.tsx';
import { AccomodationSelect } from '../shared/pickers.tsx';
import { useQueryState, useTab } from '../shared/tabs.ts';
import {
  PartSection,
  allotmentSpec,
  childBandSpec,
  rateSpec,
  roomTypeSpec,
  stopSaleSpec,
  type SaveContract,
} from './contract-parts.tsx';
import { StayCheck } from './stay-check.tsx';

const TABS = ['rooms', 'rates', 'children', 'stop-sales', 'allotments', 'price-check', 'workbook'] as const;
const TAB_LABELS: Record<(typeof TABS)[number], string> = {
  rooms: 'Rooms & meals',
  rates: 'Rates',
  children: 'Child policies',
  'stop-sales': 'Stop-sales',
  allotments: 'Allotments',
  'price-check': 'Price check',
  workbook: 'Export / import',
};

const SHEETS = ['Room types', 'Meal plans', 'Rates', 'Child bands', 'Stop sales', 'Allotments'];

function MealPlans({ contract, save }: { contract: HotelContract; save: SaveContract }) {
  return (
    <Checkbox.Group
      label="Meal plans sold"
      description="A rate row prices one of these"
      value={contract.mealPlans}
      onChange={(v) => void save({ ...contract, mealPlans: MEAL_PLANS.filter((m) => v.includes(m)) })}
    >
      <Group gap="md" mt="xs">
        {MEAL_PLANS.map((m) => (
          <Checkbox key={m} value={m} label={`${m} · ${MEAL_PLAN_LABELS[m as MealPlan]}`} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function Workbook({ view, onImported }: { view: THotelContractView; onImported: (v: THotelContractView) => void }) {
  const canImport = usePermission('dmc.importData');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ message: string; rows: ImportProblem[] } | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const importer = useAction(importHotelContract, {
    success: (r) => (r.dryRun ? HOTEL_CONTRACT_MSG.checked : HOTEL_CONTRACT_MSG.imported),
    onSuccess: (r) => {
      setChecked(
        Object.entries(r.rows)
          .map(([sheet, n]) => `${sheet}: ${n}`)
          .join(' · '),
      );
      if (!r.dryRun) onImported(r.view);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length)
        setProblems({ message: error.message, rows: importProblems(error.fieldErrors, SHEETS) });
    },
  });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const run = async (dryRun: boolean) => {
    if (!file) return;
    setProblems(null);
    setChecked(null);
    const base64 = await readAsBase64(file, () => undefined);
    if (!base64.startsWith('UEsDB')) return setFileProblem(DMC_MSG.notSpreadsheet);
    if (base64.length > XLSX_BASE64_MAX) return setFileProblem(DMC_MSG.fileTooLarge);
    setFileProblem(null);
    await importer.run({ hotelId: view.hotelId, file: base64, dryRun });
  };
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Export
          </Title>
          <Text size="sm" c="dimmed">
            One workbook, a sheet per part ({SHEETS.join(', ')}); rates in the order they are tried.
          </Text>
          <ExportButton
            endpoint={exportHotelContract}
            input={() => ({ hotelId: view.hotelId })}
            label="Export .xlsx"
            variant="filled"
          />
        </Stack>
      </Paper>
      {canImport && (
        <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Import
            </Title>
            <Text size="sm" c="dimmed">
              The workbook replaces the whole contract. Every row is checked first: one problem and nothing is written.
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <FileInput
                label="Workbook (.xlsx)"
                placeholder="Choose file"
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={file}
                onChange={setFile}
                clearable
                w={320}
                maw="100%"
                error={fileProblem}
              />
              <Button variant="default" onClick={() => void run(true)} disabled={!file || importer.busy}>
                Check only
              </Button>
              <Button onClick={() => void run(false)} disabled={!file} loading={importer.busy}>
                Import
              </Button>
            </Group>
            {checked && (
              <Alert color="teal" title="Rows per sheet">
                {checked}
              </Alert>
            )}
            {problems && (
              <Stack gap="xs">
                <Alert color="red" title={problems.message} role="alert">
                  Nothing was written. Correct these rows in the workbook and import it again.
                </Alert>
                <DataTable
                  label="Problems in the workbook"
                  rows={problems.rows}
                  rowKey={(p) => `${p.sheet}|${p.row}|${p.column}`}
                  empty=""
                  minWidth={560}
                  columns={[
                    { key: 'sheet', header: 'Sheet', render: (p) => p.sheet },
                    { key: 'row', header: 'Row', render: (p) => p.row ?? '—' },
                    { key: 'column', header: 'Column', render: (p) => p.column || '—' },
                    { key: 'message', header: 'Problem', render: (p) => p.message },
                  ]}
                />
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function ContractEditor({ hotelId }: { hotelId: string }) {
  const [tab, select] = useTab(TABS);
  const markets = useMarkets();
  const loaded = useApi(getHotelContract, { hotelId });
  const saver = useAction(saveHotelContract, { success: HOTEL_CONTRACT_MSG.saved });
  const view = loaded.data;
  const save: SaveContract = async (next) => {
    if (!view) return false;
    const { hotelId: _id, ...body } = next;
    const saved = await saver.run({ hotelId, version: view.version, ...body });
    if (saved) await loaded.mutate(saved, { revalidate: false });
    else await loaded.mutate();
    return saved !== undefined;
  };
  return (
    <AsyncContent
      data={view}
      error={loaded.error}
      onRetry={() => void loaded.mutate()}
      loadingLabel="Loading the contract"
    >
      {(v) => {
        const c = v.contract;
        const ids = (pair: [string, string]) => pair.join(' and ');
        return (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {v.version === 0 ? 'No contract saved yet for this hotel.' : `Contract version ${v.version}.`}
            </Text>
            <Tabs value={tab} onChange={select} keepMounted={false}>
              <Tabs.List>
                {TABS.map((t) => (
                  <Tabs.Tab key={t} value={t}>
                    {TAB_LABELS[t]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="rooms" pt="md">
                <Stack gap="lg">
                  <PartSection spec={roomTypeSpec()} contract={c} save={save} />
                  <MealPlans contract={c} save={save} />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="rates" pt="md">
                <PartSection
                  spec={rateSpec(markets.name, (id) => markets.currency(id) || 'AED', c)}
                  contract={c}
                  save={save}
                  extra={
                    v.overlaps.length > 0 && (
                      <Alert color="yellow" title="Overlapping rates">
                        These rows compete for the same nights; the upper one prices: {v.overlaps.map(ids).join('; ')}.
                      </Alert>
                    )
                  }
                />
              </Tabs.Panel>
              <Tabs.Panel value="children" pt="md">
                <PartSection spec={childBandSpec()} contract={c} save={save} />
              </Tabs.Panel>
              <Tabs.Panel value="stop-sales" pt="md">
                <PartSection spec={stopSaleSpec(markets.name, c)} contract={c} save={save} />
              </Tabs.Panel>
              <Tabs.Panel value="allotments" pt="md">
                <PartSection spec={allotmentSpec(c, v.allotmentTaken)} contract={c} save={save} />
              </Tabs.Panel>
              <Tabs.Panel value="price-check" pt="md">
                <StayCheck hotelId={hotelId} contract={c} />
              </Tabs.Panel>
              <Tabs.Panel value="workbook" pt="md">
                <Workbook view={v} onImported={(next) => void loaded.mutate(next, { revalidate: false })} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        );
      }}
    </AsyncContent>
  );
}

/**
 * /staff/dmc-hotel-contracts: a hotel's contract (room types, meal plans, rates per market and season by
 * occupancy, child policies, stop-sales, allotments), each change saved at once on the contract's version; a price
 * check night by night; the contract as .xlsx out and in. The hotel is in the address (`?hotel=`).
 */
export default function HotelContractsPage() {
  const [params, setQuery] = useQueryState();
  const hotelId = params.get('hotel');
  return (
    <DmcPage title="Hotel Contracts" permission="dmc.masters">
      <Stack gap="md">
        <AccomodationSelect
          value={hotelId}
          onChange={(v) => setQuery({ hotel: v, tab: null })}
          w={{ base: '100%', xs: 420 }}
        />
        {hotelId ? (
          <ContractEditor key={hotelId} hotelId={hotelId} />
        ) : (
          <Text c="dimmed">Choose a hotel to see or write its contract.</Text>
        )}
      </Stack>
    </DmcPage>
  );
}
