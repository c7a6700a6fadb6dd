import { useState, type DragEvent, type ReactNode } from 'react';
import { ActionIcon, Box, Center, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useSmallScreen, type Column } from '#shared/DataTable.tsx';

const Arrow = ({ up }: { up: boolean }) => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
    <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
  </svg>
);

const Grip = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
    {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}${y}`} cx={x} cy={y} r="1.8" />))}
  </svg>
);

/**
 * Rates in the order the rate engine tries them, top first (docs/dmc.md "Priority"). Rows are dragged to a
 * new place, or moved one step with the Move up / Move down buttons (keyboard and touch); `onMove(from, to)`
 * gets positions in `rows`. While a move is saved, the controls wait.
 */
export function PriorityTable<R extends { id: string }>({
  label,
  rows,
  columns,
  subject,
  onMove,
  moving,
  actions,
  empty,
  minWidth = 860,
}: {
  label: string;
  rows: R[];
  columns: Column<R>[];
  subject: (row: R) => string;
  onMove: (from: number, to: number) => void;
  moving: boolean;
  actions: (row: R) => ReactNode;
  empty: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}) {
  const small = useSmallScreen();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (rows.length === 0)
    return (
      <Center py="lg">
        <Text c="dimmed" role="status">
          {empty}
        </Text>
      </Center>
    );

  const moveButtons = (row: R, i: number) => (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${subject(row)} up`}
        disabled={moving || i === 0}
        onClick={() => onMove(i, i - 1)}
      >
        <Arrow up />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${subject(row)} down`}
        disabled={moving || i === rows.length - 1}
        onClick={() => onMove(i, i + 1)}
      >
        <Arrow up={false} />
      </ActionIcon>
    </Group>
  );

  if (small)
    return (
      <Stack gap="sm" component="ol" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row, i) => (
          <Paper key={row.id} withBorder p="sm" component="li">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} size="sm">
                  #{i + 1}
                </Text>
                {moveButtons(row, i)}
              </Group>
              {columns.map((c) => (
                <Group key={c.key} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Text size="xs" c="dimmed" fw={600}>
                    {c.header}
                  </Text>
                  <Box ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c.render(row)}
                  </Box>
                </Group>
              ))}
              <Group justify="flex-end" gap={4}>
                {actions(row)}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  const dropOn = (i: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragged !== null && dragged !== i) onMove(dragged, i);
    setDragged(null);
    setOver(null);
  };
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>Order</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.header}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr
              key={row.id}
              draggable={!moving}
              aria-label={`#${i + 1} ${subject(row)}`}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', row.id);
                setDragged(i);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(i);
              }}
              onDragLeave={() => setOver((o) => (o === i ? null : o))}
              onDrop={dropOn(i)}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              style={{
                cursor: moving ? 'progress' : 'grab',
                opacity: dragged === i ? 0.5 : 1,
                outline: over === i && dragged !== i ? '2px dashed var(--mantine-color-brand-6)' : undefined,
              }}
            >
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Box c="dimmed" style={{ display: 'flex' }} title="Drag to reorder">
                    <Grip />
                  </Box>
                  <Text size="sm" fw={600}>
                    {i + 1}
                  </Text>
                  {moveButtons(row, i)}
                </Group>
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.key} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {c.render(row)}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {actions(row)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
