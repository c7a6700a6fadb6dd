import { Button, Group, type MantineSize } from '@mantine/core';
import { copyText } from '#shared/clipboard.ts';
import { whatsAppShare } from './share.ts';

/**
 * WhatsApp share and copy link of a page a customer passes on (spec 001 §2's visa checklist; the e-ticket, the
 * invoice, the quotation and the package page). The link is the page's own address: its served html carries the
 * site's Open Graph preview, so the chat shows the site's brand. `className` lets a printable page hide it.
 */
export function ShareLinks({
  url,
  title,
  size = 'sm',
  className,
}: {
  url: string;
  title: string;
  size?: MantineSize;
  className?: string;
}) {
  return (
    <Group gap="xs" wrap="wrap" className={className}>
      <Button
        component="a"
        href={whatsAppShare(title, url)}
        target="_blank"
        rel="noopener noreferrer"
        variant="filled"
        // WhatsApp's dark green: white text on it passes WCAG AA (the brand's light green does not).
        color="#075e54"
        size={size}
      >
        Share on WhatsApp
      </Button>
      <Button variant="default" size={size} onClick={() => void copyText(url)}>
        Copy link
      </Button>
    </Group>
  );
}
