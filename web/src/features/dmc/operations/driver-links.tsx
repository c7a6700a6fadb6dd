/**
 * Driver links: per driver, generate a link (the token is shown this once: copy it or share it
 * on WhatsApp), see until when the live one works, revoke it. A new link replaces the old one.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  DMC_OPS_MSG,
  generateDriverAccessToken,
  getDriverAccessToken,
  revokeDriverAccessToken,
  type TOpsDriver,
} from '@tp/contracts/endpoints/dmc-operations';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { copyText } from '#shared/clipboard.ts';
import { formatDateTime } from '#shared/format.ts';
import { Modal } from '#shared/Modal.tsx';

/** wa.me wants the number as digits only, country code first; without a phone the driver is picked in WhatsApp. */
export const whatsappLink = (phone: string, text: string): string => {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?${new URLSearchParams({ text })}`;
};

function DriverLinkRow({ driver }: { driver: TOpsDriver }) {
  const live = useApi(getDriverAccessToken, { driverId: driver.driverId });
  const [issued, setIssued] = useState<{ url: string; expiresAt: string } | null>(null);
  const generate = useAction(generateDriverAccessToken, {
    success: DMC_OPS_MSG.linkGenerated,
    onSuccess: (r) => {
      setIssued(r);
      return live.mutate();
    },
  });
  const revoke = useAction(revokeDriverAccessToken, {
    success: DMC_OPS_MSG.linkRevoked,
    onSuccess: () => {
      setIssued(null);
      return live.mutate();
    },
  });
  const link = live.data?.link;
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <div>
            <Text fw={600}>{driver.driverName}</Text>
            <Text size="sm" c="dimmed">
              {live.data === undefined
                ? 'Checking link…'
                : link
                  ? `Link works until ${formatDateTime(link.expiresAt)}`
                  : 'No live link'}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              loading={generate.busy}
              aria-label={`${link ? 'New link' : 'Generate link'} for ${driver.driverName}`}
              onClick={() => void generate.run({ driverId: driver.driverId })}
            >
              {link ? 'New link' : 'Generate link'}
            </Button>
            {link && (
              <ActionButton
                label="Revoke link"
                subject={`of ${driver.driverName}`}
                color="red"
                variant="light"
                confirm={`${driver.driverName}'s link stops working at once.`}
                run={() => revoke.run({ driverId: driver.driverId })}
              />
            )}
          </Group>
        </Group>
        {issued && (
          <Stack gap={6}>
            <Text size="sm">
              Copy it now: it is shown only this once. Works until {formatDateTime(issued.expiresAt)}.
            </Text>
            <TextInput
              label={`Link for ${driver.driverName}`}
              readOnly
              value={issued.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void copyText(issued.url)}>
                Copy link
              </Button>
              <Anchor
                href={whatsappLink(
                  driver.phone,
                  `Your job sheet: ${issued.url} (works until ${formatDateTime(issued.expiresAt)})`,
                )}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                Share on WhatsApp
              </Anchor>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function DriverLinksDialog({
  opened,
  onClose,
  drivers,
}: {
  opened: boolean;
  onClose: () => void;
  drivers: TOpsDriver[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Driver links" size="lg">
      {opened && (
        <Stack gap="sm" component="ul" aria-label="Driver links" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {drivers.length === 0 && <Text c="dimmed">No drivers yet: add them under DMC Master → Drivers.</Text>}
          {drivers.map((d) => (
            <DriverLinkRow key={d.driverId} driver={d} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
