import { Avatar, Badge, Group, Text } from '@mantine/core';
import type { UserType } from '@tp/contracts/endpoint';
import type { TUser } from '@tp/contracts/users';

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
