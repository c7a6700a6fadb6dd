import { describe, expect, it } from 'vitest';
import { dialCodeOf, hasValidCountryCode, isValidPhone, phoneCountries, phoneFromInternational } from './phone.ts';

describe('phone rules', () => {
  it('lists India first and never the excluded countries', () => {
    const list = phoneCountries();
    expect(list[0]).toMatchObject({ code: 'in', dial_code: '+91' });
    for (const c of ['pk', 'af', 'iq', 'ir', 'kp', 'ps']) expect(list.some((x) => x.code === c)).toBe(false);
    expect(list.length).toBeGreaterThan(200);
  });

  it("gives an offered country's dial code as the country list does, and none for the others", () => {
    for (const c of phoneCountries()) expect(dialCodeOf(c.code)).toBe(c.dial_code);
    expect(dialCodeOf('AE')).toBe('+971');
    expect(dialCodeOf('pk')).toBeUndefined();
    expect(dialCodeOf('zz')).toBeUndefined();
    expect(dialCodeOf('INVALID')).toBeUndefined();
  });

  it('accepts a real Indian mobile and rejects a short one', () => {
    expect(isValidPhone('9876543210', 'in')).toBe(true);
    expect(isValidPhone('98765', 'in')).toBe(false);
  });

  it('rejects numbers from excluded countries even when well formed', () => {
    expect(isValidPhone('3001234567', 'pk')).toBe(false);
  });

  it('treats INVALID and unknown codes as no country code', () => {
    expect(hasValidCountryCode('INVALID')).toBe(false);
    expect(hasValidCountryCode(undefined)).toBe(false);
    expect(hasValidCountryCode('in')).toBe(true);
    expect(hasValidCountryCode('zz')).toBe(false);
  });

  it('reads an international number into national number and country code', () => {
    expect(phoneFromInternational('+91 99887 76655')).toEqual({ phoneNumber: '9988776655', phoneCountryCode: 'in' });
    expect(phoneFromInternational('99887 76655')).toBeNull();
    expect(phoneFromInternational('+92 300 1234567')).toBeNull();
  });
});

describe('phone metadata sidecar (data/phone-metadata.br, read by Lambda bundles)', () => {
  it('is the installed libphonenumber-js min metadata', async () => {
    const { readFileSync } = await import('node:fs');
    const { brotliDecompressSync } = await import('node:zlib');
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const sidecar = brotliDecompressSync(readFileSync(new URL('./data/phone-metadata.br', import.meta.url))).toString();
    const installed = readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8');
    // If this fails after a libphonenumber-js upgrade: `npm run phone-metadata -w packages/domain`.
    expect(JSON.parse(sidecar)).toEqual(JSON.parse(installed));
  });
});
