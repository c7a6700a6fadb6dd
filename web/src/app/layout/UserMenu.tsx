import { Suspense, useState } from 'react';
import { Button, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TUser } from '@tp/contracts/endpoints/users';
import { LOGIN_PATH } from '#lib/redirects.ts';
import { preloadable } from '#shared/lazy.ts';
import { ACCOUNT_MENU, Identity } from './Identity.tsx';

// The dropdown (Menu, Popover, floating-ui) stays out of the initial bundle and off the first render:
// its code loads when the pointer or focus reaches the button, and it mounts, open, on the first press.
export const AccountMenu = preloadable(() => import('./AccountMenu.tsx'));
const preloadMenu = () => void AccountMenu.preload().catch(() => undefined);

function AccountButton({ user }: { user: TUser }) {
  const [pressed, setPressed] = useState(false);
  if (pressed)
    return (
      <Suspense fallback={<Identity user={user} />}>
        <AccountMenu user={user} />
      </Suspense>
    );
  return (
    <UnstyledButton
      aria-haspopup="menu"
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setPressed(true)}
    >
      <Identity user={user} label={ACCOUNT_MENU} />
    </UnstyledButton>
  );
}

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
  return <AccountButton user={user} />;
}
