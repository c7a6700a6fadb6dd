import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A centred form panel: full width on small screens (≤ 600 px), a readable column above. */
export function FormCard({ title, children, width = 460 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'xl' }}
      mx="auto"
      my={{ base: 0, xs: 'xl' }}
      w="100%"
      maw={{ base: '100%', xs: width }}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
