/**
 * Demo quotations on Flight Deals, built from the Dubai demo destination through the kart domain:
 * a family quotation (hotel with an airport transfer, Burj Khalifa with SIC transfers, SIM card) and the same trip vouchered
 * three times (part-paid, paid in full, its deposit paid and its balance overdue), with transfers on the job sheet,
 * numbered receipts, the payables and the hotel's booking request (confirmed with its number on the paid and the
 * overdue ones) the voucher raised. Activity prices come from the rate engine, totals from `kartTotals`, requests from
 * `supplierRequestRecords`, as the API computes them. Fixed ids and puts by id: seeding again overwrites, never
 * duplicates.
 */
import { putItems } from './put-items.ts';
import {
  placeAreasOf,
  priceTourOption,
  syncKartTransfers,
  transfersOfVoucher,
  withComputedPrices,
  collectedAfter,
  DEFAULT_SUPPLIER_TERMS,
  payableDueDate,
  payablesOfVoucher,
  receiptNumber,
  type Kart,
  type TransferChoice,
} from '@tp/domain/dmc';
import { addCalendarDays } from '@tp/domain/credit';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { transferDetailsOf, type KartRecord } from '../../functions/src/kart/model.ts';
import { deadlineItems, kartWrites } from '../../functions/src/kart/repo.ts';
import { raiseReceiptCounter, seededReceiptItems, type ReceiptRecord } from '../../functions/src/kart/receipts-repo.ts';
import { seededPayableItems, type PayableRecord } from '../../functions/src/kart/payables-repo.ts';
import { transferPut } from '../../functions/src/kart/transfers-repo.ts';
import { supplierRequestRecords } from '../../functions/src/kart/supplier-requests.ts';
import { supplierRequestItem, type SupplierRequestRecord } from '../../functions/src/kart/supplier-requests-repo.ts';
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

/** How a demo quotation is named, when its balance is due, and what its receipts collected. */
interface DemoMoney {
  suffix: string;
  paymentDeadline: string;
  /** Receipts: amounts, or 'rest' for the balance. */
  receipts: (number | 'rest')[];
  /** Vouchered: the number the hotel confirmed its booking request with (none: awaiting the hotel). */
  hotelConfirmation?: string;
}

const QUOTED: DemoMoney = { suffix: '', paymentDeadline: '2027-01-01', receipts: [] };

/** A quotation nothing was paid on, its balance due 13 days before arrival (as the demo's). */
export const quotedMoney = (arrival: string): DemoMoney => ({
  suffix: '',
  paymentDeadline: addCalendarDays(arrival, -13),
  receipts: [],
});

/**
 * The demo quotation for a customer. `when` moves its days (arrival, quoted at); the Burj Khalifa price stays the
 * one the rate engine gives on the demo's day, so the data-volume generator can spread quotations over a year.
 */
export function demoKart(
  id: string,
  customer: { id: string; name: string; phone: string },
  vouchered: boolean,
  money: DemoMoney = vouchered ? { suffix: ' (confirmed)', paymentDeadline: '2027-01-01', receipts: [1000] } : QUOTED,
  when: { arrival: string; at: string } = { arrival: ARRIVAL, at: AT },
): KartRecord {
  const transfer: TransferChoice = { transferType: 'return', sharingBasis: 'SIC' };
  const burj = burjPrice(transfer);
  const arrival = when.arrival;
  const quoteDay = when.at.slice(0, 10);
  const kart: Kart = {
    id,
    customerId: customer.id,
    kartName: `Dubai family break${money.suffix}`,
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
    paymentDeadline: money.paymentDeadline,
    collectedPayment: 0,
    internalRemark: 'Demo: net rates, India market',
    remarkForCustomer: 'Rates subject to availability at the time of booking.',
    currencySymbol: 'AED',
    isAgentBranding: false,
  };
  // Collected is what the demo receipts add up to (demoReceipts), never typed.
  const total = withComputedPrices(kart).totalPrice;
  const collected = money.receipts.reduce<number>((sum, r) => collectedAfter(sum, r === 'rest' ? total - sum : r), 0);
  return {
    ...withComputedPrices({ ...kart, collectedPayment: collected }),
    paidRev: money.receipts.length,
    version: 1,
    marketId: INDIA.marketId,
    customerName: customer.name,
    customerPhone: customer.phone,
    createdAt: when.at,
    updatedAt: when.at,
    share: null,
  };
}

/** The receipts a demo kart's money names, numbered from `first` in the demo's financial year. */
export function demoReceipts(k: KartRecord, money: DemoMoney, first: number): ReceiptRecord[] {
  let collected = 0;
  return money.receipts.map((r, i) => {
    const amount = r === 'rest' ? collectedAfter(k.totalPrice, -collected) : r;
    collected = collectedAfter(collected, amount);
    const sequence = first + i;
    return {
      id: `${k.id}-r${i + 1}`,
      number: receiptNumber(DEMO_FY, sequence),
      fy: DEMO_FY,
      sequence,
      kartId: k.id,
      quotationId: k.quotationId,
      kartName: k.kartName,
      customerId: k.customerId,
      customerName: k.customerName,
      amount,
      currency: k.currencySymbol,
      method: i === 0 ? 'bankTransfer' : 'gateway',
      reference: i === 0 ? `UTR DEMO${sequence}` : `sandbox DEMO${sequence}`,
      receivedAt: `2026-11-2${i + 1}T08:00:00.000Z`,
      recordedBy: null,
      totalPrice: k.totalPrice,
      collectedAfter: collected,
    };
  });
}

const DEMO_FY = '2026-27';

/** What a demo voucher owes its suppliers, as `payableWrites` raises it (30 days after each service). */
export function demoPayables(k: KartRecord): PayableRecord[] {
  return payablesOfVoucher(k).map((p) => ({
    id: `${k.id}.${p.lineId}`,
    kartId: k.id,
    quotationId: k.quotationId,
    lineId: p.lineId,
    supplier: p.supplier,
    service: p.service,
    serviceDate: p.serviceDate,
    dueDate: payableDueDate(DEFAULT_SUPPLIER_TERMS, p.serviceDate, AT.slice(0, 10)),
    currency: k.currencySymbol,
    amount: p.amount,
    reversed: 0,
    paid: 0,
    raisedAt: AT,
    reversedAt: null,
    version: 1,
  }));
}

/**
 * The demo's quotations: quoted (nothing paid), confirmed and part-paid (a deposit), confirmed and paid in full,
 * confirmed with its balance overdue.
 */
export const DEMO_KARTS: { id: string; vouchered: boolean; money: DemoMoney }[] = [
  { id: 'dmc-kart-demo-quote', vouchered: false, money: QUOTED },
  {
    id: 'dmc-kart-demo-voucher',
    vouchered: true,
    money: { suffix: ' (confirmed)', paymentDeadline: '2027-01-01', receipts: [1000] },
  },
  {
    id: 'dmc-kart-demo-paid01',
    vouchered: true,
    money: {
      suffix: ' (paid)',
      paymentDeadline: '2027-01-01',
      receipts: [1000, 'rest'],
      hotelConfirmation: 'ROVE-DEMO-4471',
    },
  },
  {
    id: 'dmc-kart-demo-late01',
    vouchered: true,
    money: {
      suffix: ' (overdue)',
      paymentDeadline: '2026-11-25',
      receipts: [1000],
      hotelConfirmation: 'ROVE-DEMO-4472',
    },
  },
];

/**
 * The booking requests a demo voucher made of its hotel (the activity's master names no operator to ask), as
 * vouchering stores them; answered with the demo's confirmation number where it has one. Nobody holds the links.
 */
export function demoSupplierRequests(k: KartRecord, money: DemoMoney): SupplierRequestRecord[] {
  const suppliers = new Map([[HOTEL.id, { name: HOTEL.name, email: HOTEL.email }]]);
  return supplierRequestRecords(k, suppliers, AT).map(({ record }) =>
    money.hotelConfirmation && record.section === 'accomodations'
      ? { ...record, status: 'confirmed', confirmationNumber: money.hotelConfirmation, answeredAt: ANSWERED_AT }
      : record,
  );
}

const ANSWERED_AT = '2026-11-21T10:15:00.000Z';

/** Every item of the demo karts (and the vouchered ones' transfers and receipts) for the demo site's retail customer. */
export async function kartDemoItems(siteId: SiteId = asSiteId(D.siteId)): Promise<Record<string, unknown>[]> {
  const userId = await userIdByEmail(siteId, 'retail@flightdeals.localhost');
  const user = userId ? await getUser(siteId, userId) : null;
  if (!user) return [];
  const customer = {
    id: user.userId,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    phone: user.phoneNumbers[0]?.phoneNumber ?? '',
  };
  const items: Record<string, unknown>[] = [];
  let next = 1;
  for (const d of DEMO_KARTS) {
    const plain = demoKart(d.id, customer, d.vouchered, d.money);
    const receipts = demoReceipts(plain, d.money, next);
    next += receipts.length;
    // Vouchered: the supplier payables the voucher raised (the paid quotation's hotel paid in part).
    const payables = d.vouchered ? demoPayables(plain) : [];
    const k: KartRecord = payables.length
      ? { ...plain, payables: payables.map((p) => ({ id: p.id, amount: p.amount })) }
      : plain;
    items.push(...seededReceiptItems(siteId, receipts), ...kartItems(siteId, k, AT));
    if (d.vouchered) items.push(...demoSupplierRequests(k, d.money).map((r) => supplierRequestItem(siteId, r)));
    items.push(
      ...payables.flatMap((p, i) =>
        seededPayableItems(
          siteId,
          p,
          d.id === 'dmc-kart-demo-paid01' && i === 0
            ? [
                {
                  key: 'demo1',
                  payableId: p.id,
                  amount: Math.round(p.amount * 50) / 100,
                  reference: 'NEFT DEMO-SUP-1',
                  paidAt: '2026-11-24T08:00:00.000Z',
                  paidBy: 'seed',
                },
              ]
            : [],
        ),
      ),
    );
  }
  return items;
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
  // Written whole, so without the API's conditions: the kart, its month listings (vouchered), its deadline items.
  const items: Record<string, unknown>[] = [
    ...kartWrites(siteId, k, null),
    ...deadlineItems({ siteId }, null, k),
  ].flatMap((i) => (i.Put ? [i.Put.Item!] : []));
  const sync = syncKartTransfers([], transfersOfVoucher(k), transferDetailsOf(k, DEMO_AREAS), at);
  items.push(...sync.put.map((t) => transferPut(siteId, t, undefined, stampOf?.(t.id)).Put!.Item!));
  return items;
}

/** How many receipts the demo holds: the counter starts above them. */
const DEMO_RECEIPT_COUNT = DEMO_KARTS.reduce((n, d) => n + d.money.receipts.length, 0);

export async function seedKarts(): Promise<number> {
  const items = await kartDemoItems();
  await raiseReceiptCounter(asSiteId(D.siteId), DEMO_FY, DEMO_RECEIPT_COUNT);
  await putItems(items);
  return items.length;
}
