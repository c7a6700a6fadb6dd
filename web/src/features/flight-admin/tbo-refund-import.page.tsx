import { useMemo, useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { applyTboRefunds, previewTboRefunds, type TRefundRowResult } from '@tp/contracts/endpoints/flight-admin';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { toastError } from '#lib/notify.ts';
import { formatMoney } from '#shared/format.ts';
import { parseRefundSheet, TEMPLATE_HEADERS, type SheetRefundRow } from './refund-sheet.ts';
import { downloadXlsx } from './shared.tsx';

const PAGE_SIZE = 25;
const OUTCOME: Record<TRefundRowResult['outcome'], { label: string; color: string }> = {
  ready: { label: 'Matched', color: 'blue' },
  credited: { label: 'Credited', color: 'teal' },
  alreadyCredited: { label: 'Already credited', color: 'gray' },
  unmatched: { label: 'No match', color: 'orange' },
  invalid: { label: 'Invalid', color: 'red' },
};

const COLUMNS: Column<TRefundRowResult>[] = [
  { key: 'line', header: 'Row', render: (r) => r.line },
  { key: 'ticket', header: 'PNR / Ticket', render: (r) => `${r.pnr} · ${r.ticketNumber}` },
  {
    key: 'outcome',
    header: 'Result',
    render: (r) => (
      <Badge variant="light" color={OUTCOME[r.outcome].color}>
        {OUTCOME[r.outcome].label}
      </Badge>
    ),
  },
  { key: 'message', header: 'Details', render: (r) => r.message },
  { key: 'customer', header: 'Customer', render: (r) => r.customer ?? '—' },
  { key: 'amount', header: 'Refund', nowrap: true, render: (r) => (r.amount === null ? '—' : formatMoney(r.amount)) },
];

/**
 * /staff/tboRefundExcelImport (test hosts): upload TBO's refund statement, see each row matched to a
 * booking ticket's change request (or why not), then credit the matched refunds once.
 */
export default function TboRefundImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<SheetRefundRow[]>([]);
  const [results, setResults] = useState<TRefundRowResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState(false);
  const [page, setPage] = useState(1);

  // Reading is the sheet's parse and the server's match, as one step.
  const preview = useAction(
    async (f: File) => {
      const parsed = await parseRefundSheet(await f.arrayBuffer());
      setRows(parsed.rows);
      if (parsed.problem) return setProblem(parsed.problem);
      setResults((await call(previewTboRefunds, { rows: parsed.rows })).rows);
    },
    { onError: () => toastError('The file could not be read. Please try again.') },
  );
  const applying = useAction(applyTboRefunds, {
    success: 'Refunds applied',
    onSuccess: (out) => {
      setResults(out.rows);
      setApplied(true);
    },
  });
  const busy = preview.busy ? 'read' : applying.busy ? 'apply' : null;

  const read = async (f: File | null) => {
    setFile(f);
    setResults(null);
    setProblem(null);
    setApplied(false);
    setPage(1);
    if (f) await preview.run(f);
  };
  const apply = () => applying.run({ rows });

  const counts = useMemo(() => {
    const c: Partial<Record<TRefundRowResult['outcome'], number>> = {};
    for (const r of results ?? []) c[r.outcome] = (c[r.outcome] ?? 0) + 1;
    return c;
  }, [results]);
  const ready = counts.ready ?? 0;
  const totalPages = Math.max(1, Math.ceil((results?.length ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        TBO Refund Import
      </Title>
      <Text size="sm" c="dimmed">
        Columns: {TEMPLATE_HEADERS.join(', ')}. Each matched refund is credited to the customer&apos;s wallet once;
        importing the same file again credits nothing more.
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          label="Refund statement (.xlsx)"
          placeholder="Choose file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => void read(f)}
          clearable
          w={320}
          maw="100%"
          disabled={busy !== null}
        />
        <Button
          variant="subtle"
          onClick={() =>
            void downloadXlsx<Record<string, string>>(
              'tbo-refund-template.xlsx',
              'Refunds',
              TEMPLATE_HEADERS.map((h) => ({ header: h, key: h, width: 18 })),
              [],
            )
          }
        >
          Download template
        </Button>
      </Group>
      {busy === 'read' && <Text role="status">Reading the file…</Text>}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {results && (
        <>
          <Group gap="xs" wrap="wrap" aria-label="Summary">
            {(Object.keys(OUTCOME) as TRefundRowResult['outcome'][])
              .filter((k) => counts[k])
              .map((k) => (
                <Badge key={k} color={OUTCOME[k].color} variant="outline">
                  {OUTCOME[k].label}: {counts[k]}
                </Badge>
              ))}
          </Group>
          {!applied && (
            <Group>
              <Button onClick={() => void apply()} loading={busy === 'apply'} disabled={!ready}>
                Credit {ready} matched refund{ready === 1 ? '' : 's'}
              </Button>
            </Group>
          )}
          <DataTable
            label="Refund statement rows"
            rows={results.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
            columns={COLUMNS}
            rowKey={(r) => String(r.line)}
            empty="No rows."
            minWidth={760}
            paging={{ page, totalPages, totalRecords: results.length, onChange: setPage }}
          />
        </>
      )}
    </Stack>
  );
}
