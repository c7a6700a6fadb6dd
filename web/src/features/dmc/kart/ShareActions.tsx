import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { KART_MSG, shareKart, type TKart } from '@tp/contracts/endpoints/kart';
import { useAction } from '#api/action.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { copyText } from '#shared/clipboard.ts';

type Share = NonNullable<TKart['share']>;

/** A WhatsApp message carrying the link (wa.me: the sender picks the chat). */
export const whatsAppLink = (url: string, kartName: string): string =>
  `https://wa.me/?text=${encodeURIComponent(`Your quotation "${kartName}": ${url}`)}`;

/**
 * Share link: freezes the current version under its public slug (`kart/shareKart`), copies the URL and shows the
 * version shared; WhatsApp opens a message with the same link. A later change makes a new version when shared again;
 * the old link keeps showing what it froze.
 */
export function ShareActions({
  kartId,
  kartName,
  share,
  belowMinimum = false,
}: {
  kartId: string;
  kartName: string;
  share: Share | null;
  /** The margin is under the site's minimum: sharing asks first. */
  belowMinimum?: boolean;
}) {
  const [latest, setLatest] = useState<Share | null>(share);
  const run = useAction(shareKart, {
    success: KART_MSG.shared,
    onSuccess: async (s) => {
      setLatest(s);
      await copyText(s.url);
    },
  });
  return (
    <Group gap="xs" wrap="wrap" className="quotation-actions">
      {belowMinimum ? (
        <ActionButton
          label="Share link"
          subject={kartName}
          size="xs"
          variant="light"
          confirm="This quotation's margin is under the site's minimum. Share it anyway?"
          run={() => run.run({ id: kartId })}
        />
      ) : (
        <Button size="xs" variant="light" loading={run.busy} onClick={() => void run.run({ id: kartId })}>
          Share link
        </Button>
      )}
      {latest && (
        <>
          <Anchor href={whatsAppLink(latest.url, kartName)} target="_blank" rel="noopener noreferrer" size="sm">
            WhatsApp
          </Anchor>
          <Text size="xs" c="dimmed" data-testid="share-version">
            Shared version {latest.version}:{' '}
            <Anchor href={latest.url} target="_blank" rel="noopener noreferrer" size="xs">
              {latest.url}
            </Anchor>
          </Text>
        </>
      )}
    </Group>
  );
}
