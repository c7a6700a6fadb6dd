import { Button, Stack, Text, Title } from '@mantine/core';
import { getWalletBalances } from '@tp/contracts/endpoints/wallet';
import type { ResponseOf } from '@tp/contracts/endpoint';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';

type Row = ResponseOf<typeof getWalletBalances>['records'][number];

async function allBalances(): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(getWalletBalances, { cursor, limit: 100 });
    rows.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}

/** /staff/downloadBalances: every wallet balance of the site as an Excel file (exceljs, loaded on demand). */
export default function DownloadBalancesPage() {
  const downloading = useAction(
    async () => {
      const [rows, { default: ExcelJS }] = await Promise.all([allBalances(), import('exceljs')]);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Balances');
      sheet.columns = [
        { header: 'Legal entity', key: 'name', width: 32 },
        { header: 'Legal entity id', key: 'legalEntityId', width: 28 },
        { header: 'Balance', key: 'balance', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Credit limit', key: 'creditLimit', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Available', key: 'available', width: 14, style: { numFmt: '#,##0.00' } },
        { header: 'Currency', key: 'currency', width: 10 },
      ];
      sheet.getRow(1).font = { bold: true };
      sheet.addRows(rows);
      const blob = new Blob([await book.xlsx.writeBuffer()], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `wallet-balances-${new Date().toISOString().slice(0, 10)}.xlsx`;
      a.click();
      URL.revokeObjectURL(a.href);
      toastSuccess(`Downloaded ${rows.length} balances`);
    },
    {
      onError: () => toastError('Download failed. Please try again.'),
    },
  );
  const download = () => downloading.run(undefined);
  return (
    <Stack gap="md" maw={520}>
      <Title order={1} size="h2">
        Download Balances
      </Title>
      <Text>An Excel file with the wallet balance of every customer of this site.</Text>
      <Button onClick={() => void download()} loading={downloading.busy} w="fit-content">
        Download Excel
      </Button>
    </Stack>
  );
}
