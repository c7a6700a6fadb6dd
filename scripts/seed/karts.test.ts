/** The demo quotations pass every kart rule (vouchered ones too) and put their transfers on the job sheet. */
import { describe, expect, it } from 'vitest';
import { DMC_RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import { kartErrors, transfersOfVoucher } from '@tp/domain/dmc';
import { demoKart } from './karts.ts';

const customer = { id: 'u1', name: 'Asha Rao', phone: '9876543210' };

describe('demo karts', () => {
  it.each([false, true])('vouchered %s passes the §5 rules', (vouchered) => {
    const k = demoKart('dmc-kart-demo-x', customer, vouchered);
    expect(kartErrors(k, DMC_RULE_MESSAGES)).toEqual({});
    expect(k.activities[0]!.price).toBeGreaterThan(0);
    expect(transfersOfVoucher(k)).toHaveLength(vouchered ? 4 : 0);
  });
});
