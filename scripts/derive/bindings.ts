/**
 * Derives each domain's `answered.generated.ts` from the answers its modules export
 * (`export const answerX = answers(api.x, …)`, functions/src/lib/answers.ts): the one list a Lambda needs to know
 * which module answers an endpoint without loading them all. `npm run derive` writes the files;
 * scripts/derive/bindings.test.ts fails when one is stale. Plain text reading, no compiler: an answer is
 * written in the one shape below, and a shape the reader does not know is an error, never a silent skip.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const FUNCTIONS_SRC = resolve(import.meta.dirname, '..', '..', 'functions', 'src');
export const GENERATED = 'answered.generated.ts';

interface Found {
  file: string; // relative to the domain folder, './x.ts'
  name: string;
  endpoint: { root: string; member?: string };
  wiring?: string;
}

const ANSWER = /export const (\w+)\s*=\s*answers\(\s*([A-Za-z_$][\w$]*)(?:\.([\w$]+))?\s*,\s*(?:async\s*)?\(([^)]*)\)/g;

/** An arrow's parameter list split at its own commas, not those inside a destructured parameter. */
function parameters(list: string): string[] {
  const out = [''];
  let depth = 0;
  for (const ch of list) {
    if ('{[<'.includes(ch)) depth++;
    else if ('}]>'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return tsFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') && d.name !== GENERATED ? [path] : [];
  });
}

/** The module an identifier is imported from in `source`, as written there. */
function importOf(source: string, id: string, file: string): { spec: string; star: boolean } {
  for (const m of source.matchAll(/import\s+(type\s+)?([^'"]*?)\s+from\s+'([^']+)'/g)) {
    const [, typeOnly, clause = '', spec = ''] = m;
    if (clause.trim() === `* as ${id}`) {
      if (typeOnly) throw new Error(`${file}: '${id}' is a type-only import; an answer needs the endpoint's value`);
      return { spec, star: true };
    }
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of named.split(',')) {
      const [orig = '', alias] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if ((alias ?? orig) === id) {
        if (orig !== id) throw new Error(`${file}: import '${id}' under its own name to answer with it`);
        return { spec, star: false };
      }
    }
  }
  throw new Error(`${file}: cannot find where '${id}' is imported from`);
}

/** A relative specifier re-rooted at the domain folder; a package specifier as it is. */
function fromDomain(spec: string, file: string, domainDir: string): string {
  if (!spec.startsWith('.')) return spec;
  const rel = relative(domainDir, resolve(dirname(file), spec)).replaceAll('\\', '/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

export function deriveDomain(domainDir: string): string | undefined {
  const found: Found[] = [];
  const imports = new Map<string, { alias: string; star: boolean; names: Set<string> }>();
  const wiringTypes = new Map<string, string>(); // type name → specifier from the domain folder
  for (const file of tsFiles(domainDir).sort()) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('answers(')) continue;
    const matches = [...source.matchAll(ANSWER)];
    const calls = source.match(/=\s*answers\(/g)?.length ?? 0;
    if (calls !== matches.length)
      throw new Error(
        `${file}: write each answer as \`export const answerX = answers(api.x, async (input, scope[, wiring: W]) => …)\``,
      );
    const rel = `./${relative(domainDir, file).replaceAll('\\', '/')}`;
    for (const [, name = '', root = '', member, params = ''] of matches) {
      const wiringParam = parameters(params)[2]?.trim();
      let wiring: string | undefined;
      if (wiringParam) {
        const type = /^\w+\s*:\s*(\w+)$/.exec(wiringParam)?.[1];
        if (!type) throw new Error(`${file}: ${name}'s wiring parameter needs its type, \`wiring: SomeWiring\``);
        const local = new RegExp(`export (interface|type) ${type}\\b`).test(source);
        wiringTypes.set(type, local ? rel : fromDomain(importOf(source, type, file).spec, file, domainDir));
        wiring = type;
      }
      const { spec, star } = importOf(source, root, file);
      const key = fromDomain(spec, file, domainDir);
      const entry = imports.get(key) ?? { alias: `c${imports.size}`, star: false, names: new Set<string>() };
      if (star) entry.star = true;
      else entry.names.add(root);
      imports.set(key, entry);
      found.push({ file: rel, name, endpoint: { root: star ? entry.alias : root, member }, wiring });
    }
  }
  if (!found.length) return undefined;
  const lines = [
    '// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.',
  ];
  for (const [spec, { alias, star, names }] of [...imports].sort(([a], [b]) => a.localeCompare(b))) {
    if (star) lines.push(`import * as ${alias} from '${spec}';`);
    if (names.size) lines.push(`import { ${[...names].sort().join(', ')} } from '${spec}';`);
  }
  lines.push(`import { gathered, type Operation } from '#lib/http';`);
  const wiring = [...wiringTypes.keys()].sort();
  for (const type of wiring) lines.push(`import type { ${type} } from '${wiringTypes.get(type)}';`);
  const param = wiring.length ? `wiring: ${wiring.join(' & ')}` : '';
  lines.push('', `export const answered = (${param}): Operation[] => [`);
  for (const f of found) {
    const endpoint = f.endpoint.member ? `${f.endpoint.root}.${f.endpoint.member}` : f.endpoint.root;
    lines.push(
      `  gathered(${endpoint}, () => import('${f.file}'), '${f.name}', ${f.wiring ? 'wiring' : 'undefined'}),`,
    );
  }
  lines.push('];', '');
  return lines.join('\n');
}

/** Every domain folder with a bindings.ts, and its derived file's text (undefined: it answers nothing itself). */
export function deriveAll(): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const d of readdirSync(FUNCTIONS_SRC, { withFileTypes: true })) {
    const dir = join(FUNCTIONS_SRC, d.name);
    if (d.isDirectory() && existsSync(join(dir, 'bindings.ts'))) out.set(join(dir, GENERATED), deriveDomain(dir));
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  for (const [path, text] of deriveAll()) {
    const old = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (old === text) continue;
    if (text === undefined) rmSync(path);
    else writeFileSync(path, text);
    process.stdout.write(`${text === undefined ? 'removed' : 'derived'} ${relative(process.cwd(), path)}\n`);
  }
}
