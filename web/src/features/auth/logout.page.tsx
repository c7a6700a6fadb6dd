import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { logout } from '#api/boot.ts';
import { send } from '#api/client.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { LOGIN_PATH, redirectQuery } from '#lib/redirects.ts';
import { clearUserData } from '#lib/storage.ts';

/**
 * /logout: clears the stored user data at once, asks the server to end the session and clear the
 * cookie, then goes to login keeping redirectTo / redirectType (spec 000 §2, §4).
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    clearUserData();
    const toLogin = () => navigate(`${LOGIN_PATH}${redirectQuery(search)}`, { replace: true });
    send(logout, {}, { handling: 'none' }).then(toLogin, toLogin);
  }, [navigate, search]);
  return <PageLoader />;
}
