/** Each domain's answered.generated.ts is what `npm run derive` would write from its answers today. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveAll, deriveDomain } from './bindings.ts';

describe('derived bindings', () => {
  it.each([...deriveAll()].map(([path, text]) => [relative(process.cwd(), path), path, text]))(
    '%s is current (run `npm run derive`)',
    (_, path, text) => {
      expect(existsSync(path) ? readFileSync(path, 'utf8') : undefined).toBe(text);
    },
  );
});

describe('the deriver', () => {
  it('reads a destructured first parameter, and a wiring parameter after it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'derive-'));
    try {
      writeFileSync(
        join(dir, 'm.ts'),
        [
          "import * as api from '@tp/contracts/endpoints/x';",
          "import { answers } from '#lib/http';",
          'export interface XWiring { run(): void }',
          'export const answerA = answers(api.a, async ({ queue, ...filter }, scope) => list(scope, filter, queue));',
          'export const answerB = answers(api.b, ({ id, ...rest }, scope, wiring: XWiring) => wiring.run());',
        ].join('\n'),
      );
      const text = deriveDomain(dir) ?? '';
      expect(text).toContain("gathered(c0.a, () => import('./m.ts'), 'answerA', undefined)");
      expect(text).toContain("gathered(c0.b, () => import('./m.ts'), 'answerB', wiring)");
      expect(text).toContain("import type { XWiring } from './m.ts';");
      expect(text).toContain('export const answered = (wiring: XWiring): Operation[]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
