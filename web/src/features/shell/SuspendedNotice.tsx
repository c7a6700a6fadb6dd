import { useEffect } from 'react';
import { Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_MSG } from '@tp/contracts/endpoints/console';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import { brandName } from '#shared/site.tsx';
import { safeUrl } from '#lib/redirects.ts';

const TITLE = 'Temporarily unavailable';

/**
 * What every page of a site the platform operator suspended shows, in place of the app: the site's name and a
 * plain notice. No menu, no sign-in form and no link into the app (the server refuses its calls meanwhile); the
 * next page load after a reactivation shows the site again.
 */
export default function SuspendedNotice({ site }: { site: TSiteDetails }) {
  const name = brandName(site);
  const logo = safeUrl(site.logoUrl);
  useEffect(() => {
    document.title = `${TITLE} | ${name}`;
  }, [name]);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Group gap="sm" wrap="nowrap">
          {logo && <Image src={logo} alt="" h={40} w={40} fit="contain" />}
          <Text fw={700} size="xl" c="brand">
            {name}
          </Text>
        </Group>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text c="dimmed">{CONSOLE_MSG.siteSuspendedNotice}</Text>
      </Stack>
    </Center>
  );
}
