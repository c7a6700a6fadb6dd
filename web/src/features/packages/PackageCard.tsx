import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TPackageCard } from '@tp/contracts/endpoints/packages';
import { durationLabel } from '@tp/domain/packages';
import { formatMoney } from '#shared/format.ts';
import { packagePath } from './links.ts';
import classes from './packages.module.css';

/**
 * A package in the list: its cover, name, destination, length and price from; the whole card opens it. `first`:
 * the card is in the first row, so its cover (the page's largest paint) is asked for at once, not after layout.
 */
export function PackageCard({ p, first = false }: { p: TPackageCard; first?: boolean }) {
  return (
    <Card role="listitem" withBorder radius="md" padding={0} className={classes.card}>
      {p.image ? (
        <Image
          src={p.image.url}
          alt={p.image.caption}
          h={180}
          fit="cover"
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
      ) : (
        <div className={classes.noImage} aria-hidden="true">
          {p.destination}
        </div>
      )}
      <Stack gap={6} p="md" style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {p.destination}
          </Text>
          {p.supplierName && (
            <Badge variant="light" color="grape" size="sm">
              {p.supplierName}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4">
          <Link to={packagePath(p)} className={classes.cardLink}>
            {p.title}
          </Link>
        </Title>
        <Text size="sm">{durationLabel(p.days, p.nights)}</Text>
        <Text mt="auto" size="sm">
          From{' '}
          <Text span fw={700} size="lg">
            {formatMoney(p.price, p.currency)}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            {p.priceBasis}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
}
