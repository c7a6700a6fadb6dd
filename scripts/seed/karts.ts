/**
 * Two demo quotations on Flight Deals, built from the Dubai demo destination through the kart domain:
 * a family quotation (hotel with an airport transfer, Burj Khalifa with SIC transfers, SIM card) and the same trip vouchered, with
 * its transfers on the job sheet. Activity prices come from the rate engine, totals from `kartTotals`, as the
 * API computes them. Fixed ids and puts by id: seeding again overwrites, never duplicates.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  placeAreasOf,
  priceTourOption,
  syncKartTransfers,
  transfersOfVoucher,
  withComputedPrices,
  type Kart,
  type TransferChoice,
} from '@tp/domain/dmc';
import { addCalendarDays } from '@tp/domain/credit';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { transferDetailsOf, type KartRecord } from '../../functions/src/kart/model.ts';
import { deadlineItems, kartPut } from '../../functions/src/kart/repo.ts';
import { transferPut } from '../../functions/src/kart/transfers-repo.ts';
import { getUser, userIdByEmail } from '../../functions/src/users/repo.ts';
import { DUBAI_DEMO as D } from './dmc-dubai.ts';

const INDIA = D.markets[0]!;
const BURJ = 'dmc-to-burj-khalifa-l124-non-prime';
const HOTEL = D.accommodations.find((h) => h.id === 'dmc-hotel-rove-downtown')!;

/** The demo's area names, as the server looks them up for a vouchered kart (its job sheet sorts by area). */
const DEMO_AREAS = placeAreasOf(D.accommodations, D.activities, new Map(D.areas.map((a) => [a.id, a.name])));
const ARRIVAL = '2027-01-14';
const AT = '2026-11-20T06:30:00.000Z';

function burjPrice(transfer: TransferChoice | null): { activityId: string; name: string; price: number } {
  const tourOption = D.tourOptions.find((o) => o.id === BURJ)!;
  const rates = {
    tourOption,
    ticketRates: D.ticketRates.filter((r) => r.tourOptionId === BURJ),
    transferRates: D.transferRates.filter((r) => r.tourOptionId === BURJ),
    stopSales: D.stopSales.filter((s) => s.tourOptionId === BURJ),
  };
  const p = priceTourOption(rates, INDIA, { date: '2027-01-15', adults: 2, children: 1, transfer });
  if (!p.available) throw new Error(`demo kart: ${p.reason.message}`);
  return { activityId: tourOption.activityId, name: tourOption.name, price: p.price };
}

/**
 * The demo quotation for a customer. `when` moves its days (arrival, quoted at); the Burj Khalifa price stays the
 * one the rate engine gives on the demo's day, so the data-volume generator can spread quotations over a year.
 */
export function demoKart(
  id: string,
  customer: { id: string; name: string; phone: string },
  vouchered: boolean,
  when: { arrival: string; at: string } = { arrival: ARRIVAL, at: AT },
): KartRecord {
  const transfer: TransferChoice = { transferType: 'return', sharingBasis: 'SIC' };
  const burj = burjPrice(transfer);
  const arrival = when.arrival;
  const quoteDay = when.at.slice(0, 10);
  const kart: Kart = {
    id,
    customerId: customer.id,
    kartName: vouchered ? 'Dubai family break (confirmed)' : 'Dubai family break',
    adults: 2,
    child: 1,
    infant: 0,
    arrivalDate: arrival,
    quoteValidyInDays: 7,
    quoteDate: quoteDay,
    quotationId: `Q${quoteDay.replaceAll('-', '')}-${id.slice(-6).toUpperCase()}`,
    accomodations: [
      {
        id: `${id}-h1`,
        accomodationId: HOTEL.id,
        accomodationName: HOTEL.name,
        noOfNights: 4,
        checkinDate: arrival,
        numberOfRooms: 1,
        rooms: { double: { price: 420, count: 1 }, childWithBed: { price: 120, count: 1 } },
        transferPrice: 300,
        bookedByCustomer: false,
        transferType: 'return',
        sharingBasis: 'PVT',
        pickupTransfer: { time: '09:30', pickupLocation: 'DXB Terminal 3', dropLocation: HOTEL.name },
        dropTransfer: { time: '18:00', pickupLocation: HOTEL.name, dropLocation: 'DXB Terminal 3' },
      },
    ],
    activities: [
      {
        id: `${id}-a1`,
        activityId: burj.activityId,
        tourOptionId: BURJ,
        activityName: 'Burj Khalifa',
        tourOptionName: burj.name,
        price: burj.price,
        startDate: addCalendarDays(arrival, 1),
        time: '10:00',
        transfers: {
          ...transfer,
          pickupTransfer: { pickupLocation: HOTEL.name, dropLocation: 'Dubai Mall, Burj Khalifa entrance' },
          dropTransfer: {
            time: '13:00',
            pickupLocation: 'Dubai Mall, Burj Khalifa entrance',
            dropLocation: HOTEL.name,
          },
        },
      },
    ],
    miscellaneous: [
      { id: `${id}-m1`, name: 'Tourist SIM card', description: '10 GB data', price: 60, startDate: arrival },
    ],
    flightDetails: [
      {
        id: `${id}-f1`,
        airlineCode: 'EK',
        flightNo: '501',
        origin: 'BOM',
        destination: 'DXB',
        price: 0,
        departureDate: arrival,
        departureTime: '04:45',
        arrivalDate: arrival,
        arrivalTime: '06:25',
        pnr: '',
      },
    ],
    passengers: [
      { title: 'Mrs', firstName: 'Asha', lastName: 'Rao', paxType: 'adult' },
      { title: 'Mr', firstName: 'Vikram', lastName: 'Rao', paxType: 'adult' },
    ],
    serviceCharge: 150,
    remittanceCharge: 0,
    discount: 50,
    remark: '',
    priceBreakup: 'partial',
    noOfDays: 5,
    noOfNights: 4,
    isVouchered: vouchered,
    isCancelled: false,
    paymentDeadline: addCalendarDays(arrival, -13),
    collectedPayment: vouchered ? 1000 : 0,
    internalRemark: 'Demo: net rates, India market',
    remarkForCustomer: 'Rates subject to availability at the time of booking.',
    currencySymbol: 'AED',
    isAgentBranding: false,
  };
  return {
    ...withComputedPrices(kart),
    version: 1,
    marketId: INDIA.marketId,
    customerName: customer.name,
    customerPhone: customer.phone,
    createdAt: when.at,
    updatedAt: when.at,
    share: null,
  };
}

/** Every item of the demo karts (and the vouchered one's transfers) for the demo site's retail customer. */
export async function kartDemoItems(siteId: SiteId = asSiteId(D.siteId)): Promise<Record<string, unknown>[]> {
  const userId = await userIdByEmail(siteId, 'retail@flightdeals.localhost');
  const user = userId ? await getUser(siteId, userId) : null;
  if (!user) return [];
  const customer = {
    id: user.userId,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    phone: user.phoneNumbers[0]?.phoneNumber ?? '',
  };
  const karts = [demoKart('dmc-kart-demo-quote', customer, false), demoKart('dmc-kart-demo-voucher', customer, true)];
  return karts.flatMap((k) => kartItems(siteId, k, AT));
}

/**
 * The items of one kart as the API stores them: the kart, its deadline items and, vouchered, its transfers on the
 * job sheet. `stampOf`: each transfer's write stamp (random unless given: the data-volume generator derives them).
 */
export function kartItems(
  siteId: SiteId,
  k: KartRecord,
  at: string,
  stampOf?: (transferId: string) => string,
): Record<string, unknown>[] {
  const {
    ConditionExpression: _c,
    ExpressionAttributeNames: _n,
    ExpressionAttributeValues: _v,
    ...put
  } = kartPut(siteId, k, null).Put!;
  const items: Record<string, unknown>[] = [
    put.Item!,
    ...deadlineItems(siteId, null, k).flatMap((i) => (i.Put ? [i.Put.Item!] : [])),
  ];
  const sync = syncKartTransfers([], transfersOfVoucher(k), transferDetailsOf(k, DEMO_AREAS), at);
  items.push(...sync.put.map((t) => transferPut(siteId, t, undefined, stampOf?.(t.id)).Put!.Item!));
  return items;
}

export async function seedKarts(): Promise<number> {
  const items = await kartDemoItems();
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
  return items.length;
}
