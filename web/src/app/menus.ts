import { isAccountAdmin } from '@tp/contracts/account-roles';
import { SPA_ROUTES, type MenuLinkSpec } from '@tp/contracts/spa-routes';
import type { SiteModule, TSiteDetails } from '@tp/contracts/endpoints/site';
import { CRM_MODULES } from '#api/boot.ts';
import type { PermissionState } from '#lib/state.ts';
import { holdsPermission } from '#shared/usePermission.ts';
import { routeAvailable, type UserRole } from './access.ts';

/**
 * The side menus, built from the route table: each route names its links (`menus` in
 * @tp/contracts/spa-routes), so a screen, its route and its menu link are declared in one place, and a
 * link and its route can never disagree (the route's permission-menu and test-host flags hide its links).
 */
export interface MenuLink {
  label: string;
  to: string;
  /** Leaves the app: the CRM lives on the site's core site. */
  external?: 'crm';
  /** Shown only when the site has this module active. */
  module?: SiteModule;
  /** Shown only when an active site module is one of CRM_MODULES. */
  needsCrmModule?: boolean;
  /** Staff only: the permission key (contracts/permissions.ts) the screen's calls need; without it they answer 403. */
  permission?: string;
}
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}
export type MenuItem = MenuLink | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'children' in item;

/** One menu in its order; links of a group gather where the group's first link stands. */
function menuOf(menu: MenuLinkSpec['menu']): MenuItem[] {
  const links = SPA_ROUTES.flatMap((route) =>
    (route.menus ?? [])
      .filter((m) => m.menu === menu)
      .map(({ order, group, label, to, permission, module, external, needsCrmModule }) => {
        const link: MenuLink = { label: label ?? route.title, to: to ?? route.path };
        if (external) link.external = external;
        if (module) link.module = module;
        if (needsCrmModule) link.needsCrmModule = needsCrmModule;
        if (permission) link.permission = permission;
        return { order, group, link };
      }),
  ).sort((a, b) => a.order - b.order);
  const items: MenuItem[] = [];
  const groups = new Map<string, MenuGroup>();
  for (const { group, link } of links) {
    if (!group) items.push(link);
    else if (groups.has(group)) groups.get(group)!.children.push(link);
    else {
      const g: MenuGroup = { label: group, children: [link] };
      groups.set(group, g);
      items.push(g);
    }
  }
  return items;
}

export const STAFF_MENU: MenuItem[] = menuOf('staff');
export const USER_MENU: MenuItem[] = menuOf('user');

type MenuSite = Pick<TSiteDetails, 'wlMeta' | 'isTestHost' | 'modules'>;

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';
/** The route a link opens: its own entry, or the area's splat (`/flight` → `/flight/*`). */
export const routeOf = (to: string) => {
  const path = normalise(to);
  return SPA_ROUTES.find((r) => r.path === path) ?? SPA_ROUTES.find((r) => r.path === `${path}/*`);
};

function linkVisible(link: MenuLink, site: MenuSite | null, can: (key: string) => boolean, user: UserRole): boolean {
  const route = routeOf(link.to);
  if (!route || !routeAvailable(route, site)) return false;
  if (route.accountAdminOnly && !isAccountAdmin(user)) return false;
  if (link.permission && !can(link.permission)) return false;
  const modules = site?.modules ?? [];
  if (link.module && !modules.includes(link.module)) return false;
  if (link.needsCrmModule && !modules.some((m) => CRM_MODULES.includes(m))) return false;
  return true;
}

/**
 * The menu a user sees on a site: staff or non-staff, filtered by the site's flags and modules and by
 * the user's permissions (permissions bind staff only, as on the server); empty groups go.
 */
export function menuFor(
  user: UserRole | null,
  site: MenuSite | null,
  permissions: Pick<PermissionState, 'permissions'> | null,
): MenuItem[] {
  if (!user) return [];
  const menu = user.userType === 'staff' ? STAFF_MENU : USER_MENU;
  const can = (key: string) => holdsPermission(user, permissions, key);
  return menu.flatMap((item): MenuItem[] => {
    if (!isGroup(item)) return linkVisible(item, site, can, user) ? [item] : [];
    const children = item.children.filter((c) => linkVisible(c, site, can, user));
    return children.length ? [{ ...item, children }] : [];
  });
}
