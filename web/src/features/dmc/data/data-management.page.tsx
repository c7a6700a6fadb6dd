import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  DMC_MSG,
  DMC_SHEETS,
  XLSX_BASE64_MAX,
  exportDmcData,
  getAllDmcData,
  importDmcData,
  type TDmcCounts,
} from '@tp/contracts/endpoints/dmc';
import { useAction } from '#api/action.ts';
import { ApiError, type ResponseIn } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { DmcPage } from '../shared/page.tsx';
import { readAsBase64 } from './files.ts';
import { ExportButton } from '#shared/ExportButton.tsx';
import { importProblems, type ImportProblem } from './import-problems.ts';

const COUNT_LABELS: Record<keyof TDmcCounts, string> = {
  markets: 'Markets',
  areas: 'Areas',
  hotels: 'Hotels',
  activities: 'Activities',
  tourOptions: 'Tour options',
  ticketRates: 'Ticket rates',
  transferRates: 'Transfer rates',
  stopSales: 'Stop-sales',
  areaTransfers: 'Area transfers',
  combos: 'Combos',
  drivers: 'Drivers',
  locations: 'Locations',
};

/** The whole master data of the site at a glance (`dmc/getAllDmcData`). */
function Overview() {
  const data = useApi(getAllDmcData, {});
  return (
    <AsyncContent data={data.data} error={data.error} onRetry={() => void data.mutate()} loadingLabel="Loading counts">
      {({ counts, cities }) => (
        <Stack gap="sm">
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
            spacing="sm"
            component="dl"
            aria-label="Records per master"
          >
            {(Object.keys(COUNT_LABELS) as (keyof TDmcCounts)[]).map((k) => (
              <Paper key={k} withBorder p="sm">
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {COUNT_LABELS[k]}
                </Text>
                <Text component="dd" m={0} fz={24} fw={700}>
                  {counts[k]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Cities:
            </Text>
            {cities.length === 0 ? (
              <Text size="sm">none yet</Text>
            ) : (
              cities.map((c) => (
                <Badge key={c.cityId} variant="light">
                  {c.cityName}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
      )}
    </AsyncContent>
  );
}

type Imported = ResponseIn<typeof importDmcData>;
type Stage = { step: 'reading'; read: number } | { step: 'sending'; dryRun: boolean } | null;

/**
 * Bulk import of the workbook the export writes: the server checks every row of every sheet first and
 * writes nothing when any is wrong; each problem is listed here by sheet, row and column.
 */
function ImportPanel({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>(null);
  const [result, setResult] = useState<Imported | null>(null);
  const [refused, setRefused] = useState<{ message: string; problems: ImportProblem[] } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const send = useAction(importDmcData, {
    success: (r) => (r.dryRun ? DMC_MSG.importChecked : DMC_MSG.imported),
    onSuccess: (r) => {
      setResult(r);
      if (!r.dryRun) onImported();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length)
        setRefused({ message: error.message, problems: importProblems(error.fieldErrors, DMC_SHEETS) });
    },
  });

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setResult(null);
    setRefused(null);
    setFileProblem(null);
    try {
      setStage({ step: 'reading', read: 0 });
      const base64 = await readAsBase64(file, (read) => setStage({ step: 'reading', read }));
      // The server says the same; checked here so a wrong or huge file is not uploaded at all.
      if (!base64.startsWith('UEsDB')) return setFileProblem(DMC_MSG.notSpreadsheet);
      if (base64.length > XLSX_BASE64_MAX) return setFileProblem(DMC_MSG.fileTooLarge);
      setStage({ step: 'sending', dryRun });
      await send.run({ file: base64, dryRun });
    } catch {
      setFileProblem('The file could not be read. Please choose it again.');
    } finally {
      setStage(null);
    }
  };

  const busy = stage !== null;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label="Workbook (.xlsx)"
          placeholder="Choose file"
          // The placeholder speaks for an empty file field: readable grey, not the lighter placeholder one.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
            setRefused(null);
            setFileProblem(null);
          }}
          clearable
          disabled={busy}
          w={320}
          maw="100%"
          error={fileProblem}
        />
        <Button variant="default" onClick={() => void run(true)} disabled={!file || busy}>
          Check only
        </Button>
        <Button
          onClick={() => void run(false)}
          disabled={!file || busy}
          loading={stage?.step === 'sending' && !stage.dryRun}
        >
          Import
        </Button>
      </Group>
      {stage && (
        <Stack gap={4} role="status">
          <Text size="sm">
            {stage.step === 'reading'
              ? `Reading the file… ${Math.round(stage.read * 100)}%`
              : stage.dryRun
                ? 'Checking every row…'
                : 'Checking every row, then writing them in one go…'}
          </Text>
          <Progress
            aria-label="Import progress"
            value={stage.step === 'reading' ? stage.read * 100 : 100}
            animated={stage.step === 'sending'}
            striped={stage.step === 'sending'}
          />
        </Stack>
      )}
      {result && (
        <Alert color="teal" title={result.dryRun ? DMC_MSG.importChecked : DMC_MSG.imported}>
          <Table aria-label="Rows per sheet" verticalSpacing={2} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sheet</Table.Th>
                <Table.Th>{result.dryRun ? 'Would create' : 'Created'}</Table.Th>
                <Table.Th>{result.dryRun ? 'Would update' : 'Updated'}</Table.Th>
                <Table.Th>Unchanged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(result.sheets).map(([sheet, n]) => (
                <Table.Tr key={sheet}>
                  <Table.Td>{sheet}</Table.Td>
                  <Table.Td>{n.created}</Table.Td>
                  <Table.Td>{n.updated}</Table.Td>
                  <Table.Td>{n.unchanged}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      )}
      {refused && (
        <Stack gap="xs">
          <Alert color="red" title={refused.message} role="alert">
            Nothing was written. Correct these rows in the workbook and import it again.
          </Alert>
          <DataTable
            label="Problems in the workbook"
            rows={refused.problems}
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
  );
}

/**
 * /staff/dmc-data-management (spec 001 §2): counts per master, and the whole master data
 * as one .xlsx workbook (one sheet per master) to download, edit and import back.
 */
export default function DataManagementPage() {
  const canImport = usePermission('dmc.importData');
  const counts = useApi(getAllDmcData, {});
  return (
    <DmcPage title="DMC Data" permission="dmc.masters">
      <Overview />
      <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Export
          </Title>
          <Text size="sm" c="dimmed">
            One workbook, one sheet per master ({DMC_SHEETS.join(', ')}), with each record&apos;s id so an edited copy
            updates the same records when imported.
          </Text>
          <ExportButton endpoint={exportDmcData} input={() => ({})} label="Download .xlsx" variant="filled" />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Import
          </Title>
          <Text size="sm" c="dimmed">
            Rows with an id update that record, rows without one are created. Every row is checked before anything is
            written: one problem anywhere and nothing is imported.
          </Text>
          {canImport ? (
            <ImportPanel onImported={() => void counts.mutate()} />
          ) : (
            <Alert color="gray">Importing needs the “Import DMC masters and rates” permission.</Alert>
          )}
        </Stack>
      </Paper>
    </DmcPage>
  );
}
