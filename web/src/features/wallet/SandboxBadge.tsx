import { Badge, Box, Tooltip } from '@mantine/core';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { useApi } from '#api/hooks.ts';

/**
 * Staff header badge: this site takes play money (the sandbox gateway or PhonePe's SANDBOX
 * environment), so nobody mistakes a test payment for a real one. Loaded lazily, for staff only.
 */
export default function SandboxBadge() {
  const { data } = useApi(getActiveGateway, {}, { call: { handling: 'none' } });
  if (!data?.isSandbox) return null;
  return (
    <Tooltip label={`Payments on this site go through ${data.label}: no real money moves`}>
      <Badge color="orange" variant="filled" tabIndex={0}>
        {/* Short on phones, where the header also holds the brand and the menu. */}
        <Box component="span" visibleFrom="xs">
          Sandbox payments
        </Box>
        <Box component="span" hiddenFrom="xs">
          Sandbox
        </Box>
      </Badge>
    </Tooltip>
  );
}
