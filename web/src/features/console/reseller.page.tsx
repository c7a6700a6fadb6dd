import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { SOLD_MODULE_LABELS, getReseller, listResellers, type TReseller } from '@tp/contracts/endpoints/console';
import { gstStateOf } from '@tp/domain/gst';
import { apiKey, useApi } from '#api/hooks.ts';
import { keysOf } from '#api/action.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';
import { AdminInvite } from './AdminInvite.tsx';
import { AuditTrail, useAuditTrail } from './AuditTrail.tsx';
import { GoLiveChecklist } from './GoLiveChecklist.tsx';
import { SuspendControls } from './SuspendControls.tsx';
import { GoLiveBadge, ResellerStatus, monthFigures, monthName } from './shared.tsx';

const SUPPLIER: Record<TReseller['supplierMode'], string> = {
  none: 'Not yet chosen',
  tbo: 'TBO (own account)',
  simulator: 'Simulator (test stages)',
};
const GATEWAY: Record<TReseller['gatewayMode'], string> = {
  none: 'Not yet chosen',
  phonepe: 'PhonePe',
  sandbox: 'Sandbox (test stages)',
};

/** The reseller's own site, on this console's scheme and port (`acme.localhost:4000` locally). */
const siteUrl = (domain: string): string => {
  const { protocol, port } = window.location;
  return `${protocol}//${domain}${port && !domain.includes(':') ? `:${port}` : ''}/app/`;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={16} h={16} bg={colour} style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-4)' }} />
      <Text size="sm">
        {label} {colour}
      </Text>
    </Group>
  );
}

function ResellerView({
  reseller,
  onWritten,
  onGoLive,
}: {
  reseller: TReseller;
  onWritten: (r: TReseller) => void;
  onGoLive: () => void;
}) {
  const figures = monthFigures(reseller.month);
  const le = reseller.legalEntity;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {reseller.companyName}
          </Title>
          <Group gap="xs">
            <ResellerStatus status={reseller.status} />
            <GoLiveBadge state={reseller.goLive} />
          </Group>
        </Stack>
        <SuspendControls reseller={reseller} onWritten={onWritten} />
      </Group>
      {reseller.suspension && (
        <Text size="sm" c="dimmed" role="status">
          Suspended {formatDateTime(reseller.suspension.at)} by {reseller.suspension.by}: {reseller.suspension.reason}
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="Details">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Domains">
              <Stack gap={0}>
                {reseller.domains.map((d) => (
                  <Anchor key={d} href={siteUrl(d)} target="_blank" rel="noopener noreferrer">
                    {d}
                  </Anchor>
                ))}
              </Stack>
            </Field>
            <Field label="Support">
              {reseller.adminEmail}
              <br />
              {reseller.adminContact}
            </Field>
            <Field label="Sells">
              <Group gap={4}>
                {reseller.modules.map((m) => (
                  <Badge key={m} variant="outline" color="gray" tt="none">
                    {SOLD_MODULE_LABELS[m]}
                  </Badge>
                ))}
              </Group>
            </Field>
            <Field label="Flight supplier · payment gateway">
              {SUPPLIER[reseller.supplierMode]} · {GATEWAY[reseller.gatewayMode]}
            </Field>
            <Field label="Branding">
              <Stack gap={4}>
                <Swatch colour={reseller.branding.primary} label="Primary" />
                <Swatch colour={reseller.branding.secondary} label="Secondary" />
              </Stack>
            </Field>
            <Field label="Onboarded">
              {formatDateTime(reseller.createdAt)} by {reseller.createdBy}
            </Field>
          </SimpleGrid>
        </Panel>
        <Stack gap="md">
          <Panel title="Legal entity">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Legal name">{le.legalName}</Field>
              <Field label="State">{gstStateOf(le.state)?.name ?? le.state}</Field>
              <Field label="GSTIN">{le.gstin}</Field>
              <Field label="PAN">{le.pan}</Field>
              {le.address && <Field label="Address">{le.address}</Field>}
            </SimpleGrid>
          </Panel>
          <Panel title={monthName(reseller.month.month)}>
            <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
              <Field label="Searches">{figures.searches}</Field>
              <Field label="Bookings">{figures.bookings}</Field>
              <Field label="Look-to-book">{figures.lookToBook}</Field>
              <Field label="Revenue">{figures.revenue}</Field>
            </SimpleGrid>
          </Panel>
        </Stack>
      </SimpleGrid>

      <Panel title="Super admin">
        <AdminInvite reseller={reseller} onWritten={onWritten} />
      </Panel>
      <Panel title="Go-live checklist">
        <GoLiveChecklist siteId={reseller.siteId} onChanged={onGoLive} />
      </Panel>
    </Stack>
  );
}

/**
 * /console/resellers/:siteId: one reseller: its details, this month's business, its first super admin's
 * invitation, suspend / reactivate, the go-live checklist of its domains and the operators' changes to it.
 */
export default function ResellerPage() {
  const { siteId = '' } = useParams();
  const { mutate } = useSWRConfig();
  const reseller = useApi(getReseller, { siteId });
  const trail = useAuditTrail(siteId);
  // Every write answers the reseller as it now is: shown at once, and the list and the trail read again.
  const onWritten = (fresh: TReseller) => {
    void mutate(apiKey(getReseller, { siteId }), fresh, { revalidate: false });
    void mutate(keysOf([listResellers]));
    void trail.reload();
  };
  return (
    <Stack gap="md" id="console-screen">
      <Group>
        <Button component={Link} to="/console" variant="subtle" size="xs" px={0}>
          ← All resellers
        </Button>
      </Group>
      <AsyncContent
        data={reseller.data}
        error={reseller.error}
        onRetry={() => void reseller.mutate()}
        loadingLabel="Loading the reseller"
      >
        {(r) => <ResellerView reseller={r} onWritten={onWritten} onGoLive={() => void trail.reload()} />}
      </AsyncContent>
      <Paper withBorder p={{ base: 'sm', xs: 'md' }} component="section" aria-label="Audit trail">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Audit trail
          </Title>
          <AuditTrail trail={trail} label="Changes to this reseller" />
        </Stack>
      </Paper>
    </Stack>
  );
}
