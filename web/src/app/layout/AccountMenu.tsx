import { lazy, Suspense, useState } from 'react';
import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TUser } from '@tp/contracts/endpoints/users';
import { LOGOUT_PATH } from '#lib/redirects.ts';
import { USER_TYPE_LABEL } from '#shared/format.ts';
import { ACCOUNT_MENU, displayName, Identity } from './Identity.tsx';

const ChangePasswordDialog = lazy(() => import('#features/auth/ChangePasswordDialog.tsx'));

/** Mounted on the first press of the header's account button (UserMenu.tsx), hence open from the start. */
export default function AccountMenu({ user }: { user: TUser }) {
  const [changing, setChanging] = useState(false);
  const name = displayName(user);
  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal defaultOpened>
        <Menu.Target>
          <UnstyledButton>
            <Identity user={user} label={ACCOUNT_MENU} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {name} · {USER_TYPE_LABEL[user.userType]}
          </Menu.Label>
          <Menu.Item onClick={() => setChanging(true)}>Change Password</Menu.Item>
          <Menu.Item component={Link} to={LOGOUT_PATH} color="red">
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
