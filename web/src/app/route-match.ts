/**
 * Route patterns as regexes, ranked roughly as react-router ranks them: the build's route → chunks map
 * (vite.config.ts, read by index.html's boot script) and the entry's screen preload (router.tsx) match
 * the opened URL the same way, without react-router's per-call flattening and scoring of every route.
 */

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
