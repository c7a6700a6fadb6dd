import { Suspense } from 'react';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TUser } from '@tp/contracts/users';
import { LOGIN_PATH } from '#shared/redirects.ts';
import { preloadable } from '#app/lazy.ts';
import { Identity } from './Identity.tsx';

// The dropdown (Menu, Popover, floating-ui) stays out of the initial bundle; until it arrives the
// header shows the same identity, just not yet clickable.
export const AccountMenu = preloadable(() => import('./AccountMenu.tsx'));

/** The account menu (Change Password, Logout) for a signed-in user; Login / Sign up otherwise. */
export function UserMenu({ user }: { user: TUser | null }) {
  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={LOGIN_PATH} variant="default" size="sm">
          Login
        </Button>
        <Button component={Link} to="/signup" size="sm" visibleFrom="xs">
          Sign up
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={<Identity user={user} />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
