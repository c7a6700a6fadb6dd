import { Stack, Text, Title } from '@mantine/core';
import { exportWalletBalances } from '@tp/contracts/endpoints/wallet';
import { ExportButton } from '#shared/ExportButton.tsx';

/**
 * /staff/downloadBalances: every wallet balance of the site as an Excel file. The file is made by an export job on
 * the server (a site can hold tens of thousands of wallets) and handed over as a link, with its progress here and
 * under Your exports.
 */
export default function DownloadBalancesPage() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Download Balances
      </Title>
      <Text>An Excel file with the wallet balance of every customer of this site.</Text>
      <ExportButton endpoint={exportWalletBalances} input={() => ({})} variant="default" />
    </Stack>
  );
}
