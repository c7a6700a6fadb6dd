import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';

/**
 * Cursor pages (the wallet and payment lists): the server hands out `nextCursor`; going back walks a
 * stack of the cursors already used. Reset when the list's subject changes (key).
 */
export function useCursorPages(key: string) {
  const [state, setState] = useState<{ key: string; stack: (string | undefined)[] }>({ key, stack: [undefined] });
  const stack = state.key === key ? state.stack : [undefined];
  return {
    cursor: stack[stack.length - 1],
    page: stack.length,
    next: (cursor: string) => setState({ key, stack: [...stack, cursor] }),
    previous: () => setState({ key, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  };
}

export function CursorPager({
  page,
  nextCursor,
  onNext,
  onPrevious,
}: {
  page: number;
  nextCursor: string | null | undefined;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}) {
  if (page === 1 && !nextCursor) return null;
  return (
    <Group justify="space-between" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed">
        Page {page}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page === 1} onClick={onPrevious}>
          Previous page
        </Button>
        <Button variant="default" size="xs" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
          Next page
        </Button>
      </Group>
    </Group>
  );
}
