import type { ReactNode } from 'react';
import { Badge, Button, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { ActionButton } from '#shared/ActionButton.tsx';

/** One of the three columns: a titled panel with its Add button. */
export function VisaPanel({
  title,
  action,
  footer,
  children,
}: {
  title: string;
  action?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
      {footer}
    </Paper>
  );
}

/** A selectable row with its edit and delete buttons beside it (never inside: no nested controls). */
export function VisaRow({
  label,
  description,
  count,
  active,
  onSelect,
  onEdit,
  onDelete,
  confirm,
}: {
  label: string;
  description?: string;
  count?: number;
  active?: boolean;
  onSelect?: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  confirm: string;
}) {
  return (
    <Group component="li" gap={4} wrap="nowrap" align="center">
      {onSelect ? (
        <NavLink
          component="button"
          type="button"
          label={label}
          description={description}
          active={active}
          aria-current={active ? 'true' : undefined}
          onClick={onSelect}
          rightSection={
            count !== undefined ? (
              <Badge variant="outline" color="gray.7">
                {count}
              </Badge>
            ) : undefined
          }
          style={{ flex: 1, minWidth: 0, borderRadius: 4 }}
          // Dimmed text is too faint on the active row's tint (WCAG AA contrast).
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
      ) : (
        <Stack gap={0} style={{ flex: 1 }} px="xs" py={6}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      )}
      <Button size="xs" variant="subtle" onClick={onEdit} aria-label={`Edit ${label}`} style={{ flex: 'none' }}>
        Edit
      </Button>
      <ActionButton
        label="Delete"
        subject={label}
        color="red"
        variant="subtle"
        confirm={confirm}
        run={onDelete}
        style={{ flex: 'none' }}
      />
    </Group>
  );
}

/** The rows of a panel, as a list. */
export const VisaRows = ({ children }: { children: ReactNode }) => (
  <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
    {children}
  </Stack>
);
