import { Button, Group } from '@mantine/core';
import { copyText } from '#shared/clipboard.ts';
import { whatsAppShare } from './links.ts';

/** WhatsApp share and copy link (spec 001 §2) of a checklist page's address. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={whatsAppShare(title, url)}
        target="_blank"
        rel="noopener noreferrer"
        variant="filled"
        // WhatsApp's dark green: white text on it passes WCAG AA (the brand's light green does not).
        color="#075e54"
        size="sm"
      >
        Share on WhatsApp
      </Button>
      <Button variant="default" size="sm" onClick={() => void copyText(url)}>
        Copy link
      </Button>
    </Group>
  );
}
