import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, bundleFunction } from '../../infra/lib/bundling.ts';
import { DOC_ONLY_PROPERTIES, forTheServer } from '../../infra/lib/server-contracts.ts';

const CONTRACT = `import { endpoint } from './endpoint.ts';
import { lazy } from './lazy.ts';
export const ZInput = lazy(() => ({ input: 'IN' }));
export const ZRecord = lazy(() => ({ record: 'ONLY_IN_THE_ANSWER' }));
export const getThing = endpoint({
  id: 'thing.get',
  request: ZInput,
  response: lazy(() => ({ page: [ZRecord] })),
  summary:
    'DOCUMENTATION_ONLY',
});
`;

describe('contracts as a Lambda bundle loads them (infra/lib/server-contracts.ts)', () => {
  it('blanks the response and summary of each endpoint, keeping every line where it was', () => {
    const out = forTheServer(CONTRACT);
    expect(out).not.toMatch(/response|summary|DOCUMENTATION_ONLY/);
    expect(out.split('\n').length).toBe(CONTRACT.split('\n').length);
    // The request and the id stay, on their own lines.
    const lines = out.split('\n');
    expect(lines.findIndex((l) => l.includes("id: 'thing.get'"))).toBe(5);
    expect(lines.findIndex((l) => l.includes('request: ZInput,'))).toBe(6);
    expect(lines.slice(7, 10).map((l) => l.trim())).toEqual(['', '', '']);
  });

  it('marks lazy() and endpoint() calls pure, so what nothing references drops out of the bundle', async () => {
    const out = forTheServer(CONTRACT);
    expect(out.match(/\/\* @__PURE__ \*\/ lazy\(/g)).toHaveLength(2);
    expect(out).toMatch(/= \/\* @__PURE__ \*\/ endpoint\(\{/);
    // The contract as a module of its own, imported by an entry that uses one endpoint.
    const dir = mkdtempSync(join(tmpdir(), 'tp-server-contracts-'));
    writeFileSync(join(dir, 'endpoint.ts'), 'export const endpoint = (e: object) => e;\n');
    writeFileSync(
      join(dir, 'lazy.ts'),
      'export const lazy = (f: () => object) => ({ get value() { return f(); } });\n',
    );
    writeFileSync(join(dir, 'contract.ts'), out);
    writeFileSync(join(dir, 'main.ts'), "import { getThing } from './contract.ts';\nconsole.log(getThing);\n");
    const bundled = await build({ entryPoints: [join(dir, 'main.ts')], bundle: true, format: 'esm', write: false });
    rmSync(dir, { recursive: true, force: true });
    const code = bundled.outputFiles[0]!.text;
    expect(code).toContain('"IN"');
    expect(code).not.toContain('ONLY_IN_THE_ANSWER');
  });

  it('leaves a module without endpoints or lazy schemas as it is', () => {
    const source = "export const MSG = { saved: 'Saved' };\n";
    expect(forTheServer(source)).toBe(source);
  });

  it('leaves the endpoint summaries out of a built Lambda, and keeps its request schemas', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-server-contracts-kart-'));
    try {
      const metafile = await bundleFunction(join(ROOT, 'functions', 'src', 'entries', 'kart.ts'), dir);
      const code = Object.keys(metafile.outputs)
        .filter((o) => o.endsWith('.mjs'))
        .map((o) => readFileSync(join(ROOT, o), 'utf8'))
        .join('\n');
      // kart.saveKart's summary (an answer-only schema dropping out is the test above: what remains of one
      // here may be a request's field of the same name).
      expect(code).not.toContain('Creates or edits a quotation');
      // A request field of the same contract is still validated.
      expect(code).toContain('isVouchered');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("no server code reads what the bundles drop: an endpoint's response or summary", () => {
    // Everything functions/ imports from @tp/contracts, and each read of a DOC_ONLY property on it.
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory()
          ? files(join(dir, d.name))
          : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts')
            ? [join(dir, d.name)]
            : [],
      );
    const reads: string[] = [];
    for (const file of files(join(ROOT, 'functions', 'src'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const fromContracts = new Set<string>();
      for (const s of source.statements)
        if (
          ts.isImportDeclaration(s) &&
          ts.isStringLiteral(s.moduleSpecifier) &&
          s.moduleSpecifier.text.startsWith('@tp/contracts')
        ) {
          const b = s.importClause?.namedBindings;
          if (b && ts.isNamespaceImport(b)) fromContracts.add(b.name.text);
          if (b && ts.isNamedImports(b)) for (const e of b.elements) fromContracts.add(e.name.text);
        }
      const root = (e: ts.Expression): ts.Expression => (ts.isPropertyAccessExpression(e) ? root(e.expression) : e);
      const visit = (n: ts.Node): void => {
        if (ts.isPropertyAccessExpression(n) && (DOC_ONLY_PROPERTIES as readonly string[]).includes(n.name.text)) {
          const r = root(n.expression);
          // An endpoint reached from a contracts import, or any `.response` (no server object of ours has one).
          if ((ts.isIdentifier(r) && fromContracts.has(r.text)) || n.name.text === 'response')
            reads.push(`${relative(ROOT, file)}: ${n.getText(source)}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(source);
    }
    expect(reads).toEqual([]);
  });
});
