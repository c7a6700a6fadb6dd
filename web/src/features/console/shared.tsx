import { useId, type ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminInviteState, GoLiveState, TReseller } from '@tp/contracts/endpoints/console';
import type { SiteStatus } from '@tp/contracts/endpoints/site';
import { formatMoney } from '#shared/format.ts';

export const ONBOARD_PATH = '/console/resellers/new';
export const resellerPath = (siteId: string) => `/console/resellers/${encodeURIComponent(siteId)}`;

/** A console screen: its heading, a line on what it is for, its buttons; the e2e checks look inside `#console-screen`. */
export function ConsolePage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" id="console-screen">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        {actions}
      </Group>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  );
}

const STATUS: Record<SiteStatus, [label: string, color: string]> = {
  active: ['Active', 'green'],
  suspended: ['Suspended', 'orange'],
};
const GO_LIVE: Record<GoLiveState, [label: string, color: string]> = {
  live: ['Live', 'green'],
  pending: ['Go-live pending', 'yellow'],
};
const INVITE: Record<AdminInviteState, [label: string, color: string]> = {
  invited: ['Invited', 'yellow'],
  active: ['Active', 'green'],
  revoked: ['Revoked', 'gray'],
};

const Chip = ([label, color]: [string, string]) => (
  <Badge variant="light" color={color}>
    {label}
  </Badge>
);
export const ResellerStatus = ({ status }: { status: SiteStatus }) => Chip(STATUS[status]);
export const GoLiveBadge = ({ state }: { state: GoLiveState }) => Chip(GO_LIVE[state]);
export const InviteBadge = ({ state }: { state: AdminInviteState }) => Chip(INVITE[state]);

/** This month's figures as the list and the reseller page show them. */
export const monthFigures = (month: TReseller['month']) => ({
  searches: month.searches.toLocaleString('en-IN'),
  bookings: month.bookings.toLocaleString('en-IN'),
  // Searches per booking; none before the month's first booking.
  lookToBook:
    month.lookToBook === null ? '—' : `${month.lookToBook.toLocaleString('en-IN', { maximumFractionDigits: 1 })} : 1`,
  revenue: formatMoney(month.revenue),
});

/** `2026-11` → `November 2026`. */
export const monthName = (month: string): string => {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};
