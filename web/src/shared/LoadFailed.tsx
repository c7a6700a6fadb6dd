import { Button, Group, Text } from '@mantine/core';
import * as MSG from '@tp/contracts/messages';

/**
 * Above a list whose first page did not load (the API client has already toasted why): the reader gets a way to
 * try again. AsyncContent draws the same state for a panel that has nothing to show meanwhile.
 */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Group gap="xs" role="alert">
      <Text size="sm" c="dimmed">
        {MSG.someError}
      </Text>
      <Button variant="light" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}
