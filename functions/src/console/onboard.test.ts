import { describe, expect, it } from 'vitest';
import { bareDomains, invoicePrefix, newSiteId, requestHash, siteModulesOf, startingSettings } from './onboard.ts';
import { lookToBook } from './view.ts';

const request = {
  idempotencyKey: 'key-00000001',
  companyName: 'Acme Travels',
  domains: ['acme.localhost'],
  legalEntity: { legalName: 'Acme', gstin: '27AAPFU0939F1ZV', state: 'MH', pan: 'AAPFU0939F', address: '' },
  adminContact: '+91 98200 00001',
  adminEmail: 'support@acme.localhost',
  modules: ['flights' as const],
  supplierMode: 'simulator' as const,
  gatewayMode: 'sandbox' as const,
  branding: { primary: '#000000', secondary: '#ffffff' },
};

describe('onboarding rules', () => {
  it("turns what is sold into the SPA's modules, once each", () => {
    expect(siteModulesOf(['flights', 'fixedDepartures', 'visas', 'DMC'])).toEqual([
      'flights',
      'FlightsForm',
      'VisaEnquiry',
      'DMC',
    ]);
  });

  it('registers bare domains, without ports, www or repeats', () => {
    expect(bareDomains(['Acme.localhost:4000', 'www.acme.localhost', 'shop.acme.in'])).toEqual([
      'acme.localhost',
      'shop.acme.in',
    ]);
  });

  it("names a site after its first domain's first label, with a random tail", () => {
    expect(newSiteId('acme.localhost', 'a1b2c3d4e5')).toBe('site-acme-a1b2c3');
    expect(newSiteId('-.example', 'a1b2c3')).toBe('site---a1b2c3');
  });

  it('takes the invoice prefix from the initials', () => {
    expect(invoicePrefix('Acme Travels')).toBe('AT');
    expect(invoicePrefix('Skyway')).toBe('SKY');
    expect(invoicePrefix('Sun & Sand Holidays Pvt Ltd')).toBe('SSH');
    expect(invoicePrefix('!!!')).toBe('INV');
  });

  it('hashes what a request asks, not its key, nor the order of its fields', () => {
    const same = requestHash({ ...request, idempotencyKey: 'another-key-1' });
    expect(same).toBe(requestHash(request));
    const { branding, ...rest } = request;
    expect(requestHash({ branding: { secondary: branding.secondary, primary: branding.primary }, ...rest })).toBe(
      requestHash(request),
    );
    expect(requestHash({ ...request, companyName: 'Acme Two' })).not.toBe(requestHash(request));
  });

  it('starts with the simulator and the sandbox only when chosen', () => {
    expect(startingSettings('simulator', 'sandbox')).toEqual({
      flightSupply: { kind: 'simulator' },
      paymentGateway: { kind: 'sandbox' },
    });
    expect(startingSettings('tbo', 'phonepe')).toEqual({});
    expect(startingSettings('none', 'none')).toEqual({});
  });

  it('gives look-to-book as searches per booking, none before a booking', () => {
    expect(lookToBook({ searches: 10, bookings: 0 })).toBeNull();
    expect(lookToBook({ searches: 10, bookings: 3 })).toBe(3.3);
  });
});
