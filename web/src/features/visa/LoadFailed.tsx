import { Alert, Button, Group } from '@mantine/core';

/** One of the spec's visa failure texts, with a way to try again (the client did not toast it: inline only). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      {onRetry && (
        <Group>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
