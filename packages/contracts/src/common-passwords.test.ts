import { brotliDecompressSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as MSG from './messages.ts';
import { ZPassword } from './endpoints/users.ts';
import { commonPasswordList } from './common-passwords.node.ts';

const firstError = (password: unknown) => ZPassword.safeParse(password).error?.issues[0]?.message;

describe('password rules (ZPassword)', () => {
  it('refuses common and breached passwords with their own message, whatever the letter case', () => {
    for (const p of ['password1', 'aaaaaaa1', 'Password1', 'QWERTY123', 'iloveyou', 'Secret123'])
      expect(firstError(p), p).toBe(MSG.commonPassword);
  });

  it('accepts a password of 8 or more characters that is not on the list, with no composition rules', () => {
    for (const p of ['Tr4vel-Desk-42', 'correct horse battery staple', 'mumbai monsoon', 'पासवर्ड सुरक्षित'])
      expect(ZPassword.safeParse(p).success, p).toBe(true);
  });

  it('asks for 8 characters first, and caps the length', () => {
    expect(firstError('')).toBe(MSG.passwordRules);
    expect(firstError('abc1234')).toBe(MSG.passwordRules);
    expect(firstError('x'.repeat(129))).toBe(MSG.tooLong(128));
    expect(firstError(undefined)).toBe(MSG.required);
  });
});

describe('common-password list sidecar (data/common-passwords.br)', () => {
  it('is the installed @zxcvbn-ts/language-common list, 8 characters and longer', () => {
    const file = brotliDecompressSync(readFileSync(new URL('./data/common-passwords.br', import.meta.url)));
    // If this fails after a @zxcvbn-ts/language-common upgrade: `npm run common-passwords -w packages/contracts`.
    expect(file.toString('utf8').split('\n')).toEqual(commonPasswordList());
    expect(commonPasswordList().length).toBeGreaterThan(15_000);
  });
});
