import { describe, expect, it } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { BOOKING_REVIEW_PATH, decideFailure, type Failure } from './catalogue.ts';

const here = { pathname: '/user/dashboard', search: '?tab=1' };
const site = { api: 'site', method: 'POST', auth: 'user' } as const;
const flight = { api: 'flight', method: 'POST', auth: 'user' } as const;
const envelope = (message: string) => ({ success: false, message, errorMessage: message, code: 'X' });
const decide = (f: Partial<Failure> & Pick<Failure, 'status'>) => decideFailure({ endpoint: site, ...f }, here);

describe('error catalogue (spec 000 §8)', () => {
  it('401 logs the user out to /login with redirectTo', () => {
    expect(decide({ status: 401, body: envelope('Your session has expired') })).toEqual({
      kind: 'logout',
      to: '/login?redirectTo=%2Fuser%2Fdashboard%3Ftab%3D1',
    });
  });

  it('401 during a flight call logs out and goes to flight search', () => {
    expect(decide({ endpoint: flight, status: 401 })).toEqual({ kind: 'logout', to: '/flight' });
  });

  it('401 from a public call (wrong password) is an answer to show, not a lost session', () => {
    expect(
      decide({ endpoint: { ...site, auth: 'public' }, status: 401, body: envelope(MSG.invalidCredentials) }),
    ).toEqual({
      kind: 'toast',
      message: MSG.invalidCredentials,
    });
  });

  it("401 from an operator's call signs out to the console's own sign-in; the console sign-in's 401 is an answer", () => {
    const console = { pathname: '/console/resellers/s1', search: '' };
    expect(decideFailure({ endpoint: { ...site, auth: 'operator' }, status: 401 }, console)).toEqual({
      kind: 'logout',
      to: '/console/login?redirectTo=%2Fconsole%2Fresellers%2Fs1',
    });
    expect(
      decideFailure({ endpoint: { ...site, auth: 'console' }, status: 401, body: envelope('Wrong') }, console),
    ).toEqual({ kind: 'toast', message: 'Wrong' });
  });

  it('402 on a flight call goes to booking review; elsewhere it is a plain error', () => {
    expect(decide({ endpoint: flight, status: 402, body: envelope('Fare changed') })).toEqual({
      kind: 'navigate',
      to: BOOKING_REVIEW_PATH,
    });
    expect(decide({ status: 402, body: envelope('Payment required') })).toEqual({
      kind: 'toast',
      message: 'Payment required',
    });
  });

  it('502 is the request-timeout toast, whatever the body', () => {
    expect(decide({ status: 502, body: envelope('Supplier timed out') })).toEqual({
      kind: 'toast',
      message: MSG.requestTimeout,
    });
    expect(decide({ status: 502, body: '<html>Bad gateway</html>' })).toEqual({
      kind: 'toast',
      message: MSG.requestTimeout,
    });
  });

  it('400 toasts the errorMessage', () => {
    expect(decide({ status: 400, body: envelope('Please enter a valid phone number') })).toEqual({
      kind: 'toast',
      message: 'Please enter a valid phone number',
    });
  });

  it('success false with an errorMessage toasts it, even on HTTP 200', () => {
    expect(decide({ status: 200, body: envelope('Group already exists') })).toEqual({
      kind: 'toast',
      message: 'Group already exists',
    });
    expect(decide({ status: 409, body: envelope('Conflict here') })).toEqual({
      kind: 'toast',
      message: 'Conflict here',
    });
  });

  it("keeps 'No SSR details' silent", () => {
    expect(decide({ endpoint: flight, status: 400, body: envelope('No SSR details found for this fare') })).toEqual({
      kind: 'silent',
    });
    expect(decide({ status: 200, body: { success: false, message: 'No SSR details', errorMessage: '' } })).toEqual({
      kind: 'silent',
    });
  });

  it('no response at all is only logged', () => {
    expect(decide({ status: 0, error: new TypeError('Failed to fetch') })).toEqual({ kind: 'log' });
  });

  it('falls back to the HTTP failure text naming the method', () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect(decideFailure({ endpoint: { ...site, method }, status: 500, body: 'oops' }, here)).toEqual({
        kind: 'toast',
        message: `Something went wrong. HTTP (${method}) request failed. Please contact support.`,
      });
    }
  });

  it("uses 'Some error occurred' for an envelope without any message", () => {
    expect(decide({ status: 200, body: { success: false } })).toEqual({ kind: 'toast', message: MSG.someError });
  });
});
