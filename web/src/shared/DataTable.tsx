import { useDeferredValue, type ReactNode } from 'react';
import { Box, Center, Group, Paper, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TIMING } from '@tp/contracts/platform';
import { Pager } from './Pager.tsx';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Cell width on the desktop table. */
  width?: number | string;
  /** Keeps short values (dates, phone numbers) on one line in the table. */
  nowrap?: boolean;
}

/** Small screens (spec 000 §9: 600 px or less) get stacked cards instead of a table. */
export const SMALL_SCREEN_QUERY = `(max-width: ${TIMING.smallScreenPx}px)`;
// Read on the first render: with the default (read in an effect) a phone rendered every list twice, first as a
// table and then, after that effect, as cards.
export const useSmallScreen = (): boolean =>
  useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;

const SKELETON_ROWS = 5;

/**
 * A list of records: a table on desktop, one card per record on small screens, with loading
 * skeletons, an empty message and optional server-side pages (the shared Pager).
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  loading,
  empty,
  paging,
  minWidth = 720,
}: {
  /** Accessible name of the table (and of the card list). */
  label: string;
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  loading?: boolean;
  empty: string;
  /** Server-side pages (from 1); the controls show while there is more than one page. */
  paging?: { page: number; totalPages: number; totalRecords: number; onChange: (page: number) => void };
  /** Below this width the desktop table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}) {
  const small = useSmallScreen();
  // A page of records renders in a transition React can cut into slices, so a 50-row answer does not hold the main
  // thread in one task; until it has rendered, the skeleton (or the previous page) stays.
  const shown = useDeferredValue(rows);
  const waiting = loading || shown !== rows;
  const showSkeleton = waiting && !shown?.length;
  const list = shown ?? [];
  // Rows of the previous input stay on screen while another filter's answer comes (keepPreviousData): the list says
  // it is busy (assistive technology, tests) and a thin bar says so to the eye, so nobody acts on rows about to go.
  const refreshing = waiting && list.length > 0;
  // The skeleton is named apart from the loaded list, so that nothing reading the list by its name reads the skeleton.
  const busyLabel = `${label} (loading)`;

  let body: ReactNode;
  if (showSkeleton) {
    body = small ? (
      <Stack gap="sm" aria-busy="true" aria-label={busyLabel}>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </Stack>
    ) : (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table aria-label={busyLabel} aria-busy="true">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else if (list.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed" role="status">
          {empty}
        </Text>
      </Center>
    );
  } else if (small) {
    body = (
      <Stack
        gap="sm"
        component="ul"
        aria-label={label}
        aria-busy={refreshing || undefined}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.map((row) => (
          <Paper key={rowKey(row)} withBorder p="sm" component="li">
            <Stack gap={6}>
              {columns.map((c) => (
                <Group key={c.key} gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                  {c.header && (
                    <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0 }}>
                      {c.header}
                    </Text>
                  )}
                  <Box ta={c.header ? 'right' : 'left'} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.render(row)}
                  </Box>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table aria-label={label} aria-busy={refreshing || undefined} striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Box pos="relative">
        {refreshing && (
          // Over the list's top edge, so the rows do not move when it comes and goes.
          <Progress value={100} animated size={3} aria-hidden="true" pos="absolute" top={0} left={0} right={0} />
        )}
        {body}
      </Box>
      {paging && <Pager {...paging} />}
    </Stack>
  );
}
