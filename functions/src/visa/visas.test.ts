import { describe, expect, it } from 'vitest';
import { visaSlug } from '@tp/contracts/endpoints/visa';
import { asSiteId } from '#lib/keys';
import { visaKeys } from './keys.ts';
import { orderChecklists } from './visas.ts';

const site = asSiteId('s1');
const list = (code: string | null, name = code ?? '') => ({
  nationality_countryId: code ? { countryCode: code, countryName: name } : null,
});

describe('visa rules', () => {
  it('orders checklists IN first, then by nationality name, the default last', () => {
    const ordered = orderChecklists([
      list(null),
      list('GB', 'United Kingdom'),
      list('AU', 'Australia'),
      list('IN', 'India'),
    ]);
    expect(ordered.map((l) => l.nationality_countryId?.countryCode ?? null)).toEqual(['IN', 'AU', 'GB', null]);
  });

  it('makes link names from names', () => {
    expect(visaSlug('United Arab Emirates')).toBe('united-arab-emirates');
    expect(visaSlug('Tourist visa – 30 days')).toBe('tourist-visa-30-days');
    expect(visaSlug('  Côte d’Ivoire!! ')).toBe('cote-d-ivoire');
    expect(visaSlug('###')).toBe('');
    expect(visaSlug('a'.repeat(80))).toHaveLength(64);
  });

  it('keeps every key inside its site and refuses key-forging parts', () => {
    expect(visaKeys.country(site, 'uae')).toEqual({ pk: 'SITE#s1#VISA#COUNTRY', sk: 'uae' });
    expect(visaKeys.categoryIndex(site, 'uae', 7, 'c1')).toEqual({
      gsi1pk: 'SITE#s1#VISA#COUNTRY#uae#CATS',
      gsi1sk: '007#c1',
    });
    expect(visaKeys.checklist(site, 'c1', '')).toEqual({ pk: 'SITE#s1#VISA#CHECKLIST#c1', sk: '~' });
    expect(visaKeys.checklist(site, 'c1', 'IN').sk).toBe('IN');
    expect(visaKeys.categoryName(site, 'uae', ' Tourist #1 ').sk).toBe('tourist%20%231');
    expect(() => visaKeys.category(site, 'a#b')).toThrow();
    expect(visaKeys.country(asSiteId('s2'), 'uae').pk).toBe('SITE#s2#VISA#COUNTRY');
  });
});
