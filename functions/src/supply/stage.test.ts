/** The stage's simulated-supply rule (SIMULATED_SUPPLY), on the choice of supply a setting makes. */
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { resetEnvCache } from '#lib/config';
import { asSiteId } from '#lib/keys';
import { clearSupplyCache, supplyFromSettings } from './index.ts';
import { SupplyError } from './types.ts';

const SITE = asSiteId('stage-test');
const TBO = { kind: 'tbo', baseUrl: 'https://api.example.com', clientId: 'c', userName: 'u', password: 'p' } as const;

const onStage = (value: string | undefined) => {
  if (value === undefined) delete process.env.SIMULATED_SUPPLY;
  else process.env.SIMULATED_SUPPLY = value;
  resetEnvCache();
  clearSupplyCache();
};
const refusal = (run: () => unknown): unknown => {
  try {
    run();
    return null;
  } catch (err) {
    return err;
  }
};

afterEach(() => onStage(undefined));

describe('simulated supply by stage', () => {
  it('serves the simulator where the stage allows it', () => {
    onStage('allowed');
    expect(supplyFromSettings(SITE, { kind: 'simulator' }).name).toBe('simulator');
  });

  it('refuses it where the stage forbids it, and where the stage says nothing', () => {
    for (const value of ['forbidden', undefined]) {
      onStage(value);
      const err = refusal(() => supplyFromSettings(SITE, { kind: 'simulator' }));
      expect(err).toBeInstanceOf(SupplyError);
      expect(err).toMatchObject({ kind: 'notConfigured', message: SUPPLY_MSG.unavailable });
    }
  });

  it('serves a real supplier on every stage', () => {
    onStage('forbidden');
    expect(supplyFromSettings(SITE, TBO).name).toBe('tbo');
  });
});
