import { describe, expect, it } from 'vitest';
import { backoff } from './workers.ts';

describe('local worker loop back-off while SQS is down', () => {
  it('waits longer after each failure, up to the cap, and starts over after a success', () => {
    const b = backoff(250, 5_000);
    expect(Array.from({ length: 7 }, () => b.fail())).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    b.reset();
    expect(b.fail()).toBe(250);
  });
});
