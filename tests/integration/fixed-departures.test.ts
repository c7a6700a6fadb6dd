/**
 * Fixed departures through the gateway: staff keep inventory (every rule refused with its
 * message, nothing written); users see what is on sale priced with their group's fixed-departure markup; a
 * booking is a payment order paid through the flights machinery (wallet debited once); N parallel bookings
 * for fewer seats sell exactly the seats there are and refund the rest; the print is public by its slug
 * (prices only for the booker); other sites see nothing unless linked with the FixedDeparture category.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FD_TEXT,
  bookFixedDeparture,
  fixedDepartureSales,
  listFixedDepartures,
  printFixedDeparture,
  quoteFixedDeparture,
  saveFixedDeparture,
  searchFixedDepartures,
  type TFdOffer,
  type TStaffDeparture,
} from '@tp/contracts/endpoints/fixed-departures';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import { saveFixedDepartureMarkup } from '@tp/contracts/endpoints/markup';
import type { TBooking, TPaymentOrder } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { FD_MSG } from '@tp/domain/fixed-departures';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { Client } from '../support/api.ts';
import { FLIGHTDEALS, PARTNER, SKYWAY } from './customers-helpers.ts';
import { adult, inDays, newCustomer, type Customer } from './flights-helpers.ts';
import { callAt, ok, refused, staff } from './dmc-helpers.ts';

const FD_SITE = FLIGHTDEALS;

let admin: Client;
/** A sector of this run's own (its markup rule is this file's, not the seed's). */
const SECTOR = { origin: 'GOI', destination: 'DXB' };

/** A one-way GOI→DXB block departing in 30 days, on sale from a week ago until 3 days before. */
function departure(over: Record<string, unknown> = {}) {
  const day = inDays(30);
  return {
    title: 'Goa to Dubai group',
    pnr: 'GRP123',
    flights: [
      {
        airlineCode: '6e',
        flightNumber: '1543',
        ...SECTOR,
        departureTime: `${day}T02:10`,
        arrivalTime: `${day}T04:05`,
        baggage: '30 Kg',
        cabinBaggage: '7 Kg',
      },
    ],
    totalSeats: 10,
    fares: {
      adult: { baseFare: 10_000, tax: 2_000 },
      child: { baseFare: 9_000, tax: 2_000 },
      infant: { baseFare: 1_500, tax: 500 },
    },
    saleFrom: inDays(-7),
    saleUntil: inDays(27),
    ...over,
  };
}

const save = (over: Record<string, unknown> = {}) => ok<TStaffDeparture>(admin, saveFixedDeparture, departure(over));

async function walletOf(c: Customer) {
  return (await balanceOf(FLIGHTDEALS.siteId, c.legalEntityId)).balance;
}

/** Books one adult (as the SPA: the order, then orderSuccessCallback for the wallet). */
async function bookAdult(c: Customer, id: string, supplierSiteId: string | null = null) {
  const res = await c.client.call(bookFixedDeparture, {
    id,
    ...(supplierSiteId ? { supplierSiteId } : {}),
    passengers: [adult({ firstName: 'Ravi' })],
    paymentMode: 'wallet',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TPaymentOrder;
}

beforeAll(async () => {
  admin = await staff(FLIGHTDEALS, 'admin');
}, 60_000);

describe('inventory (staff)', () => {
  it('saves a departure with names, durations and every seat left, and lists it by departure', async () => {
    const d = await save();
    expect(d).toMatchObject({ pnr: 'GRP123', totalSeats: 10, seatsLeft: 10, onSale: true, version: 1 });
    expect(d.flights[0]).toMatchObject({
      airlineCode: '6E',
      airlineName: expect.stringMatching(/indigo/i),
      originCity: 'Goa',
      destinationCity: 'Dubai',
      // 02:10 in Goa (UTC+5:30) to 04:05 in Dubai (UTC+4): 3 h 25 min in the air.
      durationMinutes: 205,
    });
    let found: TStaffDeparture | undefined;
    let cursor: string | undefined;
    do {
      const page = await ok<{ records: TStaffDeparture[]; nextCursor: string | null }>(
        admin,
        listFixedDepartures,
        cursor ? { cursor } : {},
      );
      found = page.records.find((r) => r.id === d.id);
      cursor = page.nextCursor ?? undefined;
    } while (!found && cursor);
    expect(found).toMatchObject({ id: d.id, seatsLeft: 10 });
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const day = inDays(30);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ pnr: '' }, { pnr: MSG.required }],
      [{ totalSeats: 0 }, { totalSeats: FD_TEXT.seatsRange }],
      [{ totalSeats: 'ten' }, { totalSeats: FD_TEXT.seatsRange }],
      [{ saleFrom: inDays(20), saleUntil: inDays(10) }, { saleUntil: FD_MSG.saleWindowOrder }],
      [{ saleUntil: inDays(40) }, { saleUntil: FD_MSG.saleAfterDeparture }],
      [
        { fares: { adult: { baseFare: -1, tax: 0 }, child: { baseFare: 1, tax: 0 }, infant: { baseFare: 1, tax: 0 } } },
        { 'fares.adult.baseFare': FD_TEXT.negativeAmount },
      ],
      [
        { flights: [{ ...departure().flights[0], destination: 'GOI' }] },
        { 'flights.0.destination': FD_MSG.sameAirport },
      ],
      [
        { flights: [{ ...departure().flights[0], airlineCode: 'Q#' }] },
        { 'flights.0.airlineCode': FD_TEXT.invalidAirline },
      ],
      [
        { flights: [{ ...departure().flights[0], departureTime: `${day} 02:10` }] },
        { 'flights.0.departureTime': FD_TEXT.invalidDateTime },
      ],
      [
        {
          flights: [
            departure().flights[0],
            {
              ...departure().flights[0],
              origin: 'BOM',
              destination: 'DEL',
              departureTime: `${day}T09:00`,
              arrivalTime: `${day}T11:00`,
            },
          ],
        },
        { 'flights.1.origin': FD_MSG.sectorChain },
      ],
      [
        { flights: [{ ...departure().flights[0], destination: 'QQQ' }] },
        { 'flights.0.destination': FD_TEXT.unknownAirport },
      ],
    ];
    for (const [over, shortError] of cases) {
      const body = await refused(admin, saveFixedDeparture, departure({ title: 'Never saved', ...over }));
      expect(body.shortError, JSON.stringify(over)).toMatchObject(shortError);
    }
  });

  it('edits by version: a stale edit is refused, seats never drop below those sold', async () => {
    const agent = await newCustomer(FD_SITE, 'travelAgent', { wallet: 100_000 });
    const d = await save({ totalSeats: 4 });
    for (let i = 0; i < 2; i++) {
      const order = await bookAdult(agent, d.id);
      expect((await agent.client.call(orderSuccessCallback, { orderId: order.orderId })).status).toBe(200);
    }
    const edited = await ok<TStaffDeparture>(
      admin,
      saveFixedDeparture,
      departure({ id: d.id, version: 1, totalSeats: 6 }),
    );
    expect(edited).toMatchObject({ version: 2, totalSeats: 6, seatsLeft: 4 });
    const stale = await refused(admin, saveFixedDeparture, departure({ id: d.id, version: 1, totalSeats: 8 }), 409);
    expect(stale.errorMessage ?? stale.message).toBe(FD_TEXT.changedMeanwhile);
    const belowSold = await refused(admin, saveFixedDeparture, departure({ id: d.id, version: 2, totalSeats: 1 }));
    expect(belowSold.shortError).toEqual({ totalSeats: FD_MSG.seatsBelowSold(2) });
  });
});

describe('search, price and book', () => {
  let agent: Customer;
  let groupId: string;

  beforeAll(async () => {
    agent = await newCustomer(FD_SITE, 'travelAgent', { wallet: 200_000 });
    // The agent's own group: ₹400 per passenger on GOI-DXB, less ₹100 (18 % GST on the markup).
    groupId = (
      await ok<{ id: string }>(admin, saveLeGroup, { groupName: `FD ${Math.random().toString(36).slice(2, 8)}` })
    ).id;
    await ok(admin, mapLegalEntityToGroup, { groupId, LEId: agent.legalEntityId });
    await ok(admin, saveFixedDepartureMarkup, {
      groupId,
      ...SECTOR,
      markupType: 'fixed',
      markupValue: 400,
      discountType: 'fixed',
      discountValue: 100,
      applyPer: 'passenger',
    });
  }, 60_000);

  it('lists what is on sale with the group markup applied to every price, and books once from the wallet', async () => {
    const d = await save();
    const hidden = await save({ isActive: false });
    const page = await ok<{ records: TFdOffer[] }>(agent.client, searchFixedDepartures, { ...SECTOR });
    const offer = page.records.find((r) => r.id === d.id);
    expect(page.records.find((r) => r.id === hidden.id)).toBeUndefined();
    // Adult: 12,000 + 400 markup + 72 GST − 100 discount.
    expect(offer).toMatchObject({
      supplierSiteId: null,
      sector: 'GOI-DXB',
      seatsLeft: 10,
      prices: { adult: 12_372, child: 11_372, infant: 2_000 },
    });
    expect(page.records.every((r) => r.flights[0]?.origin === 'GOI' && r.flights.at(-1)?.destination === 'DXB')).toBe(
      true,
    );

    const quote = await ok<{ total: number }>(agent.client, quoteFixedDeparture, {
      id: d.id,
      adults: 2,
      children: 1,
      infants: 1,
    });
    // 2 × 12,000 + 11,000 + 2,000 = 37,000; markup 3 × 400 = 1,200, GST 216, discount 300.
    expect(quote.total).toBe(38_116);

    const before = await walletOf(agent);
    const order = await ok<TPaymentOrder>(agent.client, bookFixedDeparture, {
      id: d.id,
      passengers: [
        adult(),
        adult({ title: 'Mrs', firstName: 'Sita', gender: 2, isLeadPax: false }),
        adult({
          title: 'Miss',
          firstName: 'Anu',
          gender: 2,
          paxType: 2,
          dateOfBirth: inDays(-365 * 8),
          isLeadPax: false,
        }),
        adult({ title: 'Mstr', firstName: 'Dev', paxType: 3, dateOfBirth: inDays(-200), isLeadPax: false }),
      ],
      paymentMode: 'wallet',
      expectedTotal: 38_116,
    });
    expect(order).toMatchObject({ amount: 38_116, status: 'created', serviceName: 'fixedDeparture' });
    const paid = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booking = paid.body.result.bookings[0] as TBooking;
    expect(booking).toMatchObject({
      statusId: 3,
      status: 'Confirmed',
      supplier: 'fixedDeparture',
      pnr: expect.stringMatching(/^[A-Z0-9]{6}$/),
    });
    expect(booking.fare.totalPayable).toBe(38_116);
    // A repeated callback returns the same booking and debits nothing more.
    const again = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(again.body.result.bookings[0].bookingId).toBe(booking.bookingId);
    expect(await walletOf(agent)).toBe(before - 38_116);

    // Three seats taken (the infant sits on a lap); the name list shows the sale.
    const after = await ok<{ records: TFdOffer[] }>(agent.client, searchFixedDepartures, { ...SECTOR });
    expect(after.records.find((r) => r.id === d.id)?.seatsLeft).toBe(7);
    const sales = await ok<{ records: { bookingId: string; seats: number; passengers: string[] }[] }>(
      admin,
      fixedDepartureSales,
      { id: d.id },
    );
    expect(sales.records).toEqual([expect.objectContaining({ bookingId: booking.bookingId, seats: 3 })]);
    expect(sales.records[0]!.passengers).toContain('Mr Ravi Kumar');

    // The print: the booker sees prices, a visitor the same booking without them.
    const slug = booking.supplierBookingId;
    const own = await callAt(agent.client, printFixedDeparture, { fdSlug: slug });
    expect(own.status).toBe(200);
    expect(own.body.result).toMatchObject({
      showPrice: true,
      title: 'Goa to Dubai group',
      booking: { pnr: booking.pnr },
    });
    const visitor = await callAt(new Client(FLIGHTDEALS.domain), printFixedDeparture, { fdSlug: slug });
    expect(visitor.body.result.showPrice).toBe(false);
    expect(visitor.body.result.booking.fare.totalPayable).toBe(0);
    expect(visitor.body.result.booking.passengers).toHaveLength(4);
    // A well-formed slug that names nothing is not found; anything else is not a slug (both say so plainly).
    const unknown = await callAt(new Client(FLIGHTDEALS.domain), printFixedDeparture, { fdSlug: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    const malformed = await callAt(new Client(FLIGHTDEALS.domain), printFixedDeparture, { fdSlug: 'no-such-slug' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorMessage).toBe(unknown.body.errorMessage);
    // The same slug on another site is nobody's.
    expect((await callAt(new Client(SKYWAY.domain), printFixedDeparture, { fdSlug: slug })).status).toBe(404);
  });

  it('refuses bad bookings and changes nothing', async () => {
    const d = await save({ totalSeats: 2 });
    const before = await walletOf(agent);
    const call = (body: Record<string, unknown>) =>
      agent.client.call(bookFixedDeparture, { id: d.id, paymentMode: 'wallet', ...body });
    const three = await call({ passengers: [adult(), adult({ isLeadPax: false }), adult({ isLeadPax: false })] });
    expect(three.status).toBe(409);
    expect(three.body.errorMessage ?? three.body.message).toBe(FD_MSG.soldOut);
    const noAdult = await call({ passengers: [adult({ paxType: 2, title: 'Mstr', dateOfBirth: inDays(-365 * 8) })] });
    expect(noAdult.status).toBe(400);
    expect(noAdult.body.shortError).toMatchObject({ passengers: FD_MSG.noAdult });
    const infants = await call({
      passengers: [
        adult(),
        adult({ paxType: 3, title: 'Miss', gender: 2, dateOfBirth: inDays(-100), isLeadPax: false }),
        adult({ paxType: 3, title: 'Mstr', dateOfBirth: inDays(-100), isLeadPax: false }),
      ],
    });
    expect(infants.body.shortError).toMatchObject({ passengers: FD_MSG.infantsOverAdults });
    const noEmail = await call({ passengers: [adult({ email: '' })] });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.shortError).toMatchObject({ 'passengers.0.email': MSG.required });
    const price = await call({ passengers: [adult()], expectedTotal: 1 });
    expect(price.status).toBe(409);
    expect(price.body.errorMessage ?? price.body.message).toBe(FD_TEXT.priceChanged);
    expect((await call({ passengers: [adult()], id: 'no-such-departure' })).status).toBe(404);
    const closed = await save({ saleFrom: inDays(2), saleUntil: inDays(5) });
    const notYet = await agent.client.call(bookFixedDeparture, {
      id: closed.id,
      paymentMode: 'wallet',
      passengers: [adult()],
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body.errorMessage ?? notYet.body.message).toBe(FD_MSG.notOnSale);
    expect(await walletOf(agent)).toBe(before);
  });

  it('never oversells: 6 parallel bookings for 3 seats sell 3 and refund the rest, once each', async () => {
    const d = await save({ totalSeats: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, () => newCustomer(FD_SITE, 'travelAgent', { wallet: 50_000 })),
    );
    const orders = await Promise.all(buyers.map((b) => bookAdult(b, d.id)));
    const results = await Promise.all(
      buyers.map((b, i) => b.client.call(orderSuccessCallback, { orderId: orders[i]!.orderId })),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(3);
    expect(lost.map((r) => [r.status, r.body.errorMessage ?? r.body.message])).toEqual(
      Array.from({ length: 3 }, () => [409, FD_TEXT.soldOutRefunded]),
    );
    const balances = await Promise.all(buyers.map(walletOf));
    const price = orders[0]!.amount;
    expect(balances.filter((b) => b === 50_000 - price)).toHaveLength(3);
    expect(balances.filter((b) => b === 50_000)).toHaveLength(3);
    // A repeated callback of a refunded order refunds nothing more.
    const loser = results.findIndex((r) => r.status !== 200);
    await buyers[loser]!.client.call(orderSuccessCallback, { orderId: orders[loser]!.orderId });
    expect(await walletOf(buyers[loser]!)).toBe(50_000);
    const sales = await ok<{ records: unknown[] }>(admin, fixedDepartureSales, { id: d.id });
    expect(sales.records).toHaveLength(3);
    const left = await ok<{ records: TStaffDeparture[] }>(admin, listFixedDepartures, {});
    expect(left.records.find((r) => r.id === d.id)?.seatsLeft ?? 0).toBe(0);
  }, 120_000);
});

describe('sites', () => {
  it("keeps a site's inventory to itself, and shows it to consumer sites linked with FixedDeparture", async () => {
    const d = await save();
    const skyAdmin = await staff(SKYWAY, 'admin');
    const skyList = await ok<{ records: TStaffDeparture[] }>(skyAdmin, listFixedDepartures, {});
    expect(skyList.records.find((r) => r.id === d.id)).toBeUndefined();
    const skyAgent = await newCustomer(SKYWAY, 'travelAgent', { wallet: 50_000 });
    const skySearch = await ok<{ records: TFdOffer[] }>(skyAgent.client, searchFixedDepartures, {});
    expect(skySearch.records.find((r) => r.id === d.id)).toBeUndefined();
    // Naming Flight Deals as a supplier does not help an unlinked site.
    for (const ref of [{ id: d.id }, { id: d.id, supplierSiteId: FLIGHTDEALS.siteId }]) {
      const res = await skyAgent.client.call(quoteFixedDeparture, { ...ref, adults: 1 });
      expect(res.status).toBe(404);
    }
    expect((await skyAdmin.call(fixedDepartureSales, { id: d.id })).status).toBe(404);

    // Partner Holidays is linked with the FixedDeparture category (seed): it sees and books Flight Deals' seats.
    const partnerAgent = await newCustomer(PARTNER, 'travelAgent', { wallet: 50_000 });
    const partnerSearch = await ok<{ records: TFdOffer[] }>(partnerAgent.client, searchFixedDepartures, { ...SECTOR });
    const offer = partnerSearch.records.find((r) => r.id === d.id);
    expect(offer).toMatchObject({ supplierSiteId: FLIGHTDEALS.siteId, seatsLeft: 10 });
    const order = await bookAdult(partnerAgent, d.id, FLIGHTDEALS.siteId);
    const paid = await partnerAgent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await balanceOf(PARTNER.siteId, partnerAgent.legalEntityId)).balance).toBe(50_000 - order.amount);
    const sales = await ok<{ records: { siteName: string; seats: number }[] }>(admin, fixedDepartureSales, {
      id: d.id,
    });
    expect(sales.records).toEqual([expect.objectContaining({ siteName: PARTNER.companyName, seats: 1 })]);
  }, 120_000);

  it('binds staff to their permissions', async () => {
    const plainStaff = await staff(FLIGHTDEALS, 'staff');
    expect((await plainStaff.call(saveFixedDeparture, departure())).status).toBe(403);
    expect((await plainStaff.call(listFixedDepartures, {})).status).toBe(403);
    expect((await plainStaff.call(searchFixedDepartures, {})).status).toBe(200);
    expect((await new Client(FLIGHTDEALS.domain).call(searchFixedDepartures, {})).status).toBe(401);
    const retail = await newCustomer(FD_SITE, 'retail');
    expect((await retail.client.call(saveFixedDeparture, departure())).status).toBe(403);
  });
});
