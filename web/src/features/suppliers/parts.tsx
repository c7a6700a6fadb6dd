import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useSWRConfig } from 'swr';
import type { Endpoint } from '@tp/contracts/endpoint';
import type { LinkStatus } from '@tp/domain/supplier-links';
import { keysOf } from '#api/action.ts';
import { safeUrl } from '#lib/redirects.ts';
import { StatusBadge as StatusChip } from '#shared/StatusBadge.tsx';
import type { SupplierCategory } from '@tp/contracts/endpoints/suppliers';
import { CATEGORY_LABEL, STATUS_COLOR, SUPPLIER_TEXT } from './links.ts';

/** A link or request status chip (spec 000 §3: Approved, Rejected, Pending, Suspended). */
export function StatusBadge({ status }: { status: LinkStatus | null }) {
  if (!status)
    return (
      <Badge variant="outline" color="gray">
        {SUPPLIER_TEXT.notRequested}
      </Badge>
    );
  return <StatusChip status={status} color={STATUS_COLOR[status]} />;
}

/** Another site: logo (initials when it has none or it fails), company name and domain. */
export function SiteIdentity({
  companyName,
  domain,
  logoUrl,
  order = 3,
}: {
  companyName: string;
  domain: string;
  logoUrl: string;
  order?: 3 | 4;
}) {
  const initials = companyName
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={safeUrl(logoUrl)} alt="" radius="sm" color="brand" imageProps={{ loading: 'lazy' }}>
        {initials}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size={order === 3 ? 'lg' : 'md'} component={order === 3 ? 'h3' : 'h4'} m={0} lh={1.3} truncate>
          {companyName}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {domain}
        </Text>
      </div>
    </Group>
  );
}

/** Re-reads every cached call of an endpoint, whatever its input (another section's list changed). */
export function useRefresh() {
  const { mutate } = useSWRConfig();
  // Key only (no data argument): SWR revalidates and keeps showing the current data meanwhile.
  return (...endpoints: Pick<Endpoint, 'id'>[]) => mutate(keysOf(endpoints));
}

/**
 * One link, request or consumer as a card: who (site identity), which category, its status, any extra
 * badges, then the card's own body (facts, switches, actions).
 */
export function LinkCard({
  label,
  site,
  category,
  status,
  badges,
  children,
}: {
  label: string;
  site: { companyName: string; domain: string; logoUrl: string };
  category: SupplierCategory;
  status: LinkStatus | null;
  badges?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="article" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SiteIdentity companyName={site.companyName} domain={site.domain} logoUrl={site.logoUrl} />
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {CATEGORY_LABEL[category]}
            </Text>
            <StatusBadge status={status} />
            {badges}
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
