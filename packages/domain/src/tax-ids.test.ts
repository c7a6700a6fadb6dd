import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isValidGstin, isValidPan, panOfGstin, taxIdProblem } from './tax-ids.ts';

describe('PAN format', () => {
  it('is 5 letters, 4 digits, 1 letter', () => {
    expect(isValidPan('AAPFU0939F')).toBe(true);
    expect(isValidPan('ABCDE1234Z')).toBe(true);
  });
  it.each(['AAPFU0939', 'AAPFU0939FF', 'AAPF10939F', 'AAPFU09391', 'aapfu0939f', '', 'AAPFU 939F'])(
    'refuses %j',
    (pan) => expect(isValidPan(pan)).toBe(false),
  );
});

describe('GSTIN check digit', () => {
  it('accepts real-shaped GSTINs whose check character matches', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
  it('refuses a wrong check character and every single-character change', () => {
    const gstin = '27AAPFU0939F1ZV';
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    for (let i = 0; i < 14; i++) {
      const ch = gstin[i] === '7' ? '8' : gstin[i] === 'A' ? 'B' : gstin[i] === 'Z' ? 'Z' : '1';
      if (ch === gstin[i]) continue;
      expect(isValidGstin(gstin.slice(0, i) + ch + gstin.slice(i + 1))).toBe(false);
    }
  });
  it('refuses the wrong shape (entity 0, missing Z, short)', () => {
    expect(isValidGstin('27AAPFU0939F0ZV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });
  it('names the PAN it holds', () => expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F'));
});

describe('taxIdProblem', () => {
  it('says why a number fails, or null', () => {
    expect(taxIdProblem('pan', 'aapfu0939f')).toBeNull();
    expect(taxIdProblem('pan', 'AAPFU0939')).toMatch(/Not a PAN/);
    expect(taxIdProblem('gst', '27AAPFU0939F1ZV')).toBeNull();
    expect(taxIdProblem('gst', '27AAPFU0939F1ZW')).toBe('GSTIN check digit does not match');
    expect(taxIdProblem('gst', '27AAPFU')).toMatch(/Not a GSTIN/);
  });
});
