/**
 * The architecture rules (.dependency-cruiser.cjs) bite: each deliberately broken import in a scratch
 * tree is reported under its rule, and the allowed shapes are not.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FILES: Record<string, string> = {
  // A cycle inside one domain.
  'functions/src/alpha/x.ts': "import { y } from './y.ts';\nexport const x = () => y;\n",
  'functions/src/alpha/y.ts': "import { x } from './x.ts';\nexport const y = () => x;\n",
  // Reaching into another domain's repo, and the allowed way through its index.ts.
  'functions/src/alpha/reach.ts': "import { rows } from '../beta/repo.ts';\nexport const r = rows;\n",
  'functions/src/alpha/polite.ts': "import { rows } from '../beta/index.ts';\nexport const p = rows;\n",
  'functions/src/beta/repo.ts': 'export const rows = 1;\n',
  'functions/src/beta/index.ts': "export { rows } from './repo.ts';\n",
  // DynamoDB outside a repository file, and the allowed places: a repository and the platform's data layer.
  'functions/src/beta/service.ts':
    "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const g = GetCommand;\n",
  'functions/src/beta/client.ts':
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
  'functions/src/beta/rows-repo.ts':
    "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const g = GetCommand;\n",
  'functions/src/lib/db.ts':
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;\n",
  // The platform importing a domain.
  'functions/src/lib/platform.ts': "import { rows } from '../beta/index.ts';\nexport const l = rows;\n",
  // A shared package importing server code.
  'packages/shared/src/thing.ts': "import { l } from '../../../functions/src/lib/platform.ts';\nexport const t = l;\n",
  // Two domains importing each other through their public entries, file by file without a file cycle: a folder cycle.
  'functions/src/gamma/index.ts': 'export const g = 1;\n',
  'functions/src/gamma/up.ts': "import { d } from '../delta/index.ts';\nexport const up = d;\n",
  'functions/src/delta/index.ts': 'export const d = 1;\n',
  'functions/src/delta/down.ts': "import { g } from '../gamma/index.ts';\nexport const down = g;\n",
  // An entry composing domains (a bindings.ts, an index.ts), one reaching into a repo, and a domain importing an entry.
  'functions/src/entries/beta.ts': "import { rows } from '../beta/bindings.ts';\nexport const handler = rows;\n",
  'functions/src/entries/deep.ts': "import { rows } from '../beta/repo.ts';\nexport const handler = rows;\n",
  'functions/src/beta/bindings.ts': "import { rows } from './index.ts';\nexport const b = rows;\n",
  'functions/src/beta/upward.ts': "import { handler } from '../entries/beta.ts';\nexport const u = handler;\n",
  'functions/src/alpha/binds.ts': "import { b } from '../beta/bindings.ts';\nexport const a = b;\n",
  // One web feature reaching into another's internals, and through its index.
  'web/src/features/one/a.tsx': "import { b } from '../two/internal.ts';\nexport const a = b;\n",
  'web/src/features/one/ok.tsx': "import { c } from '../two/index.ts';\nexport const ok = c;\n",
  'web/src/features/two/internal.ts': 'export const b = 1;\n',
  'web/src/features/two/index.ts': 'export const c = 2;\n',
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let dir: string;
let violations: Violation[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  let out: string;
  try {
    out = execFileSync(
      join(ROOT, 'node_modules', '.bin', 'depcruise'),
      ['functions', 'packages', 'web', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8' },
    );
  } catch (err) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    out = (err as { stdout: string }).stdout;
  }
  violations = (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const found = (rule: string, from: string) => violations.some((v) => v.rule.name === rule && v.from === from);

describe('architecture rules', () => {
  it('refuse a cycle', () => expect(found('no-cycles', 'functions/src/alpha/x.ts')).toBe(true));
  it("refuse a reach into another domain's repo, not an import of its index.ts", () => {
    expect(found('domain-through-public-entry', 'functions/src/alpha/reach.ts')).toBe(true);
    expect(violations.some((v) => v.from === 'functions/src/alpha/polite.ts')).toBe(false);
  });
  it('refuse DynamoDB outside repository files, not in a *-repo.ts or lib/db.ts', () => {
    expect(found('dynamodb-only-in-repositories', 'functions/src/beta/service.ts')).toBe(true);
    expect(found('dynamodb-only-in-repositories', 'functions/src/beta/client.ts')).toBe(true);
    expect(violations.some((v) => v.from === 'functions/src/beta/rows-repo.ts')).toBe(false);
    expect(violations.some((v) => v.from === 'functions/src/lib/db.ts')).toBe(false);
  });
  it('refuse a cycle of domain folders, though no file cycle closes it', () => {
    expect(violations.some((v) => v.rule.name === 'no-folder-cycles' && v.from === 'functions/src/gamma')).toBe(true);
    expect(violations.some((v) => v.rule.name === 'no-cycles' && v.from.startsWith('functions/src/gamma'))).toBe(false);
  });
  it("let only entries compose domains, through a domain's bindings.ts or index.ts, and no domain import an entry", () => {
    expect(violations.some((v) => v.from === 'functions/src/entries/beta.ts')).toBe(false);
    expect(found('entries-through-public-entries', 'functions/src/entries/deep.ts')).toBe(true);
    expect(found('no-domain-imports-an-entry', 'functions/src/beta/upward.ts')).toBe(true);
    expect(found('domain-through-public-entry', 'functions/src/alpha/binds.ts')).toBe(true);
  });
  it('refuse a domain import in lib/', () =>
    expect(found('lib-imports-no-domain', 'functions/src/lib/platform.ts')).toBe(true));
  it('refuse server code in packages/', () =>
    expect(found('packages-stand-alone', 'packages/shared/src/thing.ts')).toBe(true));
  it("refuse a web feature reaching into another's internals, not its index.ts", () => {
    expect(found('web-features-through-public-entry', 'web/src/features/one/a.tsx')).toBe(true);
    expect(violations.some((v) => v.from === 'web/src/features/one/ok.tsx')).toBe(false);
  });
});
