import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The layout of the shell's message pages (not available, not found, forbidden). */
export function StatusPage({ title, children, code }: { title: string; children: ReactNode; code?: string }) {
  return (
    <Center mih="50vh" px="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        {code && (
          <Text c="dimmed" fw={700} fz={48} lh={1} aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Go to home page
        </Button>
      </Stack>
    </Center>
  );
}
