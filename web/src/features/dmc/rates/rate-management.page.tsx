import { Box, Group, Stack, Text } from '@mantine/core';
import { getTourOptions, type TTourOption } from '@tp/contracts/endpoints/dmc';
import { useApi } from '#api/hooks.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { DmcPage } from '../shared/page.tsx';
import { ActivitySelect, MarketSelect, TourOptionSelect } from '../shared/pickers.tsx';
import { useQueryState } from '../shared/tabs.ts';
import { PriceCheck } from './price-check.tsx';
import { StopSales } from './stop-sales.tsx';
import { TicketRates } from './ticket-rates.tsx';
import { TransferRates } from './transfer-rates.tsx';

/**
 * /staff/dmc_rate_management (spec 001 §2): per tour option, its ticket and transfer rates in priority order,
 * its stop-sales, and a price check through the rate engine. The choices live in the address
 * (`?activity=…&option=…&market=…`), so a reload or a shared link opens the same rates.
 */
export default function RateManagementPage() {
  const [query, setQuery] = useQueryState();
  const activityId = query.get('activity');
  const tourOptionId = query.get('option');
  const marketId = query.get('market');
  const canPrice = usePermission('dmc.karts');
  // The chosen option by its id: whatever page of the picker it was found on, or none when opened from a link.
  const options = useApi(getTourOptions, tourOptionId ? { id: tourOptionId } : null);
  const found: TTourOption | undefined = options.data?.records[0];
  const option = found && found.id === tourOptionId && found.activityId === activityId ? found : undefined;
  return (
    <DmcPage
      title="Rate Management"
      permission="dmc.masters"
      intro="Choose an activity and one of its tour options to see and change its rates."
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ActivitySelect
          value={activityId}
          valueLabel={found?.activityName}
          onChange={(v) => setQuery({ activity: v, option: null })}
          w={300}
        />
        <TourOptionSelect
          activityId={activityId}
          value={tourOptionId}
          valueLabel={found?.name}
          onChange={(v) => setQuery({ option: v })}
          disabled={!activityId}
          w={300}
        />
        <MarketSelect
          label="Show market"
          value={marketId}
          onChange={(v) => setQuery({ market: v })}
          clearable
          placeholder="Every market"
          w={240}
        />
      </Group>
      {option ? (
        <Stack gap="md" key={option.id}>
          {!option.hasTicket && (
            <Text size="sm" c="dimmed">
              This tour option is sold without a ticket: transfer rates alone price it.
            </Text>
          )}
          <TicketRates option={option} marketId={marketId} />
          <TransferRates option={option} marketId={marketId} />
          <StopSales option={option} />
          {canPrice && <PriceCheck option={option} />}
        </Stack>
      ) : tourOptionId && options.isLoading ? (
        <Box aria-busy="true">
          <PageLoader />
        </Box>
      ) : (
        <Text c="dimmed" ta="center" py="xl" role="status">
          No tour option chosen yet.
        </Text>
      )}
    </DmcPage>
  );
}
