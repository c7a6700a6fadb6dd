import { Suspense } from 'react';
import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { UserType } from '@tp/contracts/endpoint';
import type { TUser } from '@tp/contracts/users';
import { LOGIN_PATH } from '#shared/redirects.ts';
import { preloadable } from '#app/lazy.ts';

// The dropdown (Menu, Popover, floating-ui) stays out of the initial bundle; until it arrives the
// header shows the same identity, just not yet clickable.
export const AccountMenu = preloadable(() => import('./AccountMenu.tsx'));

export const USER_TYPE_LABEL: Record<UserType, string> = {
  staff: 'Staff',
  travelAgent: 'Travel Agent',
  retail: 'Retail',
  corporate: 'Corporate',
};

export const displayName = (u: Pick<TUser, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

const initials = (u: Pick<TUser, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName?.[0] ?? ''}${u.lastName?.[0] ?? ''}`.toUpperCase() || u.email[0]?.toUpperCase() || '?';

/** Avatar, name and user type (the account menu's trigger). */
export function Identity({ user }: { user: TUser }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar color="brand" radius="xl" size="md">
        {initials(user)}
      </Avatar>
      <div>
        <Text size="sm" fw={600} lh={1.2} truncate maw={180} visibleFrom="xs">
          {displayName(user)}
        </Text>
        <Badge size="xs" variant="light" color="accent" visibleFrom="xs">
          {USER_TYPE_LABEL[user.userType]}
        </Badge>
      </div>
    </Group>
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
  return (
    <Suspense fallback={<Identity user={user} />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
