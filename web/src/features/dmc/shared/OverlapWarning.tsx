import { Alert, List } from '@mantine/core';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';

/**
 * Flagged before saving: the saved rates the one being edited would overlap (same market
 * and slot, a shared day and party size), named by `subject`. A warning, not a refusal: priority decides
 * which one prices.
 */
export function OverlapWarning<R extends { id: string }>({
  ids,
  saved,
  subject,
}: {
  ids: string[];
  saved: readonly R[];
  subject: (rate: R) => string;
}) {
  const named = ids.flatMap((id) => saved.filter((r) => r.id === id).map(subject));
  if (named.length === 0) return null;
  return (
    <Alert color="yellow" title={DMC_MSG.overlapWarning(named.length)} role="status">
      <List size="sm">
        {named.map((o) => (
          <List.Item key={o}>{o}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
