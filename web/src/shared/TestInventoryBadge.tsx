import { Badge, Tooltip } from '@mantine/core';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';

/**
 * Marks an option or a booking the flight simulator invented, so nobody takes a test seat for a real one.
 * It reads the record's own `testInventory` (set by the simulator, kept on the booking), never the stage:
 * a real supplier's results on a stage that allows the simulator carry no badge.
 */
export function TestInventoryBadge({ of }: { of: { testInventory?: true | undefined } | null | undefined }) {
  if (!of?.testInventory) return null;
  return (
    <Tooltip label={SUPPLY_MSG.testInventoryHint}>
      <Badge color="yellow" variant="filled" autoContrast tabIndex={0} style={{ flexShrink: 0 }}>
        {SUPPLY_MSG.testInventory}
      </Badge>
    </Tooltip>
  );
}
