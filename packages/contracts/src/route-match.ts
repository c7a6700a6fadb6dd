/**
 * Route patterns as regexes, ranked roughly as react-router ranks them: the build's route → chunks map
 * (web/vite.config.ts, read by index.html's boot script), the entry's screen preload (web router) and the
 * served page's head and policy (`pageHead`, `siteScriptsAllowed`) match the opened URL the same way,
 * without react-router's per-call flattening and scoring of every route.
 */
import { SPA_ROUTES, type SpaRoute } from './spa-routes.ts';

/** react-router pattern → regex source: `:id` one segment, `:id?` optional, `*` the rest. */
export const patternRegex = (path: string): string =>
  '^' +
  path
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\/:\w+\?/g, '(?:/[^/]+)?')
    .replace(/:\w+/g, '[^/]+')
    .replace(/\/\*$/, '(?:/.*)?') +
  '/?$';

const rank = (path: string) => (path.includes('*') ? 2 : path.includes(':') ? 1 : 0);

/** Static patterns first, then those with parameters, then splats; longer before shorter. */
export const byRank = (a: string, b: string): number => rank(a) - rank(b) || b.length - a.length;

let ranked: { route: SpaRoute; regex: RegExp }[] | undefined;

/**
 * The route of `SPA_ROUTES` a path under the SPA's base opens (`/staff/customers`, `/visa/ae`), the
 * not-found route (`*`) when none does.
 */
export function spaRouteOf(path: string): SpaRoute {
  ranked ??= SPA_ROUTES.filter((r) => r.path !== '*')
    .sort((a, b) => byRank(a.path, b.path))
    .map((route) => ({ route, regex: new RegExp(patternRegex(route.path)) }));
  const clean = path.split(/[?#]/, 1)[0] || '/';
  return ranked.find((r) => r.regex.test(clean))?.route ?? SPA_ROUTES.find((r) => r.path === '*')!;
}
