import { Box } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';
import { CreditAlerts } from './CreditAlerts.tsx';

/** The wallet page shows the alerts with the balance itself: the banner stays off there. */
const WALLET_PAGES = new Set(['/user/transactionHistory']);

/**
 * The app shell's credit banner for customers who book from a wallet: open alerts only, nothing while there
 * are none. Loaded lazily by the shell (this chunk holds the wallet contract), and quiet on failure.
 */
export default function CreditBanner() {
  const { pathname } = useLocation();
  const balance = useApi(getWalletBalance, {}, { call: { handling: 'none' } });
  if (WALLET_PAGES.has(pathname) || !balance.data?.alerts?.length) return null;
  return (
    <Box mb="md">
      <CreditAlerts balance={balance.data} />
    </Box>
  );
}
