import { Alert, List } from '@mantine/core';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';

/**
 * Flagged before saving (issue #13 item 2): the saved rates the one being edited would overlap (same market
 * and slot, a shared day and party size). A warning, not a refusal: priority decides which one prices.
 */
export function OverlapWarning({ overlaps }: { overlaps: string[] }) {
  if (overlaps.length === 0) return null;
  return (
    <Alert color="yellow" title={DMC_MSG.overlapWarning(overlaps.length)} role="status">
      <List size="sm">
        {overlaps.map((o) => (
          <List.Item key={o}>{o}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
