import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { KART_MSG, type TKart } from '@tp/contracts/endpoints/kart';
import { InvoiceLink } from '#features/invoices/index.ts';
import { ShareActions } from './ShareActions.tsx';
import { StatusBadges } from './status.tsx';

/** The print view of a saved quotation (our route, docs/dmc.md "Karts"). */
const printPath = (id: string) => `/staff/kart/${encodeURIComponent(id)}/print`;

/** The builder's title: the quotation's name, number, version and deadline, and its print, share and invoice links. */
export function KartHeading({ kart }: { kart: TKart | null }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3">
          {kart ? kart.kartName : 'New quotation'}
        </Title>
        {kart && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {kart.quotationId} · version {kart.version}
            </Text>
            <StatusBadges deadline={kart.deadline} />
          </Group>
        )}
      </Stack>
      {kart && (
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={printPath(kart.id)} size="sm">
            Print view
          </Anchor>
          <ShareActions
            kartId={kart.id}
            kartName={kart.kartName}
            share={kart.share}
            belowMinimum={kart.marginBelowMinimum}
          />
          {/* Issued when it is vouchered; a cancellation after that adds the credit note to the same page. */}
          {kart.isVouchered && <InvoiceLink source="kart" sourceId={kart.id} />}
        </Group>
      )}
    </Group>
  );
}

/** What the builder must say before any field: changed by someone else meanwhile, cancelled, or vouchered. */
export function KartNotices({
  kart,
  conflict,
  onReload,
}: {
  kart: TKart | null;
  conflict: boolean;
  onReload: () => void;
}) {
  const closed = kart?.isCancelled ?? false;
  return (
    <>
      {conflict && (
        <Alert color="orange" title="Changed meanwhile" role="alert">
          <Stack gap="xs">
            <Text size="sm">{KART_MSG.changedMeanwhile}</Text>
            <Group>
              <Button size="xs" onClick={onReload}>
                Reload
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {closed && (
        <Alert color="gray" role="status">
          This quotation is cancelled; it can no longer be changed.
        </Alert>
      )}
      {kart?.isVouchered && !closed && (
        <Alert color="blue" role="status">
          Vouchered: its transfers are on the job sheet. Changes must keep the vouchered rules.
        </Alert>
      )}
    </>
  );
}
