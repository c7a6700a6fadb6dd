/** A failed rule is one 400: the first message as the toast, every failed field named. */
import { describe, expect, it } from 'vitest';
import { refuseIfAny } from './errors.ts';

const thrown = (f: () => void) => {
  try {
    f();
    return null;
  } catch (err) {
    return err;
  }
};

describe('refuseIfAny', () => {
  it('passes when no rule failed', () => {
    expect(thrown(() => refuseIfAny({}))).toBeNull();
    expect(thrown(() => refuseIfAny({ name: undefined }))).toBeNull();
  });

  it('refuses with the first message and every failed field, under a prefix when given', () => {
    expect(thrown(() => refuseIfAny({ from: 'Pick a start', to: undefined, pax: 'Add a traveller' }))).toMatchObject({
      code: 'VALIDATION',
      message: 'Pick a start',
      fields: { from: 'Pick a start', pax: 'Add a traveller' },
    });
    expect(thrown(() => refuseIfAny({ price: 'Too low' }, 'rates[2].'))).toMatchObject({
      fields: { 'rates[2].price': 'Too low' },
    });
  });
});
