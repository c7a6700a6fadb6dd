/**
 * GST invoices and credit notes on the local stack: a booking made through the API gets
 * its invoice (the amount charged, our markup taxed), CGST + SGST within the reseller's state and IGST otherwise
 * (the customer's billing details), one invoice however often the hook runs, a refund's credit note against it
 * with the tax reversed, the PDF, the month's list and its .xlsx; nobody else's invoice is found.
 */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRequest, getCancellationCharges } from '@tp/contracts/endpoints/tickets';
import {
  exportInvoices,
  getInvoice,
  getInvoicePdf,
  getInvoiceSettings,
  getSourceInvoice,
  INVOICE_MSG,
  listInvoices,
  saveInvoiceSettings,
  type TInvoiceDocument,
} from '@tp/contracts/endpoints/invoices';
import { BOOKING_STATUS, orderSuccessCallback, setFlightDetails } from '@tp/contracts/endpoints/flights';
import { cancelKart, saveKart, voucherKart } from '@tp/contracts/endpoints/kart';
import { addActivityMarkUp, addToCart, updateCartStatus } from '@tp/contracts/endpoints/activities';
import { saveActivityTicketRates, searchMarket } from '@tp/contracts/endpoints/dmc';
import { mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import { rupeesInWords } from '@tp/domain/gst';
import { formatDate, formatMoney } from '@tp/domain/format';
import { addDays } from '../../packages/domain/src/dmc/kart/dates.ts';
import { getBooking, putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { invoiceBooked, invoiceCartStatus } from '../../functions/src/invoices/index.ts';
import { wiring as ticketsWiring } from '../../functions/src/entries/tickets.ts';
import type { CartRecord } from '../../functions/src/activities/index.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { loadPrincipal } from '../../functions/src/lib/principal.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { CR_PROGRESS_MINUTES } from '../../functions/src/supply/simulator/index.ts';
import * as tickets from '../../functions/src/tickets/operations/index.ts';
import { setUserFields } from '../../functions/src/users/customers-repo.ts';
import { demoBooking } from '../../scripts/seed/bookings.ts';
import { DEMO_INVOICE_SETTINGS } from '../../scripts/seed/invoices.ts';
import { exported, type Client } from '../support/api.ts';
import { demo, FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import { adult, newCustomer, oneWay, pick, type Customer } from './flights-helpers.ts';
import { bookerOf, ctxAt, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';
import { destination } from './dmc-helpers.ts';

let agent: Customer;
let staff: Client;
const month = () => localDay(new Date(), 'Asia/Kolkata').slice(0, 7);
const paise = (...xs: number[]) => xs.reduce((n, x) => n + Math.round(x * 100), 0);

beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 500_000 });
  staff = await demo(FLIGHTDEALS, 'staff');
});

/** A ticketed booking of the agent with our markup (and its GST) in the fare, stored as the order machinery does. */
async function bookingWithMarkup(markup: number): Promise<BookingRecord> {
  const user = await bookerOf(FLIGHTDEALS.siteId, agent.email);
  const now = new Date();
  const b = demoBooking({
    siteId: FLIGHTDEALS.siteId,
    user,
    bookingId: `TB${randomUUID().slice(0, 8)}`,
    pnr: `I${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`,
    createdAt: now,
    travelDate: new Date(now.getTime() + 20 * 86_400_000),
    statusId: BOOKING_STATUS.ticketed,
    route: ['DEL', 'BOM'],
    airline: '6E',
    passengers: [{ firstName: 'Luc', lastName: 'Desmarais' }],
    farePerPax: 5000,
  });
  const gst = Math.round(markup * 18) / 100;
  const record: BookingRecord = {
    ...b,
    fare: { ...b.fare, markup, gstOnMarkup: gst },
    accounting: { ...b.accounting, amountCharged: Math.round((b.accounting.amountCharged + markup + gst) * 100) / 100 },
  };
  await putBooking(record);
  return record;
}

async function invoiceOf(c: Client, bookingId: string): Promise<TInvoiceDocument> {
  const res = await c.call(getSourceInvoice, { source: 'booking', sourceId: bookingId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TInvoiceDocument;
}

const addsUp = (d: TInvoiceDocument) => {
  expect(paise(d.reimbursement, d.taxableValue, d.cgst, d.sgst, d.igst)).toBe(paise(d.total));
  expect(paise(...d.lines.map((l) => l.amount))).toBe(paise(d.reimbursement, d.taxableValue));
};

describe('invoice settings', () => {
  it('are seeded for the demo site and checked when saved', async () => {
    const res = await staff.call(getInvoiceSettings, {});
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual(DEMO_INVOICE_SETTINGS['site-flightdeals']);
    const wrongState = await staff.call(saveInvoiceSettings, {
      ...DEMO_INVOICE_SETTINGS['site-flightdeals']!,
      stateCode: '29',
    });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errorMessage).toBe(INVOICE_MSG.stateMismatch);
    const badGstin = await staff.call(saveInvoiceSettings, {
      ...DEMO_INVOICE_SETTINGS['site-flightdeals']!,
      gstin: '27AAFCF1234K1ZQ',
    });
    expect(badGstin.status).toBe(400);
    expect(badGstin.body.errorMessage).toBe(INVOICE_MSG.invalidGstin);
    for (const [exchangeRates, message] of [
      [[{ currency: 'AED', inrPerUnit: 0 }], INVOICE_MSG.invalidRate],
      [[{ currency: 'AE1', inrPerUnit: 22 }], INVOICE_MSG.invalidCurrency],
      [[{ currency: 'INR', inrPerUnit: 1 }], INVOICE_MSG.invalidCurrency],
      [[{ currency: 'AED', inrPerUnit: 22, rateDate: '2999-01-01' }], INVOICE_MSG.invalidRateDate],
      [[{ currency: 'AED', inrPerUnit: 22, rateDate: '2026-02-30' }], INVOICE_MSG.invalidRateDate],
      [
        [
          { currency: 'AED', inrPerUnit: 22 },
          { currency: 'aed', inrPerUnit: 23 },
        ],
        INVOICE_MSG.duplicateCurrency,
      ],
    ] as const) {
      const bad = await staff.call(saveInvoiceSettings, {
        ...DEMO_INVOICE_SETTINGS['site-flightdeals']!,
        exchangeRates,
      });
      expect(bad.status, JSON.stringify(exchangeRates)).toBe(400);
      expect(bad.body.errorMessage).toBe(message);
    }
    expect((await agent.client.call(getInvoiceSettings, {})).status).toBe(403);
    // Nothing changed.
    expect((await staff.call(getInvoiceSettings, {})).body.result).toEqual(DEMO_INVOICE_SETTINGS['site-flightdeals']);
  });
});

describe('tax invoices', () => {
  it('a booking made through the API gets its invoice for the amount charged', async () => {
    const found = await oneWay(agent.client, 'DEL', 'BOM', 22);
    const lcc = pick(found, (o) => o.isLcc);
    const ordered = await agent.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: lcc.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const paid = await agent.client.call(orderSuccessCallback, { orderId: ordered.body.result.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booking = paid.body.result.bookings[0] as BookingRecord;

    const inv = await invoiceOf(agent.client, booking.bookingId);
    expect(inv).toMatchObject({
      docType: 'invoice',
      source: 'booking',
      sourceRef: booking.pnr,
      kind: 'flight',
      sac: '998551',
      total: booking.accounting.amountCharged,
      taxableValue: booking.fare.markup,
      supplier: { gstin: DEMO_INVOICE_SETTINGS['site-flightdeals']!.gstin, state: '27-Maharashtra' },
      // No billing details: the place of supply is the reseller's state.
      placeOfSupply: '27-Maharashtra',
      supplyType: 'intraState',
    });
    expect(inv.number).toMatch(/^FD\/\d\d-\d\d\/\d{5}$/);
    addsUp(inv);
    // By its id too; staff see it; nobody else does.
    expect((await agent.client.call(getInvoice, { invoiceId: inv.id })).body.result.number).toBe(inv.number);
    expect((await staff.call(getInvoice, { invoiceId: inv.id })).status).toBe(200);
    const other = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await other.client.call(getInvoice, { invoiceId: inv.id })).status).toBe(404);
    expect((await other.client.call(getSourceInvoice, { source: 'booking', sourceId: booking.bookingId })).status).toBe(
      404,
    );
    const skyway = await demo(SKYWAY, 'staff');
    expect((await skyway.call(getInvoice, { invoiceId: inv.id })).status).toBe(404);
  });

  it('intra-state: CGST 9 % + SGST 9 % on the markup, the fare as pure agent', async () => {
    await setUserFields(
      FLIGHTDEALS.siteId,
      agent.userId,
      { billing: { billingName: 'Verma Travels Pvt Ltd', gstNumber: '', gstState: 'Maharashtra', panNumber: '' } },
      new Date(),
    );
    const b = await bookingWithMarkup(1000);
    const site = (await siteById(FLIGHTDEALS.siteId))!;
    // The hook run twice at once (a retried after-booking step) still issues one invoice.
    await Promise.all([invoiceBooked(site, b, new Date()), invoiceBooked(site, b, new Date())]);
    const inv = await invoiceOf(agent.client, b.bookingId);
    expect(inv).toMatchObject({
      recipient: { name: 'Verma Travels Pvt Ltd', state: '27-Maharashtra', gstin: '' },
      placeOfSupply: '27-Maharashtra',
      supplyType: 'intraState',
      taxableValue: 1000,
      cgst: 90,
      sgst: 90,
      igst: 0,
      totalTax: 180,
      total: b.accounting.amountCharged,
    });
    expect(inv.reimbursement).toBeCloseTo(b.accounting.amountCharged - 1180, 2);
    addsUp(inv);
  });

  it("inter-state: IGST 18 %, the customer's GSTIN and billing name", async () => {
    await setUserFields(
      FLIGHTDEALS.siteId,
      agent.userId,
      {
        billing: {
          billingName: 'Verma Travels Pvt Ltd',
          gstNumber: '29AAECS5678L1ZJ',
          gstState: '',
          panNumber: 'AAECS5678L',
        },
      },
      new Date(),
    );
    const b = await bookingWithMarkup(333.33);
    await invoiceBooked((await siteById(FLIGHTDEALS.siteId))!, b, new Date());
    const inv = await invoiceOf(agent.client, b.bookingId);
    expect(inv).toMatchObject({
      recipient: { gstin: '29AAECS5678L1ZJ', state: '29-Karnataka', pan: 'AAECS5678L' },
      placeOfSupply: '29-Karnataka',
      supplyType: 'interState',
      taxableValue: 333.33,
      cgst: 0,
      sgst: 0,
      igst: 60,
      total: b.accounting.amountCharged,
    });
    addsUp(inv);
    const pdf = await agent.client.call(getInvoicePdf, { invoiceId: inv.id });
    expect(pdf.status).toBe(200);
    expect(pdf.body.result.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf.body.result.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a failed or held booking gets no invoice', async () => {
    const b = await bookingWithMarkup(100);
    const held = { ...b, statusId: BOOKING_STATUS.held };
    await invoiceBooked((await siteById(FLIGHTDEALS.siteId))!, held, new Date());
    expect((await agent.client.call(getSourceInvoice, { source: 'booking', sourceId: b.bookingId })).status).toBe(404);
  });
});

describe('activity carts', () => {
  it('a vouchered cart gets its invoice (markup taxed, GST inside it); cancelling it credits it in full', async () => {
    const site = (await siteById(FLIGHTDEALS.siteId))!;
    const now = new Date();
    const line = (i: number, net: number, markup: number) => ({
      itemId: `it${i}`,
      activityId: 'dmc-act-test',
      activityName: 'Burj Khalifa',
      tourOptionId: 'dmc-to-test',
      tourOptionName: 'Level 124',
      date: '2027-01-15',
      adults: 2,
      children: 0,
      net,
      markup,
      price: net + markup,
      currency: 'INR',
    });
    const cart: CartRecord = {
      id: `dmc-cart-${randomUUID().slice(0, 8)}`,
      version: 4,
      reference: `A20261124-${randomUUID().slice(0, 6).toUpperCase()}`,
      userId: agent.userId,
      userName: 'Asha Verma',
      status: 'vouchered',
      startDate: '2027-01-15',
      endDate: '2027-01-16',
      adults: 2,
      children: 0,
      remarks: '',
      items: [line(1, 1000, 118), line(2, 500, 59)],
      kartId: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await invoiceCartStatus(site, cart, 'confirmed', now);
    const res = await staff.call(getSourceInvoice, { source: 'cart', sourceId: cart.id });
    expect(res.status).toBe(200);
    const inv = res.body.result as TInvoiceDocument;
    // The agent's billing state is Karnataka (the test above): IGST on ₹150 of the ₹177 markup.
    expect(inv).toMatchObject({ kind: 'activityCart', sac: '998554', total: 1677, taxableValue: 150, igst: 27 });
    expect(inv.reimbursement).toBe(1500);
    addsUp(inv);
    // The customer reads it too.
    expect((await agent.client.call(getSourceInvoice, { source: 'cart', sourceId: cart.id })).status).toBe(200);

    await invoiceCartStatus(site, { ...cart, status: 'cancelled' }, 'vouchered', now);
    await invoiceCartStatus(site, { ...cart, status: 'cancelled' }, 'vouchered', now);
    const after = (await staff.call(getInvoice, { invoiceId: inv.id })).body.result as TInvoiceDocument;
    expect(after.creditNotes).toHaveLength(1);
    const note = (await staff.call(getInvoice, { invoiceId: after.creditNotes[0]!.id })).body.result;
    expect(note).toMatchObject({
      docType: 'creditNote',
      total: 1677,
      taxableValue: 150,
      igst: 27,
      reimbursement: 1500,
    });
  });
});

describe('quotations (karts)', () => {
  it('a vouchered INR quotation gets its invoice (the service charge taxed); cancelling it credits it', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const saved = await admin.call(saveKart, {
      customerId: agent.userId,
      kartName: `Invoice trip ${randomUUID().slice(0, 6)}`,
      adults: 1,
      child: 0,
      infant: 0,
      arrivalDate: '2027-02-10',
      quoteValidyInDays: 7,
      miscellaneous: [{ name: 'Desert safari', description: 'Evening', price: 1000, startDate: '2027-02-10' }],
      passengers: [{ title: 'Mrs', firstName: 'Asha', lastName: 'Verma', paxType: 'adult' }],
      serviceCharge: 118,
      noOfDays: 2,
      noOfNights: 1,
      currencySymbol: 'INR',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.result.id as string;
    // Not vouchered yet: no invoice.
    expect((await staff.call(getSourceInvoice, { source: 'kart', sourceId: id })).status).toBe(404);
    expect((await admin.call(voucherKart, { id, version: 1 })).status).toBe(200);
    const inv = await (async () => {
      const res = await staff.call(getSourceInvoice, { source: 'kart', sourceId: id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result as TInvoiceDocument;
    })();
    // The agent bills from Karnataka: IGST on ₹100 of the ₹118 service charge.
    expect(inv).toMatchObject({ kind: 'kart', sac: '998555', total: 1118, taxableValue: 100, igst: 18 });
    expect(inv.reimbursement).toBe(1000);
    addsUp(inv);
    expect((await admin.call(cancelKart, { id })).status).toBe(200);
    const after = (await staff.call(getInvoice, { invoiceId: inv.id })).body.result as TInvoiceDocument;
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditNotes[0]!.total).toBe(1118);
  });

  it("a vouchered AED quotation is invoiced in rupees at the site's rate, named on the invoice", async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const saved = await admin.call(saveKart, {
      customerId: agent.userId,
      kartName: `Dubai trip ${randomUUID().slice(0, 6)}`,
      adults: 1,
      child: 0,
      infant: 0,
      arrivalDate: '2027-02-10',
      quoteValidyInDays: 7,
      miscellaneous: [{ name: 'Desert safari', description: 'Evening', price: 200, startDate: '2027-02-10' }],
      passengers: [{ title: 'Mrs', firstName: 'Asha', lastName: 'Verma', paxType: 'adult' }],
      serviceCharge: 20,
      noOfDays: 2,
      noOfNights: 1,
      currencySymbol: 'AED',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.result.id as string;
    expect((await admin.call(voucherKart, { id, version: 1 })).status).toBe(200);
    const res = await staff.call(getSourceInvoice, { source: 'kart', sourceId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = res.body.result as TInvoiceDocument;
    // AED 220 at the seeded ₹22.75: ₹5,005, of which the AED 20 service charge (₹455) holds the GST.
    expect(inv).toMatchObject({ kind: 'kart', currency: 'INR', total: 5005 });
    expect(inv.taxableValue + inv.igst).toBeCloseTo(455, 2);
    // The rate is named as data (not in a line's text), printed under the total.
    expect(inv.conversion).toMatchObject({ currency: 'AED', amount: 220, inrPerUnit: 22.75 });
    addsUp(inv);
  });
});

describe('foreign currency', () => {
  const AED = DEMO_INVOICE_SETTINGS['site-flightdeals']!.exchangeRates.find((r) => r.currency === 'AED')!;
  const inr = (aed: number) => Math.round(aed * AED.inrPerUnit * 100) / 100;

  /** The text of a pdf-lib PDF (standard fonts: hex strings in Flate streams), one string per drawn text. */
  function pdfText(base64: string): string {
    const pdf = Buffer.from(base64, 'base64');
    const out: string[] = [];
    for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
      if (pdf.subarray(at - 3, at).toString() === 'end') continue;
      const start = at + (pdf[at + 6] === 0x0d ? 8 : 7);
      const end = pdf.indexOf('endstream', start);
      let text: string;
      try {
        text = inflateSync(pdf.subarray(start, end)).toString('latin1');
      } catch {
        continue;
      }
      for (const m of text.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
    return out.join('\n');
  }

  /** Every place an invoice is read agrees: the document, the staff list's row, the PDF; all in rupees. */
  async function readsInRupees(inv: TInvoiceDocument, quoted: { amount: number; dates: string[] }) {
    expect(inv).toMatchObject({
      currency: 'INR',
      total: inr(quoted.amount),
      conversion: { currency: 'AED', amount: quoted.amount, inrPerUnit: AED.inrPerUnit, rateDate: AED.rateDate },
    });
    addsUp(inv);
    expect(inv.amountInWords).toBe(rupeesInWords(inr(quoted.amount)));
    // Dates as the site shows them, never ISO.
    const text = JSON.stringify(inv.lines);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const d of quoted.dates) expect(text).toContain(formatDate(d));
    const rows = (await staff.call(listInvoices, { month: month(), docType: 'invoice', limit: 100 })).body.result
      .records as { id: string; total: number; taxableValue: number }[];
    expect(rows.find((r) => r.id === inv.id)).toMatchObject({ total: inv.total, taxableValue: inv.taxableValue });
    const pdf = await staff.call(getInvoicePdf, { invoiceId: inv.id });
    expect(pdf.status).toBe(200);
    const printed = pdfText(pdf.body.result.base64);
    expect(printed).toContain('Amount (INR)');
    expect(printed).toContain(formatMoney(inv.total).replace('₹', 'Rs. '));
    expect(printed).toContain(inv.amountInWords);
    expect(printed).not.toContain(`AED ${formatMoney(inv.total, 'INR').slice(1)}`);
    expect(printed).toContain(formatDate(AED.rateDate));
  }

  it('a vouchered AED activity cart is invoiced in rupees at the rate the invoice names', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const buyer = await newCustomer(FLIGHTDEALS, 'travelAgent');
    const d = await destination(admin);
    const markets = await admin.call(searchMarket, { limit: 100 });
    const market = markets.body.result.records.find((m: { isDefault: boolean }) => m.isDefault);
    const today = localDay(new Date(), 'Asia/Kolkata');
    expect(
      (
        await admin.call(saveActivityTicketRates, {
          tourOptionId: d.tourOptionId,
          marketId: market.marketId,
          isPerPax: true,
          validFromDate: today,
          validTillDate: addDays(today, 365),
          adultAmount: 100,
          childAmount: 80,
        })
      ).status,
    ).toBe(200);
    // The buyer's own group with a 10 % activity markup: AED 200 net + AED 20 markup (GST inside it).
    const group = (await admin.call(saveLeGroup, { groupName: `AED buyers ${randomUUID().slice(0, 6)}` })).body.result;
    await admin.call(mapLegalEntityToGroup, { groupId: group.id, LEId: buyer.legalEntityId });
    await admin.call(addActivityMarkUp, { groupId: group.id, markupType: 'percent', markupValue: 10 });
    const date = addDays(today, 12);
    const added = await buyer.client.call(addToCart, {
      startDate: date,
      endDate: addDays(date, 2),
      adults: 2,
      children: 0,
      item: { activityId: d.activityId, tourOptionId: d.tourOptionId, date },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.result as { id: string; totalPrice: number; currency: string };
    expect(cart).toMatchObject({ totalPrice: 220, currency: 'AED' });
    await buyer.client.call(updateCartStatus, { cartId: cart.id, status: 'submitted' });
    for (const status of ['confirmed', 'vouchered'])
      expect((await admin.call(updateCartStatus, { cartId: cart.id, status })).status).toBe(200);
    const res = await staff.call(getSourceInvoice, { source: 'cart', sourceId: cart.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = res.body.result as TInvoiceDocument;
    // AED 220 at ₹22.75 = ₹5,005; the AED 20 markup (₹455) holds the GST: CGST + SGST within Maharashtra.
    expect(inv).toMatchObject({ kind: 'activityCart', supplyType: 'intraState', reimbursement: inr(200) });
    expect(paise(inv.taxableValue, inv.cgst, inv.sgst)).toBe(paise(inr(20)));
    await readsInRupees(inv, { amount: 220, dates: [date] });
  });

  it('a vouchered AED quotation is invoiced in rupees with its lines, taxes, total and words', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const saved = await admin.call(saveKart, {
      customerId: agent.userId,
      kartName: `Dubai trip ${randomUUID().slice(0, 6)}`,
      adults: 1,
      child: 0,
      infant: 0,
      arrivalDate: '2027-02-10',
      quoteValidyInDays: 7,
      miscellaneous: [{ name: 'Desert safari', description: 'Evening', price: 384.8, startDate: '2027-02-10' }],
      passengers: [{ title: 'Mrs', firstName: 'Asha', lastName: 'Verma', paxType: 'adult' }],
      serviceCharge: 20,
      noOfDays: 2,
      noOfNights: 1,
      currencySymbol: 'AED',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.result.id as string;
    expect((await admin.call(voucherKart, { id, version: 1 })).status).toBe(200);
    const res = await staff.call(getSourceInvoice, { source: 'kart', sourceId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = res.body.result as TInvoiceDocument;
    expect(inv).toMatchObject({ kind: 'kart', reimbursement: inr(384.8) });
    expect(paise(inv.taxableValue, inv.cgst, inv.sgst, inv.igst)).toBe(paise(inr(20)));
    await readsInRupees(inv, { amount: 404.8, dates: ['2027-02-10'] });
  });
});

describe('credit notes', () => {
  it('a full refund produces credit notes against the invoice with the tax reversed, once', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email);
    const site = (await siteById(b.siteId))!;
    await invoiceBooked(site, b, new Date());
    const inv = await invoiceOf(agent.client, b.bookingId);

    const cc = await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 });
    expect(cc.status).toBe(200);
    const sent = await agent.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
    expect(sent.status).toBe(200);
    const crs = sent.body.result.changeRequests as { changeRequestId: string }[];
    const principal = (await loadPrincipal(b.siteId, b.userId))!;
    const done = new Date(Date.now() + (CR_PROGRESS_MINUTES.completed + 1) * 60_000);
    for (const cr of crs)
      for (let i = 0; i < 2; i++)
        await tickets.crStatus(
          { site, now: done, principal, ip: '127.0.0.1', log: ctxAt(b.siteId).log },
          { ChangeRequestId: cr.changeRequestId },
          ticketsWiring,
        );
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.accounting.refundedAmount).toBeGreaterThan(0);

    const credited = await invoiceOf(agent.client, b.bookingId);
    expect(credited.creditNotes).toHaveLength(crs.length);
    const notes: TInvoiceDocument[] = [];
    for (const n of credited.creditNotes) {
      const res = await agent.client.call(getInvoice, { invoiceId: n.id });
      expect(res.status).toBe(200);
      notes.push(res.body.result);
    }
    for (const n of notes) {
      expect(n).toMatchObject({ docType: 'creditNote', against: { id: inv.id, number: inv.number } });
      expect(n.number).toMatch(/^FDC\/\d\d-\d\d\/\d{5}$/);
      addsUp(n);
    }
    expect(paise(...notes.map((n) => n.total))).toBe(paise(after.accounting.refundedAmount));
    // The tax reversed never exceeds the invoice's.
    expect(paise(...notes.map((n) => n.cgst + n.sgst + n.igst))).toBeLessThanOrEqual(paise(inv.totalTax));

    // The month: both lists and the .xlsx (GSTR-1 style, credit notes on their own sheet).
    const list = await staff.call(listInvoices, { month: month(), docType: 'invoice', limit: 100 });
    expect(list.status).toBe(200);
    let rows = list.body.result.records as { number: string }[];
    for (let cursor = list.body.result.nextCursor; cursor;) {
      const next = await staff.call(listInvoices, { month: month(), docType: 'invoice', limit: 100, cursor });
      rows = [...rows, ...next.body.result.records];
      cursor = next.body.result.nextCursor;
    }
    expect(rows.map((r) => r.number)).toContain(inv.number);
    // Newest first on the staff list (one series and year: the zero-padded numbers sort as text).
    expect(rows.map((r) => r.number)).toEqual(
      rows
        .map((r) => r.number)
        .sort()
        .reverse(),
    );
    const cns = await staff.call(listInvoices, { month: month(), docType: 'creditNote', limit: 100 });
    expect(cns.body.result.records.map((r: { againstNumber: string }) => r.againstNumber)).toContain(inv.number);

    const { job, file } = await exported(staff, exportInvoices, { month: month() });
    const sheets = readXlsx(file);
    expect(sheets.map((s) => s.name)).toEqual(['Invoices', 'Credit notes']);
    const [head, ...invoiceRows] = sheets[0]!.rows;
    expect(head).toEqual(
      expect.arrayContaining([
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Rate',
        'Taxable Value',
        'IGST',
        'CGST',
        'SGST',
        'SAC',
      ]),
    );
    const mine = invoiceRows.find((r) => r[2] === inv.number)!;
    expect(mine[4]).toBe(inv.total);
    expect(mine[5]).toBe(inv.placeOfSupply);
    const noteRows = sheets[1]!.rows.slice(1).filter((r) => r[5] === inv.number);
    expect(noteRows).toHaveLength(notes.length);
    expect(job.rowsDone).toBe(invoiceRows.length + sheets[1]!.rows.length - 1);
    // Staff only.
    expect((await agent.client.call(exportInvoices, { month: month() })).status).toBe(403);
    expect((await staff.call(exportInvoices, { month: '2026-13' })).status).toBe(400);
  });
});
