import { describe, expect, it } from 'vitest';
import { quietLog } from '#lib/testing';
import { SimulatorSupply } from './simulator/index.ts';
import { memorySimStore } from './simulator/store.ts';
import { HOLD_NOT_ALLOWED, SEARCH_NOT_ALLOWED, SupplierSiteSupply } from './supplier-site.ts';
import type { SupplyContext } from './types.ts';
import { asSiteId } from '#lib/keys';

const ctx: SupplyContext = {
  siteId: asSiteId('consumer'),
  now: new Date('2026-11-22T06:00:00Z'),
  endUserIp: '10.0.0.1',
  log: quietLog(),
};
const req = {
  JourneyType: 1 as const,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
  adultCount: 1,
  childCount: 0,
  infantCount: 0,
  cabinClass: 1,
  Sources: ['GDS'],
};
const link = (search: boolean, hold: boolean) => ({
  supplierSiteId: 'supplier',
  isFlightSearchAllowed: search,
  isFlightHoldAllowed: hold,
});

describe('supplier site supply', () => {
  it("names the supplier site and serves the supplier's own supply", async () => {
    const s = new SupplierSiteSupply(link(true, true), new SimulatorSupply(asSiteId('supplier'), {}, memorySimStore()));
    expect(s.name).toBe('site:supplier');
    expect(s.supplierSiteId).toBe('supplier');
    const res = await s.search(req, ctx);
    expect(res.results[0]!.some((o) => o.isHoldAllowed)).toBe(true);
  });

  it('refuses search when the supplier switched it off', async () => {
    const s = new SupplierSiteSupply(
      link(false, true),
      new SimulatorSupply(asSiteId('supplier'), {}, memorySimStore()),
    );
    await expect(s.search(req, ctx)).rejects.toMatchObject({ kind: 'notAllowed', message: SEARCH_NOT_ALLOWED });
    await expect(s.calendarFare({ origin: 'DEL', destination: 'BOM', month: '2026-12' }, ctx)).rejects.toMatchObject({
      kind: 'notAllowed',
    });
  });

  it('offers no holds without the hold switch, also through a second hop', async () => {
    const inner = new SupplierSiteSupply(link(true, false), new SimulatorSupply(asSiteId('top'), {}, memorySimStore()));
    const s = new SupplierSiteSupply(link(true, true), inner);
    expect(s.holdAllowed).toBe(false);
    const res = await s.search(req, ctx);
    expect(res.results[0]!.every((o) => !o.isHoldAllowed)).toBe(true);
    const ref = { traceId: res.traceId, resultIndex: res.results[0]![0]!.resultIndex };
    expect((await s.fareQuote(ref, ctx)).option.isHoldAllowed).toBe(false);
    await expect(s.book({ ...ref, passengers: [], expectedFare: res.results[0]![0]!.fare }, ctx)).rejects.toMatchObject(
      {
        kind: 'notAllowed',
        message: HOLD_NOT_ALLOWED,
      },
    );
  });

  it('books a GDS fare to be ticketed at once without the hold switch: a sale is not a hold', async () => {
    const s = new SupplierSiteSupply(
      link(true, false),
      new SimulatorSupply(asSiteId('supplier'), {}, memorySimStore()),
    );
    const res = await s.search(req, ctx);
    const option = res.results[0]!.find((o) => !o.isLcc)!;
    const ref = { traceId: res.traceId, resultIndex: option.resultIndex };
    const quoted = (await s.fareQuote(ref, ctx)).option;
    const passengers = [
      {
        title: 'Mr' as const,
        firstName: 'Ravi',
        lastName: 'Kumar',
        paxType: 1 as const,
        gender: 1 as const,
        isLeadPax: true,
        dateOfBirth: '1988-04-12',
        baggage: [],
        mealDynamic: [],
        seat: [],
      },
    ];
    const booked = await s.book({ ...ref, passengers, expectedFare: quoted.fare, ticketAtOnce: true }, ctx);
    expect(booked.pnr).toMatch(/^[A-Z0-9]{6}$/);
    const t = await s.ticket({ ...ref, supplierBookingId: booked.supplierBookingId, pnr: booked.pnr }, ctx);
    expect(t.tickets).toHaveLength(1);
  });
});
