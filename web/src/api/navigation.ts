import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';

/**
 * Navigation for code outside React (the API client's error catalogue). The router registers
 * itself through <NavigationBridge/>; before that (or outside a router) we fall back to a full
 * page load under the basename.
 */
interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  location(): Pick<Location, 'pathname' | 'search'>;
}

let current: Navigator | null = null;

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (current) current.navigate(to, options);
  else if (options.replace) window.location.replace(SPA_BASENAME + to);
  else window.location.assign(SPA_BASENAME + to);
}

/** The router location (path inside the app, without the basename). */
export function currentLocation(): Pick<Location, 'pathname' | 'search'> {
  if (current) return current.location();
  const { pathname, search } = window.location;
  const inApp = pathname.startsWith(SPA_BASENAME) ? pathname.slice(SPA_BASENAME.length) || '/' : pathname;
  return { pathname: inApp, search };
}

/** Leaves the SPA (core site, CRM): a full navigation, not a router push. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}

export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location]);
  useEffect(() => {
    const mine: Navigator = {
      navigate: (to, options) => void navigate(to, options),
      location: () => locationRef.current,
    };
    current = mine;
    return () => {
      if (current === mine) current = null;
    };
  }, [navigate]);
  return null;
}
