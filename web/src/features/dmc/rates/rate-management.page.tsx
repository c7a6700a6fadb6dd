import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { getTourOptions, type TTourOption } from '@tp/contracts/endpoints/dmc';
import { useApi } from '#api/hooks.ts';
import { usePermission } from '#shared/usePermission.ts';
import { DmcPage } from '../shared/page.tsx';
import { ActivitySelect, MarketSelect, TourOptionSelect } from '../shared/pickers.tsx';
import { PriceCheck } from './price-check.tsx';
import { StopSales } from './stop-sales.tsx';
import { TicketRates } from './ticket-rates.tsx';
import { TransferRates } from './transfer-rates.tsx';

/**
 * /staff/dmc_rate_management (spec 001 §2): per tour option, its ticket and transfer rates in priority order,
 * its stop-sales, and a price check through the rate engine.
 */
export default function RateManagementPage() {
  const [activityId, setActivityId] = useState<string | null>(null);
  const [tourOptionId, setTourOptionId] = useState<string | null>(null);
  const [marketId, setMarketId] = useState<string | null>(null);
  const canPrice = usePermission('dmc.karts');
  // The chosen option's record (flags, name) from the activity's list the picker already loaded.
  const options = useApi(getTourOptions, activityId ? { activityId, limit: 50 } : null);
  const option: TTourOption | undefined = options.data?.records.find((o) => o.id === tourOptionId);
  return (
    <DmcPage
      title="Rate Management"
      permission="dmc.masters"
      intro="Choose an activity and one of its tour options to see and change its rates."
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <ActivitySelect
          value={activityId}
          onChange={(v) => {
            setActivityId(v);
            setTourOptionId(null);
          }}
          w={300}
        />
        <TourOptionSelect
          activityId={activityId}
          value={tourOptionId}
          onChange={setTourOptionId}
          disabled={!activityId}
          w={300}
        />
        <MarketSelect
          label="Show market"
          value={marketId}
          onChange={setMarketId}
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
      ) : (
        <Text c="dimmed" ta="center" py="xl" role="status">
          No tour option chosen yet.
        </Text>
      )}
    </DmcPage>
  );
}
