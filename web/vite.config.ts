import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { API_BASES } from '@tp/contracts/endpoint';
import { LOCAL_PORTS } from '@tp/contracts/platform';
import { SPA_BASENAME, SPA_ROUTES } from '@tp/contracts/spa-routes';
import { FLIGHT_BASE, FLIGHT_ROUTES } from './src/features/flights/paths.ts';
import { byRank, patternRegex } from './src/app/route-match.ts';
import { BOOT_SCRIPTS, BOOT_SCRIPT_HASHES, cspHash, type BootScript } from './boot/index.ts';

// `npm run dev -w web` proxies the API bases to the local gateway (`npm start`), so the dev server
// behaves like the same-origin deployment (the auth cookie is first-party either way).
const gateway = `http://127.0.0.1:${LOCAL_PORTS.gateway}`;
const SRC = join(import.meta.dirname, 'src');

/** `#features/x.tsx` / `./x.tsx` (as written in a lazy import) → absolute file, like package.json "imports". */
const resolveSpec = (spec: string, fromDir: string) =>
  spec.startsWith('#') ? join(SRC, spec.replace(/^#(\w+)\//, '$1/')) : join(fromDir, spec);

const LAZY = /const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g;

/**
 * Screen modules per SPA path (the nested flight screens with their wrapper): each route's `screen` from the
 * route table, and the flight area's nested router, so a screen added there is preloaded without another list.
 */
function screenModules(): Map<string, string[]> {
  const out = new Map<string, string[]>(
    SPA_ROUTES.map((r) => [r.path, [join(SRC, 'features', `${r.screen}.page.tsx`)]]),
  );
  // The flight screens sit under `/flight/*` in their own router (paths.ts has the patterns).
  const flightsFile = join(SRC, 'features', 'flights', 'flights.page.tsx');
  const flights = readFileSync(flightsFile, 'utf8');
  const inner = new Map([...flights.matchAll(LAZY)].map((m) => [m[1]!, resolveSpec(m[2]!, join(flightsFile, '..'))]));
  // Either `{ path: FLIGHT_ROUTES.x, element: <X /> }` or `{ path: FLIGHT_ROUTES.x, Screen: X }`.
  for (const m of flights.matchAll(/path: FLIGHT_ROUTES\.(\w+), (?:element: <(\w+) \/>|Screen: (\w+))/g)) {
    const pattern = FLIGHT_ROUTES[m[1] as keyof typeof FLIGHT_ROUTES];
    const file = inner.get((m[2] ?? m[3])!);
    if (pattern !== undefined && file) out.set(`${FLIGHT_BASE}/${pattern}`.replace(/\/$/, ''), [flightsFile, file]);
  }
  return out;
}

/** Vite's tags for the entry: its module script, the modulepreloads of its chunks, its stylesheets. */
const ENTRY_TAGS =
  /\s*<(?:script type="module" crossorigin src="([^"]+)"><\/script>|link rel="modulepreload" crossorigin href="([^"]+)">|link rel="stylesheet" crossorigin href="([^"]+)">)/g;

/**
 * The app loads after the boot shell's first paint (web/boot/load.js), together with the screen of the
 * URL being opened: this plugin takes Vite's entry tags out of index.html and writes them, with a
 * tiny route → chunks map (the login screen when a guarded page is opened signed out), into a JSON
 * block the loader reads. The stylesheets become preloads that main.tsx applies before React's first
 * render, so no screen is ever seen unstyled. The entry bundle itself is unchanged.
 */
function appLoader(): Plugin {
  return {
    name: 'tp-app-loader',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const base = `${SPA_BASENAME}/`;
        const app = { script: '', modules: [] as string[], styles: [] as string[] };
        const page = html.replace(ENTRY_TAGS, (_tag, script?: string, module?: string, style?: string) => {
          const file = (script ?? module ?? style)!.slice(base.length);
          if (script) app.script = file;
          else (module ? app.modules : app.styles).push(file);
          return '';
        });
        if (!app.script) throw new Error('index.html: no entry script from Vite');
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rollup.OutputChunk[]) => {
          const seen = new Set<string>();
          const walk = (c: Rollup.OutputChunk) => {
            if (seen.has(c.fileName)) return;
            seen.add(c.fileName);
            for (const f of c.imports) walk(byFile.get(f)!);
          };
          start.forEach(walk);
          return seen;
        };
        const entry = closure(chunks.filter((c) => c.isEntry));
        const entryCss = new Set([...entry].flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]));
        const files: string[] = [];
        const deps = (...moduleFiles: string[]) => {
          // A module imported both statically and lazily may sit inside a shared chunk (no facade).
          const start = moduleFiles
            .map((f) => chunks.find((c) => c.facadeModuleId === f) ?? chunks.find((c) => c.moduleIds.includes(f)))
            .filter((c) => c !== undefined);
          // With the chunks' own stylesheets (per-component Mantine styles), which import() would otherwise ask for late.
          const chunkFiles = [...closure(start)].filter((f) => !entry.has(f));
          const css = chunkFiles.flatMap((f) => [...(byFile.get(f)!.viteMetadata?.importedCss ?? [])]);
          return [...new Set([...chunkFiles, ...css])]
            .filter((f) => !entryCss.has(f))
            .map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        };
        const byPath = new Map(SPA_ROUTES.map((r) => [r.path, r]));
        const routes = [...screenModules()]
          .filter(([path]) => path !== '*')
          .sort(([a], [b]) => byRank(a, b))
          .map(([path, files]) => {
            const route = byPath.get(path);
            const read = route?.bootRead ? [route.bootRead] : [];
            return [patternRegex(path), route?.access ?? 'login', deps(...files), ...read] as const;
          })
          .filter(([, , d]) => d.length > 0);
        const map = { base, entry: app, files, routes, login: deps(join(SRC, 'features', 'auth', 'login.page.tsx')) };
        // Data for web/boot/load.js, which is static so that the policy can allow it by hash.
        const json = JSON.stringify(map).replace(/</g, '\\u003c');
        return {
          html: page,
          tags: [
            { tag: 'script', attrs: { type: 'application/json', id: 'tp-app-map' }, children: json, injectTo: 'body' },
            { tag: 'script', children: BOOT_SCRIPTS.load, injectTo: 'body' },
          ],
        };
      },
    },
  };
}

/**
 * index.html's inline scripts come from web/boot (`<script data-boot="name">` placeholders), and the
 * built page may run no other inline script: the Content-Security-Policy allows these by hash only,
 * so a new or edited inline script that the policy does not know fails the build, not the browser.
 */
function bootScripts(): Plugin {
  return {
    name: 'tp-boot-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/<script data-boot="(\w+)"><\/script>/g, (tag, name: string) => {
          const text = BOOT_SCRIPTS[name as BootScript];
          if (text === undefined) throw new Error(`index.html: no web/boot/${name}.js for ${tag}`);
          return `<script>${text}</script>`;
        }),
    },
  };
}

/** Runs last: every inline script of the built page (JSON data blocks aside) must be a web/boot script. */
function inlineScriptCheck(): Plugin {
  return {
    name: 'tp-inline-script-check',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        for (const [, attrs, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
          if (/\bsrc=|type="application\/json"/.test(attrs!)) continue;
          if (!BOOT_SCRIPT_HASHES.includes(cspHash(text!)))
            throw new Error(`index.html: an inline script the CSP does not allow: ${text!.slice(0, 80)}`);
        }
        return html;
      },
    },
  };
}

// Wherever npm placed @mantine/core (hoisted to the root or kept under web/node_modules).
const MANTINE_STYLES = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

/**
 * Mantine's stylesheet per component instead of the whole 250 KB sheet (a long parse and slower
 * style recalculation on every first paint). Each @mantine/core module that has a stylesheet of its
 * own name (Button.mjs → styles/Button.css) imports it, after its own imports: a component's styles
 * travel in the same chunk as its code, so every screen has the styles of what it renders, in
 * Mantine's dependency order. `@mantine/core/styles.css` (main.tsx) becomes the global part only.
 * Build only: the dev server pre-bundles Mantine without running this, so it keeps the full sheet.
 */
function mantineStylesPerComponent(): Plugin {
  const own = new Set(
    readdirSync(MANTINE_STYLES)
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .map((f) => f.slice(0, -'.css'.length)),
  );
  const GLOBAL = ['baseline', 'default-css-variables', 'global'];
  return {
    name: 'tp-mantine-styles-per-component',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@mantine/core/styles.css') return null;
      return this.resolve(join(SRC, 'app', 'mantine-global.css'), importer);
    },
    transform(code, id) {
      const m = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([\w-]+)\.mjs$/.exec(id);
      if (!m || GLOBAL.includes(m[1]!) || !own.has(m[1]!)) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${m[1]}.css';\n`, map: null };
    },
  };
}

/** @mantine/hooks' useId → web/src/app/mantine-use-id.ts (why: that file), wherever Vite bundles @mantine/hooks itself. */
function mantineStableIds(): Plugin {
  const file = join(SRC, 'app', 'mantine-use-id.ts');
  return {
    name: 'tp-mantine-stable-ids',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '../use-id/use-id.mjs' && source !== './use-id/use-id.mjs') return null;
      if (!importer || !/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/.test(importer)) return null;
      return this.resolve(file, importer);
    },
  };
}

export default defineConfig({
  base: `${SPA_BASENAME}/`,
  plugins: [bootScripts(), mantineStableIds(), mantineStylesPerComponent(), react(), appLoader(), inlineScriptCheck()],
  build: {
    // WEB_OUT_DIR lets parallel work build to its own folder (tests read it back through WEB_DIST).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Report gzip sizes: the initial-JS budget (170 KB gzipped) is checked against this output.
    reportCompressedSize: true,
  },
  server: {
    proxy: Object.fromEntries(Object.values(API_BASES).map((base) => [base.replace(/\/$/, ''), gateway])),
  },
});
