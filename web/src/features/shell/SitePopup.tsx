import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import SafeHtml from '#shared/SafeHtml.tsx';

const seenKey = (siteId: string) => `tp.popupSeen.${siteId}`;

/** The site's popup (brandingSettings.popupSettings): once per browser session, after its delay. */
export default function SitePopup({ site }: { site: TSiteDetails | null }) {
  const popup = site?.brandingSettings.popupSettings;
  const siteId = site?._id ?? '';
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!popup?.enabled || !popup.html || sessionStorage.getItem(seenKey(siteId))) return;
    const timer = window.setTimeout(() => setOpened(true), popup.delaySeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [popup?.enabled, popup?.html, popup?.delaySeconds, siteId]);
  if (!popup?.enabled) return null;
  const close = () => {
    sessionStorage.setItem(seenKey(siteId), '1');
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={close} title={popup.title} centered size="lg">
      <SafeHtml html={popup.html} />
    </Modal>
  );
}
