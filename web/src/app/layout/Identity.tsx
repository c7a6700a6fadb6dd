import { Avatar, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { TUser } from '@tp/contracts/endpoints/users';
import { USER_TYPE_LABEL } from '#shared/format.ts';

export const displayName = (u: Pick<TUser, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The account button's name starts with this (tests and screen readers find it by it). */
export const ACCOUNT_MENU = 'Account menu for';

const initials = (u: Pick<TUser, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName?.[0] ?? ''}${u.lastName?.[0] ?? ''}`.toUpperCase() || u.email[0]?.toUpperCase() || '?';

/**
 * Avatar, name and user type (the account menu's trigger). As a button's content it is also the button's
 * name, `label` and the user's name first (read out on small screens too, where the name is not shown), so
 * the words seen are in the words heard (WCAG 2.5.3); the initials are decoration.
 */
export function Identity({ user, label }: { user: TUser; label?: string }) {
  const name = displayName(user);
  return (
    <Group gap="xs" wrap="nowrap">
      {label && <VisuallyHidden>{`${label} ${name}`}</VisuallyHidden>}
      <Avatar color="brand" radius="xl" size="md" aria-hidden>
        {initials(user)}
      </Avatar>
      <div>
        <Text size="sm" fw={600} lh={1.2} truncate maw={180} visibleFrom="xs" aria-hidden={!!label}>
          {name}
        </Text>
        <Badge size="xs" variant="light" color="accent" visibleFrom="xs">
          {USER_TYPE_LABEL[user.userType]}
        </Badge>
      </div>
    </Group>
  );
}
