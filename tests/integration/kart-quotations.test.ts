/**
 * Quotations (karts) through the gateway: save with every §5 rule refused with its
 * exact message and nothing written; totals and activity prices computed on the server; list, search, paging and
 * filters with deadline flags; line removal; a concurrent save refused; share by link (public, frozen, versioned,
 * nothing internal); voucher → transfers, cancel → transfers cancelled; the date-wise itinerary; other sites
 * and non-staff see nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { saveActivityTicketRates, saveDriver, saveTourOptionTransferRates } from '@tp/contracts/endpoints/dmc';
import { updateTransferDriver } from '@tp/contracts/endpoints/dmc-operations';
import {
  KART_MSG,
  cancelKart,
  getAllKartsForWl,
  getItinerariesByDate,
  getKartById,
  getSharedQuotation,
  removeKartActivity,
  removeKartMiscellaneous,
  saveKart,
  shareKart,
  voucherKart,
} from '@tp/contracts/endpoints/kart';
import { login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { DMC_TEXT } from '@tp/domain/dmc';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { storedTransfersOfKart, transferPutItems, transfersOfKart } from '../../functions/src/kart/transfers-repo.ts';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transactOrFalse } from '../../functions/src/lib/db.ts';
import { kartKeys } from '../../functions/src/kart/keys.ts';
import { backfillKartDays } from '../../scripts/backfill-kart-days.ts';
import { backfillKartSearch } from '../../scripts/backfill-kart-search.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { Client } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import { FLIGHTDEALS, SEASON, SKYWAY, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';

let c: Client;
let d: Destination;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
  const rate = { tourOptionId: d.tourOptionId, marketId: d.marketId, isPerPax: true, ...SEASON };
  await ok(c, saveActivityTicketRates, { ...rate, adultAmount: 100, childAmount: 80 });
  await ok(c, saveTourOptionTransferRates, {
    ...rate,
    description: 'SIC round trip',
    transferType: 'Pickup & Drop',
    sharingBasis: 'SIC',
    amount: 40,
  });
  const customer = await ok(c, createDetailPendingCustomerForDmc, {
    firstName: 'Meera',
    lastName: 'Iyer',
    phone: uniquePhone(),
    phoneCode: 'in',
  });
  customerId = customer.id;
});

/** A leg with its pickup time (a vouchered leg needs one: the driver works from it). */
const leg = (from: string, to: string, time = '10:00') => ({ pickupLocation: from, dropLocation: to, time });

/** A kart of 2 adults and a child: a hotel with a PVT return transfer, a safari with SIC return, a SIM card. */
function kart(over: Record<string, unknown> = {}) {
  return {
    customerId,
    kartName: `Family trip ${tag()}`,
    adults: 2,
    child: 1,
    infant: 0,
    arrivalDate: '2027-01-10',
    quoteValidyInDays: 7,
    marketId: d.marketId,
    accomodations: [
      {
        accomodationId: 'dmc-hotel-rove-downtown',
        accomodationName: 'Rove Downtown',
        noOfNights: 3,
        checkinDate: '2027-01-10',
        numberOfRooms: 1,
        rooms: { double: { price: 400, count: 1 }, childWithBed: { price: 100.5, count: 1 } },
        transferPrice: 130,
        bookedByCustomer: false,
        transferType: 'return',
        sharingBasis: 'PVT',
        pickupTransfer: leg('DXB T3', 'Rove Downtown'),
        dropTransfer: leg('Rove Downtown', 'DXB T3'),
      },
    ],
    activities: [
      {
        activityId: d.activityId,
        tourOptionId: d.tourOptionId,
        startDate: '2027-01-11',
        time: '15:00',
        price: 1,
        transfers: {
          transferType: 'return',
          sharingBasis: 'SIC',
          pickupTransfer: leg('Rove Downtown', 'Desert camp'),
          dropTransfer: leg('Desert camp', 'Rove Downtown'),
        },
      },
    ],
    miscellaneous: [{ name: 'SIM card', description: '5 GB', price: 25.25, startDate: '2027-01-10' }],
    passengers: [{ title: 'Mrs', firstName: 'Meera', lastName: 'Iyer', paxType: 'adult' }],
    serviceCharge: 50,
    discount: 20,
    collectedPayment: 100,
    paymentDeadline: '2099-12-01',
    totalPrice: 1,
    noOfDays: 4,
    noOfNights: 3,
    priceBreakup: 'full',
    internalRemark: 'Margin 12 percent, supplier Rayna',
    remarkForCustomer: 'Subject to availability',
    ...over,
  };
}

/** How many karts of the site carry this text (the list's search). */
async function countOf(text: string, client = c): Promise<number> {
  return (await ok(client, getAllKartsForWl, { search: text, limit: 100 })).records.length;
}

describe('saveKart', () => {
  it('computes every price and total on the server, whatever the client sent', async () => {
    const saved = await ok(c, saveKart, kart());
    // Hotel: 3 nights × (400 + 100.50) + 130 transfer; safari: 2 × 100 + 80 tickets + 3 × 40 SIC round trip.
    expect(saved.accomodations[0].price).toBe(1631.5);
    expect(saved.activities[0].price).toBe(400);
    expect(saved.totals.subtotal).toBe(2056.75);
    expect(saved.totalPrice).toBe(2086.75);
    // Collected is the receipts' sum: a typed amount is ignored.
    expect(saved.totals.balanceDue).toBe(2086.75);
    expect(saved).toMatchObject({ version: 1, customerName: 'Meera Iyer', isVouchered: false });
    expect(saved.quotationId).toMatch(/^Q\d{8}-[0-9A-F]{6}$/);
    expect(saved.deadline).toMatchObject({ status: 'quotation', payment: 'pending' });
    expect(await ok(c, getKartById, { id: saved.id })).toEqual(saved);
  });

  const rules: [string, () => Record<string, unknown>, Record<string, string>][] = [
    [
      'no activity, hotel or miscellaneous line',
      () => ({ accomodations: [], activities: [], miscellaneous: [] }),
      { itinerary: 'Please select atleast one itinerary' },
    ],
    [
      'more passengers of a type than counted',
      () => ({
        passengers: ['Mr', 'Mrs', 'Ms'].map((title) => ({ title, firstName: 'A', lastName: 'B', paxType: 'adult' })),
      }),
      { passengers: 'Passenger count mismatch, please reselect passengers.' },
    ],
    [
      'a vouchered kart without start dates',
      () => ({
        isVouchered: true,
        activities: [{ ...kart().activities[0], startDate: null }],
        miscellaneous: [{ name: 'SIM', description: '', price: 1 }],
      }),
      {
        'activities.0.startDate': 'Please select start date for all activities',
        'miscellaneous.0.startDate': 'Please select start date for all miscellaneous',
      },
    ],
    [
      'a vouchered one-way transfer without its pickup',
      () => ({
        isVouchered: true,
        accomodations: [{ ...kart().accomodations[0], transferType: 'oneway', pickupTransfer: null }],
        activities: [
          { ...kart().activities[0], transfers: { transferType: 'oneway', sharingBasis: 'SIC', pickupTransfer: null } },
        ],
      }),
      {
        'accomodations.0.pickupTransfer': 'Please add pickup transfer for accomodation',
        'activities.0.transfers.pickupTransfer': 'Please add pickup transfer for activity',
      },
    ],
    [
      'a vouchered return transfer without its drop',
      () => ({
        isVouchered: true,
        accomodations: [{ ...kart().accomodations[0], dropTransfer: null }],
        activities: [
          { ...kart().activities[0], transfers: { ...kart().activities[0]!.transfers, dropTransfer: null } },
        ],
      }),
      {
        'accomodations.0.dropTransfer': 'Please add transfer for accomodation',
        'activities.0.transfers.dropTransfer': 'Please add transfer for activity',
      },
    ],
    [
      'a transfer type without a sharing basis',
      () => ({
        accomodations: [{ ...kart().accomodations[0], sharingBasis: null }],
        activities: [{ ...kart().activities[0], transfers: { transferType: 'oneway' } }],
      }),
      {
        'accomodations.0.sharingBasis': 'Please select sharing basis for accomodation',
        'activities.0.transfers.sharingBasis': 'Please select sharing basis for activity',
      },
    ],
    [
      "an activity time that is not one of its tour option's time slots",
      () => ({ activities: [{ ...kart().activities[0], time: '16:00' }] }),
      { 'activities.0.time': DMC_TEXT.notATimeSlot(['15:00']) },
    ],
    [
      'days and nights missing or above 90',
      () => ({ noOfDays: null, noOfNights: 91 }),
      { noOfDays: MSG.required, noOfNights: MSG.tooLarge(90) },
    ],
    [
      'the required fields',
      () => ({
        customerId: '',
        kartName: ' ',
        arrivalDate: '',
        passengers: [{ title: '', firstName: 'A', lastName: 'B', paxType: 'adult' }],
      }),
      {
        customerId: MSG.required,
        kartName: MSG.required,
        arrivalDate: MSG.required,
        'passengers.0.title': MSG.required,
      },
    ],
  ];

  it.each(rules)('refuses %s with the spec message and writes nothing', async (_label, over, messages) => {
    const name = `Refused ${tag()}`;
    const body = await refused(c, saveKart, kart({ kartName: name, ...over() }));
    expect(body.shortError).toMatchObject(messages);
    expect(Object.values(messages)).toContain(body.errorMessage);
    expect(await countOf(name)).toBe(0);
  });

  it('refuses a customer of another site, an activity the engine cannot price, and a cancelled kart', async () => {
    const stranger = await refused(c, saveKart, kart({ customerId: 'no-such-customer' }));
    expect(stranger.shortError).toEqual({ customerId: KART_MSG.unknownCustomer });
    const offSeason = await refused(
      c,
      saveKart,
      kart({ activities: [{ ...kart().activities[0], startDate: '2028-01-01' }] }),
    );
    expect(Object.keys(offSeason.shortError ?? {})).toEqual(['activities.0.price']);

    const saved = await ok(c, saveKart, kart());
    await ok(c, cancelKart, { id: saved.id });
    const again = await refused(c, saveKart, kart({ id: saved.id, version: 2 }));
    expect(again.errorMessage).toBe(DMC_TEXT.kartCancelled);
  });

  it('refuses a save made from a version someone else has saved over (409), and writes nothing', async () => {
    const first = await ok(c, saveKart, kart());
    const mine = await ok(c, saveKart, kart({ id: first.id, version: 1, kartName: `${first.kartName} A` }));
    expect(mine.version).toBe(2);
    const theirs = await refused(c, saveKart, kart({ id: first.id, version: 1, kartName: 'Overwritten' }), 409);
    expect(theirs.errorMessage).toBe(KART_MSG.changedMeanwhile);
    expect((await ok(c, getKartById, { id: first.id })).kartName).toBe(`${first.kartName} A`);
    const noVersion = await refused(c, saveKart, kart({ id: first.id }));
    expect(noVersion.shortError).toEqual({ version: KART_MSG.versionRequired });
  });
});

describe('getAllKartsForWl', () => {
  it('searches, pages newest first and filters by vouchered and cancelled, with deadline flags', async () => {
    const t = tag();
    const a = await ok(c, saveKart, kart({ kartName: `List ${t} one`, paymentDeadline: '2020-01-01' }));
    const b = await ok(c, saveKart, kart({ kartName: `List ${t} two` }));
    const e = await ok(c, saveKart, kart({ kartName: `List ${t} three` }));
    const first = await ok(c, getAllKartsForWl, { search: `LIST ${t}`, limit: 2 });
    expect(first.records.map((r: { id: string }) => r.id)).toEqual([e.id, b.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await ok(c, getAllKartsForWl, { search: `list ${t}`, limit: 2, cursor: first.nextCursor });
    expect(second.records.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(second.records[0]).toMatchObject({
      totalPrice: 2086.75,
      balanceDue: 2086.75,
      deadline: { status: 'quotation', payment: 'overdue' },
    });

    await ok(c, voucherKart, { id: b.id, version: 1 });
    await ok(c, cancelKart, { id: e.id });
    const ids = async (q: Record<string, unknown>) =>
      (await ok(c, getAllKartsForWl, { search: t, ...q })).records.map((r: { id: string }) => r.id);
    expect(await ids({ isVouchered: 'true' })).toEqual([b.id]);
    expect(await ids({ isVouchered: 'false' })).toEqual([e.id, a.id]);
    expect(await ids({ isCancelled: 'true' })).toEqual([e.id]);
    expect(await ids({ isVouchered: 'false', isCancelled: 'false' })).toEqual([a.id]);
  });
});

describe('the search index (gsi4) of quotations saved before it', () => {
  it('leaves them out of the search until the backfill gives them its keys, once', async () => {
    const t = tag();
    const k = await ok(c, saveKart, kart({ kartName: `Older ${t}` }));
    const siteId = asSiteId(FLIGHTDEALS.siteId);
    // As a kart saved before gsi4: no keys there.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: kartKeys.kart(siteId, k.id),
        UpdateExpression: 'REMOVE gsi4pk, gsi4sk',
      }),
    );
    expect(await countOf(`older ${t}`)).toBe(0);
    const first = await backfillKartSearch(siteId);
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    const found = await ok(c, getAllKartsForWl, { search: `older ${t}`, limit: 10 });
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([k.id]);
    expect(found.records[0]).toMatchObject({ kartName: `Older ${t}` });
    expect((await backfillKartSearch(siteId)).indexed).toBe(0);
  });
});

describe('the date-wise itinerary reads the month listings', () => {
  const siteId = () => asSiteId(FLIGHTDEALS.siteId);
  /** The months a kart is listed in, read from the table itself. */
  const listedIn = async (kartId: string, months: string[]) => {
    const found: string[] = [];
    for (const month of months) {
      const { Item } = await db().send(
        new GetCommand({ TableName: tableName(), Key: kartKeys.onGround(siteId(), month, kartId) }),
      );
      if (Item) found.push(`${month} ${String(Item.first)}..${String(Item.last)}`);
    }
    return found;
  };
  const onDate = async (date: string) =>
    (await ok(c, getItinerariesByDate, { date })).map((x: { kartId: string }) => x.kartId);
  const MONTHS = ['2027-01', '2027-02', '2027-03'];
  /** Arrives on the last day of January, three nights at Rove (out on 3 February), the safari on 1 February. */
  const monthEnd = (over: Record<string, unknown> = {}) => {
    const k = kart(over);
    return {
      ...k,
      arrivalDate: '2027-01-31',
      accomodations: [{ ...k.accomodations[0], checkinDate: '2027-01-31' }],
      activities: [{ ...k.activities[0], startDate: '2027-02-01' }],
      miscellaneous: [{ ...k.miscellaneous[0], startDate: '2027-01-31' }],
    };
  };

  it('lists a vouchered kart in each month it is on the ground in, moves it with its dates, drops it on cancel', async () => {
    const saved = await ok(c, saveKart, monthEnd());
    expect(await listedIn(saved.id, MONTHS)).toEqual([]);
    await ok(c, voucherKart, { id: saved.id, version: 1 });
    expect(await listedIn(saved.id, MONTHS)).toEqual([
      '2027-01 2027-01-31..2027-02-03',
      '2027-02 2027-01-31..2027-02-03',
    ]);
    // Found on its first and last day, across the month end; not the day before or after.
    for (const date of ['2027-01-31', '2027-02-03']) expect(await onDate(date)).toContain(saved.id);
    for (const date of ['2027-01-30', '2027-02-04']) expect(await onDate(date)).not.toContain(saved.id);

    // Staff move the whole trip into March: February and January listings go, March's comes.
    const v2 = await ok(c, getKartById, { id: saved.id });
    const moved = await ok(c, saveKart, {
      ...monthEnd({ id: saved.id, version: v2.version, isVouchered: true }),
      arrivalDate: '2027-03-10',
      accomodations: [{ ...kart().accomodations[0], checkinDate: '2027-03-10' }],
      activities: [{ ...kart().activities[0], startDate: '2027-03-11' }],
      miscellaneous: [{ ...kart().miscellaneous[0], startDate: '2027-03-10' }],
      kartName: v2.kartName,
    });
    expect(moved.version).toBe(v2.version + 1);
    expect(await listedIn(saved.id, MONTHS)).toEqual(['2027-03 2027-03-10..2027-03-13']);
    expect(await onDate('2027-02-01')).not.toContain(saved.id);
    expect(await onDate('2027-03-12')).toContain(saved.id);

    await ok(c, cancelKart, { id: saved.id });
    expect(await listedIn(saved.id, MONTHS)).toEqual([]);
    expect(await onDate('2027-03-12')).not.toContain(saved.id);
  });

  it('finds a kart vouchered before the listings once the backfill lists it, and the backfill again changes nothing', async () => {
    const saved = await ok(c, saveKart, monthEnd());
    await ok(c, voucherKart, { id: saved.id, version: 1 });
    // As a kart vouchered before the listings: none.
    for (const month of MONTHS)
      await db().send(new DeleteCommand({ TableName: tableName(), Key: kartKeys.onGround(siteId(), month, saved.id) }));
    expect(await onDate('2027-02-01')).not.toContain(saved.id);
    const first = await backfillKartDays(siteId());
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect(await onDate('2027-02-01')).toContain(saved.id);
    const listed = await listedIn(saved.id, MONTHS);
    await backfillKartDays(siteId());
    expect(await listedIn(saved.id, MONTHS)).toEqual(listed);
  });
});

describe('removing lines', () => {
  it('removes a line, recomputes the totals and keeps the last itinerary line', async () => {
    const saved = await ok(c, saveKart, kart({ accomodations: [] }));
    const misc = saved.miscellaneous[0].id;
    const after = await ok(c, removeKartMiscellaneous, { id: saved.id, lineId: misc, version: 1 });
    expect(after.miscellaneous).toEqual([]);
    expect(after.totalPrice).toBe(430); // 400 safari + 50 − 20
    expect(after.version).toBe(2);
    const unknown = await refused(c, removeKartMiscellaneous, { id: saved.id, lineId: misc });
    expect(unknown.errorMessage).toBe(KART_MSG.unknownLine);
    const last = await refused(c, removeKartActivity, { id: saved.id, lineId: saved.activities[0].id });
    expect(last.shortError).toMatchObject({ itinerary: 'Please select atleast one itinerary' });
  });
});

describe('sharing', () => {
  it('shows the frozen quotation publicly, keeps an old link, and versions a changed one', async () => {
    const saved = await ok(c, saveKart, kart());
    const share = await ok(c, shareKart, { id: saved.id });
    expect(share).toMatchObject({ version: 1, url: expect.stringContaining(`/quotation/${share.slug}`) });
    expect(share.slug.length).toBeGreaterThanOrEqual(43);
    expect(await ok(c, shareKart, { id: saved.id })).toEqual(share);

    const visitor = new Client(FLIGHTDEALS.domain);
    const view = await ok(visitor, getSharedQuotation, { slug: share.slug });
    expect(view.quotation).toMatchObject({ kartName: saved.kartName, grandTotal: 2086.75, payment: null });
    expect(view.branding.companyName).toBe(FLIGHTDEALS.companyName);
    const text = JSON.stringify(view);
    for (const secret of ['Margin 12 percent', 'internalRemark', 'collectedPayment', 'driver'])
      expect(text).not.toContain(secret);

    await ok(c, saveKart, kart({ id: saved.id, version: 1, kartName: saved.kartName, serviceCharge: 150 }));
    const reshared = await ok(c, shareKart, { id: saved.id });
    expect(reshared.version).toBe(2);
    expect(reshared.slug).not.toBe(share.slug);
    expect((await ok(visitor, getSharedQuotation, { slug: reshared.slug })).quotation.grandTotal).toBe(2186.75);
    const old = await ok(visitor, getSharedQuotation, { slug: share.slug });
    expect(old.quotation.grandTotal).toBe(2086.75);
    // The old link says a newer version was shared since; the newest says nothing of the kind.
    expect(old.standing).toEqual({ status: 'quotation', newerSharedAt: reshared.sharedAt, acceptedAt: null });
    expect((await ok(visitor, getSharedQuotation, { slug: reshared.slug })).standing.newerSharedAt).toBeNull();
    // Vouchered, every link of it reads confirmed.
    await ok(c, voucherKart, { id: saved.id, version: 2 });
    expect((await ok(visitor, getSharedQuotation, { slug: reshared.slug })).standing.status).toBe('confirmed');

    const elsewhere = await new Client(SKYWAY.domain).call(getSharedQuotation, { slug: share.slug });
    expect(elsewhere.status).toBe(404);
    const made = await visitor.call(getSharedQuotation, { slug: 'x'.repeat(43) });
    expect(made.status).toBe(404);
  });

  it("carries the agent's branding, and none of the site's, when agent branding is on", async () => {
    const agentId = (await userIdByEmail(asSiteId(FLIGHTDEALS.siteId), `agent@${FLIGHTDEALS.domain}`))!;
    const saved = await ok(c, saveKart, kart({ customerId: agentId, isAgentBranding: true }));
    const share = await ok(c, shareKart, { id: saved.id });
    const view = await ok(new Client(FLIGHTDEALS.domain), getSharedQuotation, { slug: share.slug });
    expect(view.brandedBy).toBe('agent');
    expect(view.branding).toEqual({
      companyName: 'Mehta Tours & Travels',
      logoUrl: expect.any(String),
      adminContact: '9810000003',
      adminEmail: `agent@${FLIGHTDEALS.domain}`,
      domain: '',
    });
    const text = JSON.stringify(view);
    for (const site of [FLIGHTDEALS.companyName, FLIGHTDEALS.adminEmail, FLIGHTDEALS.adminContact])
      expect(text).not.toContain(site);
    // Without agent branding the same kart is the site's.
    await ok(c, saveKart, kart({ id: saved.id, version: 1, customerId: agentId, isAgentBranding: false }));
    const plain = await ok(c, shareKart, { id: saved.id });
    const siteView = await ok(new Client(FLIGHTDEALS.domain), getSharedQuotation, { slug: plain.slug });
    expect(siteView).toMatchObject({ brandedBy: 'site', branding: { companyName: FLIGHTDEALS.companyName } });
  });
});

describe('voucher and cancel', () => {
  const siteScope = { site: { siteId: asSiteId(FLIGHTDEALS.siteId) } };

  it('writes the transfers of a vouchered kart and cancels the open ones with the kart', async () => {
    const saved = await ok(c, saveKart, kart());
    expect(await transfersOfKart(siteScope, saved.id)).toEqual([]);
    const vouchered = await ok(c, voucherKart, { id: saved.id, version: 1 });
    expect(vouchered).toMatchObject({ isVouchered: true, version: 2, deadline: { status: 'vouchered' } });
    const transfers = await transfersOfKart(siteScope, saved.id);
    const legs = transfers.map((t) => [t.source.section, t.leg, t.sharingType, t.date, t.status]).sort();
    expect(legs).toEqual([
      ['accomodations', 'drop', 'PVT', '2027-01-13', 'pending'],
      ['accomodations', 'pickup', 'PVT', '2027-01-10', 'pending'],
      ['activities', 'drop', 'SIC', '2027-01-11', 'pending'],
      ['activities', 'pickup', 'SIC', '2027-01-11', 'pending'],
    ]);
    expect(transfers[0]).toMatchObject({ customerName: 'Meera Iyer', pax: { adults: 2, child: 1, infant: 0 } });
    // Each job names its quotation, what it serves, the hotel of the stay and the lead guest.
    const safari = transfers.find((t) => t.source.section === 'activities' && t.leg === 'pickup')!;
    const arrival = transfers.find((t) => t.source.section === 'accomodations' && t.leg === 'pickup')!;
    expect(arrival).toMatchObject({
      quotationNo: saved.quotationId,
      service: 'Rove Downtown',
      hotelName: 'Rove Downtown',
      leadGuest: 'Mrs Meera Iyer',
    });
    expect(safari).toMatchObject({ quotationNo: saved.quotationId, hotelName: 'Rove Downtown' });
    // Picked up in the hotel's area (the activity has none of its own, the line no airport area).
    const departure = transfers.find((t) => t.source.section === 'accomodations' && t.leg === 'drop')!;
    expect([arrival.pickupArea, departure.pickupArea, safari.pickupArea]).toEqual([
      null,
      'Downtown / Business Bay',
      'Downtown / Business Bay',
    ]);

    const day = await ok(c, getItinerariesByDate, { date: '2027-01-11' });
    const mine = day.find((x: { kartId: string }) => x.kartId === saved.id);
    expect(mine.items.map((i: { kind: string }) => i.kind)).toEqual(
      expect.arrayContaining(['inHouse', 'activity', 'transfer']),
    );

    const unvoucher = await refused(c, saveKart, kart({ id: saved.id, version: 2, isVouchered: false }));
    expect(unvoucher.errorMessage).toBe(DMC_TEXT.kartUnvoucher);

    const cancelled = await ok(c, cancelKart, { id: saved.id });
    expect(cancelled).toMatchObject({ isCancelled: true, deadline: { status: 'cancelled' } });
    const after = await transfersOfKart(siteScope, saved.id);
    expect(after.map((t) => t.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const gone = await ok(c, getItinerariesByDate, { date: '2027-01-11' });
    expect(gone.some((x: { kartId: string }) => x.kartId === saved.id)).toBe(false);
  });

  it('answers each save with what it did: saved, vouchered or cancelled; an edit of a vouchered one is "saved"', async () => {
    const message = async (input: Record<string, unknown>) => {
      const res = await c.call(saveKart, input);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return res.body.message;
    };
    const first = await c.call(saveKart, kart());
    expect(first.body.message).toBe(KART_MSG.saved);
    const id = first.body.result.id as string;
    expect(await message(kart({ id, version: 1, isVouchered: true }))).toBe(KART_MSG.vouchered);
    // The builder saves an edit of a vouchered kart with isVouchered still true: that is a save, not a voucher.
    expect(await message(kart({ id, version: 2, isVouchered: true, remarkForCustomer: 'Pickup at 15:00' }))).toBe(
      KART_MSG.saved,
    );
    expect(await message(kart({ id, version: 3, isVouchered: true, isCancelled: true }))).toBe(KART_MSG.cancelled);
  });

  it('never overwrites a transfer staff changed after the save read it', async () => {
    const saved = await ok(c, saveKart, kart());
    await ok(c, voucherKart, { id: saved.id, version: 1 });
    // What a later save of the vouchered kart reads before it writes its transfers…
    const read = await storedTransfersOfKart(siteScope, saved.id);
    const leg = read.find((s) => s.transfer.leg === 'pickup' && s.transfer.source.section === 'accomodations')!;
    // …then staff assign a driver on the job sheet meanwhile.
    const { driverId } = await ok(c, saveDriver, { driverName: `Race ${tag()}` });
    await ok(c, updateTransferDriver, { id: leg.transfer.id, driverId });

    // The save's writes, from its read: the transaction is refused and the assignment stays.
    expect(await transactOrFalse(transferPutItems(siteScope, [{ ...leg.transfer, time: '23:00' }], read))).toBe(false);
    // A transfer the save did not read (none existed then) is not overwritten either.
    expect(await transactOrFalse(transferPutItems(siteScope, [leg.transfer], []))).toBe(false);
    const kept = (await transfersOfKart(siteScope, saved.id)).find((t) => t.id === leg.transfer.id);
    expect(kept).toMatchObject({ driverId, status: 'assigned', time: leg.transfer.time });

    // A change through the API reads afresh: it goes through and keeps the driver.
    const again = await ok(c, removeKartMiscellaneous, { id: saved.id, lineId: saved.miscellaneous[0].id, version: 2 });
    expect(again.version).toBe(3);
    const after = (await transfersOfKart(siteScope, saved.id)).find((t) => t.id === leg.transfer.id);
    expect(after).toMatchObject({ driverId, status: 'assigned' });
  });

  it('voucher refuses a kart the vouchered rules refuse, and writes nothing', async () => {
    const saved = await ok(c, saveKart, kart({ activities: [{ ...kart().activities[0], startDate: null }] }));
    const body = await refused(c, voucherKart, { id: saved.id, version: 1 });
    expect(body.shortError).toEqual({ 'activities.0.startDate': 'Please select start date for all activities' });
    expect(await transfersOfKart(siteScope, saved.id)).toEqual([]);
    expect((await ok(c, getKartById, { id: saved.id })).isVouchered).toBe(false);
  });

  it("times an activity's legs at the tour option's pickup and drop times when they name none", async () => {
    const untimed = {
      ...kart().activities[0]!.transfers,
      pickupTransfer: leg('A', 'B', ''),
      dropTransfer: leg('B', 'A', ''),
    };
    const saved = await ok(c, saveKart, kart({ activities: [{ ...kart().activities[0], transfers: untimed }] }));
    expect([
      saved.activities[0].transfers.pickupTransfer.time,
      saved.activities[0].transfers.dropTransfer.time,
    ]).toEqual(['15:00', '21:00']);
  });

  it('voucher refuses a transfer leg without its pickup time (the activity pickup takes the activity time)', async () => {
    const hotel = kart().accomodations[0]!;
    const saved = await ok(
      c,
      saveKart,
      kart({
        accomodations: [{ ...hotel, pickupTransfer: { ...hotel.pickupTransfer, time: '' } }],
        activities: [
          {
            ...kart().activities[0],
            transfers: { ...kart().activities[0]!.transfers, pickupTransfer: leg('Rove Downtown', 'Desert camp', '') },
          },
        ],
      }),
    );
    const body = await refused(c, voucherKart, { id: saved.id, version: 1 });
    expect(body.shortError).toEqual({ 'accomodations.0.pickupTransfer.time': DMC_TEXT.pickupTimeToVoucher });
    expect(await transfersOfKart(siteScope, saved.id)).toEqual([]);
  });
});

describe('isolation', () => {
  it('another site finds nothing of the kart, and a non-staff user is refused', async () => {
    const saved = await ok(c, saveKart, kart());
    const other = await staff(SKYWAY);
    expect((await other.call(getKartById, { id: saved.id })).status).toBe(404);
    expect((await other.call(shareKart, { id: saved.id })).status).toBe(404);
    expect((await other.call(cancelKart, { id: saved.id })).status).toBe(404);
    expect(await countOf(saved.kartName, other)).toBe(0);
    expect((await ok(c, getKartById, { id: saved.id })).isCancelled).toBe(false);

    const retail = new Client(FLIGHTDEALS.domain);
    await retail.call(login, { email: `retail@${FLIGHTDEALS.domain}`, password: 'Demo@1234' });
    expect((await retail.call(getKartById, { id: saved.id })).status).toBe(403);
    expect((await retail.call(saveKart, kart())).status).toBe(403);
  });
});
