import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** A titled part of a screen (h2), with an optional explanation and actions on the right. */
export function Section({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
