import { describe, expect, it } from 'vitest';
import * as contract from '@tp/contracts/endpoint';
import * as site from '@tp/contracts/endpoints/site';
import * as rbacEndpoints from '@tp/contracts/endpoints/rbac';
import * as userEndpoints from '@tp/contracts/endpoints/users';
import * as boot from './boot.ts';

// The boot path's schema-free copies must say exactly what the contract says.
const pairs = [
  [boot.detectSite, site.detectSite],
  [boot.getUserBySessionId, userEndpoints.getUserBySessionId],
  [boot.login, userEndpoints.login],
  [boot.logout, userEndpoints.logout],
  [boot.googleLogin, userEndpoints.googleLogin],
  [boot.facebookLogin, userEndpoints.facebookLogin],
  [boot.getPermissionsFromSession, rbacEndpoints.getPermissionsFromSession],
] as const;

describe('boot contract copies', () => {
  it.each(pairs.map(([copy, real]) => [real.id, copy, real] as const))('%s matches the contract', (_id, copy, real) => {
    const { id, api, method, path, auth, envelope } = real;
    expect(copy).toEqual({ id, api, method, path, auth, ...(envelope ? { envelope } : {}) });
    expect(boot.urlPath(copy)).toBe(contract.urlPath(real));
  });

  it('has the contract constants', () => {
    expect(boot.API_BASES).toEqual(contract.API_BASES);
    expect(boot.POLICY_PAGES).toEqual(site.POLICY_PAGES);
    expect(boot.CRM_MODULES).toEqual(site.CRM_MODULES);
  });
});
