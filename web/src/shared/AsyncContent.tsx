import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import * as MSG from '@tp/contracts/messages';

/**
 * The three states every list or panel fed by a call has besides its content: loading, failed (the
 * API client already toasted why; here the reader gets a way to try again) and empty.
 */
export function AsyncContent<T>({
  data,
  error,
  onRetry,
  loadingLabel,
  emptyText,
  isEmpty,
  children,
}: {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  /** What is loading, for screen readers ("Loading suppliers"). */
  loadingLabel: string;
  /** Shown when `isEmpty(data)`; the spec's texts are MSG.noResults and MSG.noRequests. */
  emptyText?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (data === undefined) {
    if (error) {
      return (
        <Stack align="center" gap="xs" py="lg" role="alert">
          <Text c="dimmed">{MSG.someError}</Text>
          <Button variant="light" size="xs" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      );
    }
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (emptyText && isEmpty?.(data)) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return <>{children(data)}</>;
}
