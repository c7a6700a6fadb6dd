/**
 * Contracts as a Lambda needs them (docs/benchmarks.md "What a Lambda never reads").
 *
 * An `endpoint({…})` of @tp/contracts carries, beside what the server uses (route, auth, request schema),
 * its `response` schema and its `summary`. Those two are for the OpenAPI document and the contract tests,
 * which run from the sources: no Lambda reads them (`functions/` never does, and a test in
 * tests/infra/bundle.test.ts keeps it so). Yet a bundle kept them, and with them every response record's
 * schema code, all on the cold path: compiled at every cold start and never run.
 *
 * This esbuild plugin blanks those two properties in the endpoint definitions of the contract sources it
 * loads (blanked, not cut: lines keep their numbers, so the source map still points at the right place),
 * and marks each `lazy(…)` and `endpoint(…)` call pure, so esbuild drops the schemas and endpoints this
 * bundle no longer references. (esbuild reads `@__NO_SIDE_EFFECTS__` on a function only within its own file,
 * and its `pure` option only for globals: the annotation has to sit at each call.)
 */
import { readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/** Properties of an endpoint definition that only documentation and tests read. */
export const DOC_ONLY_PROPERTIES = ['response', 'summary'] as const;

/** Calls that build a value and do nothing else: an unused result may be dropped. */
const PURE_CALLS = ['lazy', 'endpoint'];
const PURE = '/* @__PURE__ */ ';

/**
 * `source` (a contracts module) for a Lambda bundle: the DOC_ONLY_PROPERTIES of each `endpoint({…})` call's
 * object literal replaced by spaces (their trailing comma included, newlines kept), and each PURE_CALLS call
 * annotated as pure.
 */
export function forTheServer(source: string, fileName = 'contract.ts'): string {
  if (!PURE_CALLS.some((name) => source.includes(`${name}(`))) return source;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ranges: [number, number][] = [];
  const pure: number[] = [];
  const visit = (node: ts.Node): void => {
    const callee = ts.isCallExpression(node) && ts.isIdentifier(node.expression) ? node.expression.text : undefined;
    if (callee && PURE_CALLS.includes(callee)) pure.push(node.getStart(file));
    if (ts.isCallExpression(node) && callee === 'endpoint') {
      const [arg] = node.arguments;
      if (arg && ts.isObjectLiteralExpression(arg))
        for (const p of arg.properties) {
          const name = p.name && ts.isIdentifier(p.name) ? p.name.text : undefined;
          if (!ts.isPropertyAssignment(p) || !(DOC_ONLY_PROPERTIES as readonly string[]).includes(name ?? '')) continue;
          let end = p.getEnd();
          if (source[end] === ',') end += 1;
          ranges.push([p.getStart(file), end]);
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  // Edits from the end, so each one's positions are still those of the parsed source.
  const edits = [
    ...ranges.map(([start, end]) => ({ start, end, text: source.slice(start, end).replace(/[^\n]/g, ' ') })),
    // A call inside a blanked property is blanked with it.
    ...pure
      .filter((at) => !ranges.some(([start, end]) => at >= start && at < end))
      .map((start) => ({ start, end: start, text: PURE })),
  ].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = source;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const CONTRACTS_SRC = `${sep}packages${sep}contracts${sep}src${sep}`;

/**
 * Rewritten sources by path, while their text is unchanged: building every bundle (twice each, see
 * bundleFunction) loads the same contract files ~50 times in one process.
 */
const rewritten = new Map<string, { source: string; contents: string }>();

/** The plugin: contract sources (not their tests) load without their doc-only endpoint properties. */
export function serverContracts(): Plugin {
  return {
    name: 'server-contracts',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.includes(CONTRACTS_SRC) || args.path.endsWith('.test.ts')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        let done = rewritten.get(args.path);
        if (done?.source !== source)
          rewritten.set(args.path, (done = { source, contents: forTheServer(source, args.path) }));
        return { contents: done.contents, loader: 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}
