import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/** A visa page's trail (Visas › country › category), its title and a line under it. */
export function VisaHeader({ crumbs, title, intro }: { crumbs: Crumb[]; title: string; intro?: ReactNode }) {
  return (
    <Stack gap={6}>
      {crumbs.length > 0 && (
        <Breadcrumbs
          component="nav"
          aria-label="Breadcrumb"
          separatorMargin={6}
          styles={{ root: { flexWrap: 'wrap' } }}
        >
          {crumbs.map((c) =>
            c.to ? (
              <Anchor key={c.label} component={Link} to={c.to} size="sm">
                {c.label}
              </Anchor>
            ) : (
              <Text key={c.label} size="sm" c="dimmed" aria-current="page">
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
    </Stack>
  );
}
