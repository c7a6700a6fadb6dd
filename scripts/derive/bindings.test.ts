/** Each domain's answered.generated.ts is what `npm run derive` would write from its answers today. */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveAll } from './bindings.ts';

describe('derived bindings', () => {
  it.each([...deriveAll()].map(([path, text]) => [relative(process.cwd(), path), path, text]))(
    '%s is current (run `npm run derive`)',
    (_, path, text) => {
      expect(existsSync(path) ? readFileSync(path, 'utf8') : undefined).toBe(text);
    },
  );
});
