import { lazy, Suspense } from 'react';
import { Burger, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import { patternRegex } from '#app/route-match.ts';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';
import { brandName } from '#shared/site.tsx';
import { safeUrl } from '#lib/redirects.ts';
import { UserMenu } from './UserMenu.tsx';

/**
 * Pages opened by a link's secret token (the driver's job sheet) belong to someone who has no account here:
 * no Login / Sign up there, which would only invite them to make one.
 */
const TOKEN_PAGES = SPA_ROUTES.filter((r) => r.access === 'token').map((r) => new RegExp(patternRegex(r.path)));

// Staff only, and off the boot path (it reads a contract endpoint).
const SandboxBadge = lazy(() => import('#features/wallet/SandboxBadge.tsx'));

export function SiteHeader({
  site,
  user,
  burger,
}: {
  site: TSiteDetails | null;
  user: TUser | null;
  burger: { opened: boolean; toggle: () => void } | null;
}) {
  const { pathname } = useLocation();
  const tokenPage = !user && TOKEN_PAGES.some((p) => p.test(pathname));
  const name = brandName(site);
  const logo = safeUrl(site?.logoUrl);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger && (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            hiddenFrom="xs"
            size="sm"
            aria-label="Toggle navigation"
          />
        )}
        <UnstyledButton component={Link} to="/" aria-label={`${name} home`}>
          <Group gap="sm" wrap="nowrap">
            {logo && <Image src={logo} alt="" h={36} w={36} fit="contain" />}
            <Text fw={700} size="lg" c="brand" truncate>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {user?.userType === 'staff' && (
          <Suspense fallback={null}>
            <SandboxBadge />
          </Suspense>
        )}
        {!tokenPage && <UserMenu user={user} />}
      </Group>
    </Group>
  );
}
