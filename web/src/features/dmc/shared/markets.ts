import { getDefaultMarketOptions } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { toastError } from '#lib/notify.ts';

/**
 * The site's markets as rate lists name them (rates carry only a market id), and the default market. One
 * call shared by every list and picker of a screen; 'Failed to fetch markets...' when it fails (§8).
 */
export function useMarkets() {
  const { data } = useApi(
    getDefaultMarketOptions,
    {},
    { call: { handling: 'navigation' }, onError: () => toastError(MSG.marketsFailed) },
  );
  const byId = new Map((data?.markets ?? []).map((m) => [m.marketId, m]));
  return {
    markets: data?.markets,
    defaultMarketId: data?.defaultMarketId ?? null,
    name: (id: string | null) => (id === null ? 'Every market' : (byId.get(id)?.name ?? id)),
    currency: (id: string) => byId.get(id)?.currency ?? '',
  };
}
