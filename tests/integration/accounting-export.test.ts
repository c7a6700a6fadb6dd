/**
 * The books (docs/dmc.md "The books", issue #33 §4), through the gateway and the exports worker: two vouchered
 * quotations (one paid by bank and cash, its hotel part paid, then cancelled with a fee: refunds, a credit note and
 * the payable reversed; one part paid) and a ticketed flight's invoice give every kind of document. The period is
 * exported as Tally XML, Zoho CSV and Xero CSV; each file is downloaded and read back: every document of ours is in
 * it exactly once, each voucher's debits equal its credits and so does the whole file; a period before them holds
 * none of them; another site's export never holds them. The ledger names are the site's (saved, audited, a stale
 * save refused). Also: margin per month, a driver's payable from the job sheet, and the backfill of older data.
 */
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { saveDriver } from '@tp/contracts/endpoints/dmc';
import { updateTransferDriverCharges, updateTransferStatusByStaff } from '@tp/contracts/endpoints/dmc-operations';
import { BOOKS_MSG, exportBooks, getLedgers, saveLedgers } from '@tp/contracts/endpoints/books';
import { getMonthlyMargins, getPayables, recordSupplierPayment } from '@tp/contracts/endpoints/dmc-payables';
import { getInvoice, getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import {
  cancelKart,
  getKartById,
  getKartReceipts,
  recordKartReceipt,
  saveKart,
  voucherKart,
} from '@tp/contracts/endpoints/kart';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { parseCsv } from '@tp/domain/accounting';
import type { Transfer } from '@tp/domain/dmc';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transact } from '../../functions/src/lib/db.ts';
import { kartKeys } from '../../functions/src/kart/keys.ts';
import { backfillSiteBooks } from '../../scripts/backfill-books.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { transferPutItems } from '../../functions/src/kart/transfers-repo.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { putBooking } from '../../functions/src/bookings/index.ts';
import { invoiceBooked } from '../../functions/src/invoices/index.ts';
import { demoBooking } from '../../scripts/seed/bookings.ts';
import { newCustomer } from './flights-helpers.ts';
import { bookerOf } from './tickets-helpers.ts';
import { exported, type Client } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import {
  FLIGHTDEALS,
  SKYWAY,
  contractedHotel,
  ok,
  refused,
  staff,
  tag,
  twoNightStay,
  type ContractedHotel,
} from './dmc-helpers.ts';

let c: Client;
let stay: ContractedHotel;
let hotelId: string;
let customerId: string;
let hotelName: string;

/** The documents of ours the export must hold: voucher number → kind. */
const expected = new Map<string, string>();
const today = () => localDay(new Date(), 'Asia/Kolkata');
const dayOffset = (d: number) => localDay(new Date(Date.now() + d * 86_400_000), 'Asia/Kolkata');

/** Two nights in one standard room: sells 1200, costs 1000; 10 % to cancel a year out. */
const kart = () => twoNightStay(stay, customerId, `Books stay ${tag()}`, { serviceCharge: 50 });

beforeAll(async () => {
  c = await staff();
  const t = tag();
  stay = await contractedHotel(c, { name: `Books & Co Inn ${t}`, currency: 'AED', costPerNight: 500 });
  ({ hotelId, hotelName } = stay);
  customerId = (
    await ok(c, createDetailPendingCustomerForDmc, {
      firstName: 'Meera',
      lastName: `Rao ${t}`,
      phone: uniquePhone(),
      phoneCode: 'in',
    })
  ).id;

  // Quotation 1: paid by bank and cash, vouchered (invoice, payable), the hotel part paid, then cancelled.
  const one = await ok(c, saveKart, kart());
  await ok(c, recordKartReceipt, {
    id: one.id,
    amount: 500,
    method: 'bankTransfer',
    reference: 'UTR 1',
    idempotencyKey: `a${t}`,
  });
  await ok(c, recordKartReceipt, {
    id: one.id,
    amount: 750,
    method: 'cash',
    reference: '=cash desk',
    idempotencyKey: `b${t}`,
  });
  await ok(c, voucherKart, { id: one.id });
  const payable = ((await ok(c, getPayables, { supplier: `hotel:${hotelId}`, limit: 100 })).records as any[]).find(
    (p) => p.kartId === one.id,
  );
  const payKey = `p${t}`;
  await ok(c, recordSupplierPayment, {
    payableId: payable.id,
    amount: 400,
    reference: 'NEFT 9',
    idempotencyKey: payKey,
  });
  expect((await c.call(cancelKart, { id: one.id })).status).toBe(200);
  const cancelled = await ok(c, getKartById, { id: one.id });
  expect(cancelled.cancellation.refunds.length).toBe(2);

  // Quotation 2: vouchered with a deposit.
  const two = await ok(c, saveKart, kart());
  await ok(c, recordKartReceipt, {
    id: two.id,
    amount: 300,
    method: 'bankTransfer',
    reference: 'UTR 2',
    idempotencyKey: `c${t}`,
  });
  await ok(c, voucherKart, { id: two.id });
  const payable2 = ((await ok(c, getPayables, { supplier: `hotel:${hotelId}`, limit: 100 })).records as any[]).find(
    (p) => p.kartId === two.id,
  );

  // A ticketed flight with our markup, invoiced by the after-booking hook.
  const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 0 });
  const now = new Date();
  const b = demoBooking({
    siteId: FLIGHTDEALS.siteId,
    user: await bookerOf(FLIGHTDEALS.siteId, agent.email),
    bookingId: `TB${t}`,
    pnr: `B${t.slice(0, 5).toUpperCase()}`,
    createdAt: now,
    travelDate: new Date(now.getTime() + 20 * 86_400_000),
    statusId: BOOKING_STATUS.ticketed,
    route: ['DEL', 'BOM'],
    airline: '6E',
    passengers: [{ firstName: 'Luc', lastName: 'Desmarais' }],
    farePerPax: 5000,
  });
  const flight = {
    ...b,
    fare: { ...b.fare, markup: 500, gstOnMarkup: 90 },
    accounting: { ...b.accounting, amountCharged: Math.round((b.accounting.amountCharged + 590) * 100) / 100 },
  };
  await putBooking(flight);
  await invoiceBooked((await siteById(FLIGHTDEALS.siteId))!, flight, new Date());
  expected.set((await ok(c, getSourceInvoice, { source: 'booking', sourceId: flight.bookingId })).number, 'Sales');

  for (const k of [one, two]) {
    const invoice = await ok(c, getSourceInvoice, { source: 'kart', sourceId: k.id });
    expected.set(invoice.number, 'Sales');
    for (const r of (await ok(c, getKartReceipts, { id: k.id })).records as any[]) expected.set(r.number, 'Receipt');
  }
  const invoice1 = await ok(c, getSourceInvoice, { source: 'kart', sourceId: one.id });
  const note = await ok(c, getInvoice, { invoiceId: invoice1.creditNotes[0].id });
  expected.set(note.number, 'Credit Note');
  for (const r of cancelled.cancellation.refunds) expected.set(`${r.receiptNumber}/R`, 'Payment');
  expected.set(payable.id, 'Purchase');
  expected.set(payable2.id, 'Purchase');
  expected.set(`${payable.id}/payment/${payKey}`, 'Payment');
  expected.set(`${payable.id}/reversal`, 'Journal');
  expect(expected.size).toBe(13);
});

const cents = (s: string | undefined) => Math.round(Number(s || 0) * 100);

interface Voucher {
  number: string;
  type: string;
  /** Signed paise: debit +, credit −. */
  amounts: number[];
}

/** Tally's file read back with an XML parser: its vouchers. */
function readTally(xml: string): { vouchers: Voucher[]; doc: Document } {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml') as unknown as Document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('ENVELOPE');
  const vouchers = [...doc.getElementsByTagName('VOUCHER')].map((v) => {
    const text = (tag: string) => v.getElementsByTagName(tag)[0]?.textContent ?? '';
    expect(v.getAttribute('VCHTYPE')).toBe(text('VOUCHERTYPENAME'));
    return {
      number: text('VOUCHERNUMBER'),
      type: text('VOUCHERTYPENAME'),
      amounts: [...v.getElementsByTagName('ALLLEDGERENTRIES.LIST')].map((l) => {
        const amount = cents(l.getElementsByTagName('AMOUNT')[0]?.textContent ?? '');
        const positive = l.getElementsByTagName('ISDEEMEDPOSITIVE')[0]?.textContent;
        // Tally: a debit is deemed positive with a negative amount.
        expect(positive).toBe(amount < 0 ? 'Yes' : 'No');
        return -amount;
      }),
    };
  });
  window.close();
  return { vouchers, doc };
}

/** A CSV journal file read back: its journals, the rows of each together. */
function readCsv(format: 'zoho' | 'xero', csv: string): Voucher[] {
  const [head, ...rows] = parseCsv(csv);
  const col = (name: string) => head!.indexOf(name);
  const out: Voucher[] = [];
  for (const r of rows) {
    // Xero's narration is `<number> <voucher type>: <reference>`.
    const narration = r[col('*Narration')] ?? '';
    const space = narration.indexOf(' ');
    const number = format === 'zoho' ? r[col('Journal Number')]! : narration.slice(0, space);
    const type = format === 'zoho' ? '' : narration.slice(space + 1, narration.indexOf(':', space));
    const amount = format === 'zoho' ? cents(r[col('Debit')]) - cents(r[col('Credit')]) : cents(r[col('*Amount')]);
    const last = out.at(-1);
    if (last?.number === number) last.amounts.push(amount);
    else out.push({ number, type, amounts: [amount] });
  }
  return out;
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

function checkBooks(vouchers: Voucher[], withTypes: boolean) {
  // Every voucher balances, and so does the file.
  for (const v of vouchers) {
    expect(v.amounts.length, v.number).toBeGreaterThanOrEqual(2);
    expect(sum(v.amounts), v.number).toBe(0);
  }
  expect(sum(vouchers.flatMap((v) => v.amounts))).toBe(0);
  // Every document once, in the whole file (ours among everyone's of the period).
  const numbers = vouchers.map((v) => v.number);
  expect(new Set(numbers).size).toBe(numbers.length);
  for (const [number, type] of expected) {
    const found = vouchers.filter((v) => v.number === number);
    expect(found, number).toHaveLength(1);
    if (withTypes) expect(found[0]!.type, number).toBe(type);
  }
}

describe('the accounting export', () => {
  let ledgersVersion: number;

  it('keeps the site ledger names: refuses blanks and stale saves, another site keeps its own', async () => {
    const current = await ok(c, getLedgers, {});
    const names = { ...current.names, sales: 'Tour Sales & Services', bank: 'HDFC <Current> A/c' };
    const bad = await refused(c, saveLedgers, {
      names: { ...names, cgst: ' ' },
      partyLedgers: true,
      tallyCompany: 'Flight Deals',
      version: current.version,
    });
    expect(Object.keys(bad.shortError ?? {})).toContain('names.cgst');
    const saved = await ok(c, saveLedgers, {
      names,
      partyLedgers: true,
      tallyCompany: 'Flight Deals',
      version: current.version,
    });
    expect(saved).toMatchObject({ version: current.version + 1, names: { sales: 'Tour Sales & Services' } });
    ledgersVersion = saved.version;
    const stale = await c.call(saveLedgers, { names, partyLedgers: true, tallyCompany: '', version: current.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(BOOKS_MSG.ledgersChanged);
    const other = await ok(await staff(SKYWAY), getLedgers, {});
    expect(other.names.sales).not.toBe('Tour Sales & Services');
  });

  it('refuses a period that ends before it starts or runs over a year, and an unknown format', async () => {
    await refused(c, exportBooks, { from: today(), to: dayOffset(-1), format: 'tally' });
    await refused(c, exportBooks, { from: dayOffset(-400), to: today(), format: 'tally' });
    await refused(c, exportBooks, { from: today(), to: today(), format: 'sage' });
  });

  it('Tally Prime XML: every document once, every voucher balanced, the site ledger names escaped', async () => {
    expect(ledgersVersion).toBeGreaterThan(0);
    const { job, file } = await exported(c, exportBooks, { from: dayOffset(-1), to: dayOffset(1), format: 'tally' });
    expect(job.fileName).toMatch(/\.xml$/);
    const xml = file.toString('utf8');
    const { vouchers, doc } = readTally(xml);
    checkBooks(vouchers, true);
    expect(job.rowsDone).toBe(vouchers.length);
    expect(doc.getElementsByTagName('SVCURRENTCOMPANY')[0]?.textContent).toBe('Flight Deals');
    expect(xml).toContain('<LEDGERNAME>Tour Sales &amp; Services</LEDGERNAME>');
    expect(xml).toContain('<LEDGERNAME>HDFC &lt;Current&gt; A/c</LEDGERNAME>');
    // The hotel is a ledger of its own (party ledgers), named as on the payable.
    expect(xml).toContain(`<PARTYLEDGERNAME>${hotelName.replace('&', '&amp;')}</PARTYLEDGERNAME>`);
  });

  it('Zoho Books and Xero CSV journals read back the same', async () => {
    const zoho = await exported(c, exportBooks, { from: dayOffset(-1), to: dayOffset(1), format: 'zoho' });
    expect(zoho.job.fileName).toMatch(/\.csv$/);
    const zohoText = zoho.file.toString('utf8');
    checkBooks(readCsv('zoho', zohoText), false);
    // A reference that would start a formula is defused.
    expect(zohoText).toContain("'=cash desk");
    const xero = await exported(c, exportBooks, { from: dayOffset(-1), to: dayOffset(1), format: 'xero' });
    checkBooks(readCsv('xero', xero.file.toString('utf8')), true);
  });

  it('a period before the documents holds none of them; another site never sees them', async () => {
    const before = await exported(c, exportBooks, { from: dayOffset(-30), to: dayOffset(-2), format: 'tally' });
    const earlier = readTally(before.file.toString('utf8')).vouchers.map((v) => v.number);
    for (const number of expected.keys()) expect(earlier).not.toContain(number);
    const skyway = await exported(await staff(SKYWAY), exportBooks, {
      from: dayOffset(-1),
      to: dayOffset(1),
      format: 'zoho',
    });
    const theirs = readCsv('zoho', skyway.file.toString('utf8')).map((v) => v.number);
    for (const number of expected.keys()) expect(theirs).not.toContain(number);
    expect(skyway.file.toString('utf8')).not.toContain(hotelName);
  });
});

describe('margin per month', () => {
  it("holds this month's receipts, refunds, payables and reversals, and refuses more than 12 months", async () => {
    const month = today().slice(0, 7);
    const { rows } = await ok(c, getMonthlyMargins, { from: month, to: month });
    const aed = rows.find((r: any) => r.currency === 'AED');
    // Ours at least (other files add to the same site's month): 1550 received, 1125 refunded, 2000 owed, 1000 back.
    expect(aed.received).toBeGreaterThanOrEqual(1550);
    expect(aed.refunded).toBeGreaterThanOrEqual(1125);
    expect(aed.raised).toBeGreaterThanOrEqual(2000);
    expect(aed.reversed).toBeGreaterThanOrEqual(1000);
    expect(aed.margin).toBeCloseTo(aed.received - aed.refunded - (aed.raised - aed.reversed), 2);
    await refused(c, getMonthlyMargins, { from: '2025-01', to: '2026-01' });
    await refused(c, getMonthlyMargins, { from: '2026-13', to: '2026-12' });
  });
});

describe("a transfer's payable to its driver", () => {
  it('is raised once when the job is closed with charges, and is in the books', async () => {
    const t = tag();
    const driverName = `Books Driver ${t}`;
    const driverId = (await ok(c, saveDriver, { driverName, phone: '+971501234567' })).driverId as string;
    const kartId = `kart${t}`;
    const transfer: Transfer = {
      id: `${kartId}-activity-l1-pickup`,
      kartId,
      source: { section: 'activities', lineId: 'l1' },
      leg: 'pickup',
      sharingType: 'PVT',
      date: today(),
      time: '10:00',
      pickupLocation: 'Rove Downtown',
      dropLocation: 'Dubai Frame',
      remarks: '',
      pax: { adults: 2, child: 0, infant: 0 },
      customerName: 'Asha Rao',
      customerPhone: '+971 50 123 4567',
      pickupArea: 'Downtown',
      flightNo: null,
      quotationNo: `Q-${kartId}`,
      service: 'Dubai Frame',
      hotelName: 'Rove Downtown',
      leadGuest: 'Mrs Asha Rao',
      driverId,
      internalDriverCharges: null,
      status: 'assigned',
      isCompleted: false,
      completedAt: null,
    };
    await transact(transferPutItems({ site: { siteId: asSiteId(FLIGHTDEALS.siteId) } }, [transfer]));
    const driverPayables = async () =>
      (await ok(c, getPayables, { supplier: `driver:${driverId}`, limit: 100 })).records as any[];
    // Done without charges owes nothing yet; the charges settled after the job raise it, once.
    await ok(c, updateTransferStatusByStaff, { transferid: transfer.id, isCompleted: true });
    expect(await driverPayables()).toEqual([]);
    await ok(c, updateTransferDriverCharges, { id: transfer.id, charges: 150 });
    await ok(c, updateTransferStatusByStaff, { transferid: transfer.id, isCompleted: false });
    await ok(c, updateTransferDriverCharges, { id: transfer.id, charges: 150.5 });
    const raised = await driverPayables();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      id: `${kartId}.${transfer.id}`,
      supplier: { kind: 'driver', id: driverId, name: driverName },
      serviceDate: today(),
      amount: 150,
      outstanding: 150,
    });
    const { file } = await exported(c, exportBooks, { from: today(), to: today(), format: 'zoho' });
    const journal = readCsv('zoho', file.toString('utf8')).filter((v) => v.number === raised[0].id);
    expect(journal).toHaveLength(1);
    expect(journal[0]!.amounts).toEqual([15000, -15000]);
  });
});

describe('the backfill of what was written before the books', () => {
  it('puts an unindexed receipt and payable on the books once; a second run finds nothing to do', async () => {
    const siteId = asSiteId(FLIGHTDEALS.siteId);
    const t = tag();
    const k = await ok(c, saveKart, kart());
    const receipt = await ok(c, recordKartReceipt, {
      id: k.id,
      amount: 100,
      method: 'bankTransfer',
      reference: `OLD ${t}`,
      idempotencyKey: `o${t}`,
    });
    await ok(c, voucherKart, { id: k.id });
    const payable = ((await ok(c, getPayables, { supplier: `hotel:${hotelId}`, limit: 100 })).records as any[]).find(
      (p) => p.kartId === k.id,
    );
    const receiptNumber = receipt.number as string;
    // As a receipt and a voucher wrote them before the books partitions: no index, no raise item.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: kartKeys.receipt(siteId, receipt.id),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: kartKeys.booksRaise(siteId, payable.raisedAt, k.id) }),
    );
    const numbersNow = async () =>
      readCsv(
        'zoho',
        (await exported(c, exportBooks, { from: today(), to: today(), format: 'zoho' })).file.toString(),
      ).map((v) => v.number);
    const before = await numbersNow();
    expect(before).not.toContain(receiptNumber);
    expect(before).not.toContain(payable.id);
    const first = await backfillSiteBooks(siteId);
    expect(first.receipts).toBeGreaterThanOrEqual(1);
    expect(first.payables).toBeGreaterThanOrEqual(1);
    const after = await numbersNow();
    expect(after.filter((n) => n === receiptNumber)).toHaveLength(1);
    expect(after.filter((n) => n === payable.id)).toHaveLength(1);
    expect(await backfillSiteBooks(siteId)).toEqual({ receipts: 0, entries: 0, payables: 0, cancellations: 0 });
  });
});
