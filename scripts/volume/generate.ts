/**
 * A year of a busy reseller on one demo site, generated (docs/benchmarks.md "Data volume"): from a seed, the same
 * items byte for byte on every run. A seeded PRNG picks everything, the clock is fixed (the year ends at YEAR_END)
 * and every id is derived from the seed, never from Date.now() or a random UUID. The items come from the builders
 * the repositories write with (account items, demoBooking + newBookingItems, auditPut, kartPut + transferPut,
 * cartWrites, recordItem), so they carry every index key; the counters those writes move (user count, activity
 * status counts) come out as counter deltas, added to what the site already holds rather than overwriting it.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { TInvoiceSettings } from '@tp/contracts/endpoints/invoices';
import type { CartStatus } from '@tp/domain/activities';
import { financialYear, gstStateOf, invoiceAmounts, type DocumentSeries, type GstState } from '@tp/domain/gst';
import type { TransactItem } from '../../functions/src/lib/db.ts';
import { keys, type Key, type SiteId } from '../../functions/src/lib/keys.ts';
import { auditPut, recordChange, type AuditActor } from '../../functions/src/lib/audit.ts';
import { newAccountItems } from '../../functions/src/users/items-repo.ts';
import type { LegalEntityRecord, UserRecord } from '../../functions/src/users/repo.ts';
import { newBookingItems, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { changeRequestItem } from '../../functions/src/tickets/repo.ts';
import { cartWrites, type CartRecord } from '../../functions/src/activities/repo.ts';
import { countMove, putRecord } from '../../functions/src/dmc/repo.ts';
import { newEnquiryItems } from '../../functions/src/enquiries/repo.ts';
import { packageItem } from '../../functions/src/packages/repo.ts';
import { siteToday } from '../../functions/src/lib/time.ts';
import {
  bookingInvoiceSpec,
  creditNoteRecords,
  invoiceRecord,
  recipientOf,
} from '../../functions/src/invoices/issue.ts';
import { COUNTER_TYPE, issuedDocumentItems } from '../../functions/src/invoices/repo.ts';
import { invoiceKeys } from '../../functions/src/invoices/keys.ts';
import { entryItem, walletBalanceItem, type WalletMovement } from '../../functions/src/wallet/ledger-repo.ts';
import { demoBooking } from '../seed/bookings.ts';
import { demoKart, kartItems, quotedMoney } from '../seed/karts.ts';
import { demoCartLine } from '../seed/activities.ts';
import { DUBAI_DEMO as D } from '../seed/dmc-dubai.ts';

/** The issue's figures at factor 1: a reseller in its second year. */
export const VOLUME_AT_FACTOR_1 = {
  customers: 50_000,
  bookers: 2_000,
  bookings: 100_000,
  auditEntries: 200_000,
  quotations: 20_000,
  activityCarts: 5_000,
  dmcRateRows: 10_000,
  /** Invoices (three in ten ticketed bookings; the issue's 30,000 with their credit notes). */
  invoicedPerTen: 3,
  /** Not in the issue's list of figures: a CRM inbox of a busy year, and a catalogue that grows over it. */
  enquiries: 10_000,
  packages: 500,
} as const;

/** The generated year ends here (fixed: the data must not depend on the day it is generated). */
export const YEAR_END = Date.parse('2026-11-01T00:00:00.000Z');
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

export interface VolumeOptions {
  seed: number;
  /** 1 = the issue's figures; 0.01 for a quick run. Each count is at least 1. */
  factor: number;
  siteId: SiteId;
  /** The site owner's legal entity (whose customers these are). */
  ownerLegalEntityId: string;
  /** Customer numbers handed out before: the generated ones follow it (the bench claims one first). */
  customerNoAfter: number;
  /** The site's invoice settings (legal details, prefix): the generated invoices print them. */
  invoiceSettings: TInvoiceSettings;
  /**
   * The last document number each series already gave in a financial year (`invoice#2026-27`; absent: 0), read from
   * the site's counters: the generated documents of that year are numbered after it.
   */
  documentNoAfter?: Readonly<Record<string, number>>;
  /** The site's time zone (an invoice's date and month are the site's calendar day); the default site zone if absent. */
  timeZone?: string;
}

/** An atomic counter move (ADD numbers, SET the rest) of one item, summed over every generated write. */
export interface CounterDelta {
  key: Key;
  add: Record<string, number>;
  set: Record<string, unknown>;
}

export type VolumeWrite = { put: Record<string, unknown> } | { counter: CounterDelta };

/** mulberry32: small, fast and good enough to pick demo data; the same seed gives the same sequence everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha', 'Arjun', 'Diya', 'Neha', 'Dev'];
const LAST = ['Sharma', 'Iyer', 'Khan', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Fernandes', 'Das', 'Bose'];
const AGENCY = ['Tours', 'Travels', 'Holidays', 'Trips', 'Journeys'];
const ROUTES: [string, string][] = [
  ['DEL', 'BOM'],
  ['BOM', 'GOI'],
  ['BLR', 'DEL'],
  ['MAA', 'HYD'],
  ['DEL', 'BLR'],
  ['BOM', 'DXB'],
  ['DEL', 'SIN'],
  ['BOM', 'LHR'],
  ['BLR', 'BKK'],
];
const INTERNATIONAL = new Set(['DXB', 'SIN', 'LHR', 'BKK']);
const CART_STATUSES: CartStatus[] = ['draft', 'submitted', 'confirmed', 'vouchered', 'cancelled'];

/** Sums the counter moves of transaction items; a write the generator cannot reproduce exactly fails loudly. */
class Counters {
  private readonly byKey = new Map<string, CounterDelta>();

  /** The items a repository builder returns, as puts; its counter updates summed here. */
  *puts(items: readonly TransactItem[]): Generator<VolumeWrite> {
    for (const item of items) {
      if (item.Put) yield { put: item.Put.Item! };
      else if (item.Update) this.add(item.Update);
      // A check that a referenced item exists: the generator wrote that item itself.
      else if (!item.ConditionCheck) throw new Error('generator: a new record never deletes');
    }
  }

  private add(u: NonNullable<TransactItem['Update']>): void {
    const key = u.Key as Key;
    const id = `${key.pk}|${key.sk}`;
    const delta = this.byKey.get(id) ?? { key: { pk: key.pk, sk: key.sk }, add: {}, set: {} };
    this.byKey.set(id, delta);
    const name = (n: string) => (n.startsWith('#') ? u.ExpressionAttributeNames![n]! : n);
    const value = (v: string) => u.ExpressionAttributeValues![v];
    for (const clause of u.UpdateExpression!.split(/\b(?=ADD |SET )/)) {
      const [verb, ...rest] = clause.trim().split(' ');
      for (const term of rest.join(' ').split(',')) {
        if (verb === 'ADD') {
          const [path, v] = term.trim().split(/\s+/);
          delta.add[name(path!)] = (delta.add[name(path!)] ?? 0) + Number(value(v!));
        } else if (verb === 'SET') {
          const [path, v] = term.split('=').map((s) => s.trim());
          if (!v?.startsWith(':')) throw new Error(`generator: unsupported update ${u.UpdateExpression}`);
          delta.set[name(path!)] = value(v);
        } else throw new Error(`generator: unsupported update ${u.UpdateExpression}`);
      }
    }
  }

  *drain(): Generator<VolumeWrite> {
    for (const counter of this.byKey.values()) yield { counter };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number, w: number) => String(n).padStart(w, '0');
const count = (n: number, factor: number) => Math.max(1, Math.round(n * factor));

/**
 * The invoices and credit notes of the generated year, built by the invoices domain's own pure builders
 * (`bookingInvoiceSpec`, `invoiceRecord`, `creditNoteRecords`, `issuedDocumentItems`) and numbered here in
 * sequence per series and financial year after the site's last number; each counter is moved once, last, by the
 * count given (an ADD: it ends on the last number, as the numbering transaction would have left it).
 */
class Invoicing {
  private readonly issued = new Map<string, { series: DocumentSeries; fy: string; count: number }>();
  private readonly supplierState: GstState;

  constructor(private readonly o: VolumeOptions) {
    const state = gstStateOf(o.invoiceSettings.stateCode);
    if (!state) throw new Error('generator: the invoice settings name no GST state');
    this.supplierState = state;
  }

  private next(series: DocumentSeries, fy: string): number {
    const key = `${series}#${fy}`;
    const s = this.issued.get(key) ?? { series, fy, count: 0 };
    this.issued.set(key, s);
    s.count += 1;
    return (this.o.documentNoAfter?.[key] ?? 0) + s.count;
  }

  /** A ticketed booking's invoice (and, when `refundAt`, its cancellation's credit note): their items. */
  booking(b: BookingRecord, user: UserRecord, at: Date, refundAt: Date | null): TransactItem[] {
    const { siteId, invoiceSettings: settings } = this.o;
    const site = { timeZone: this.o.timeZone };
    const spec = bookingInvoiceSpec(b);
    const recipient = recipientOf(user, spec.fallback);
    const issueDate = siteToday(site, at);
    let invoice = invoiceRecord({
      siteId,
      id: `${b.bookingId}-inv`,
      sequence: this.next('invoice', financialYear(issueDate)),
      now: at,
      issueDate,
      settings,
      spec,
      amounts: invoiceAmounts({
        kind: spec.kind,
        total: spec.total,
        taxableValue: spec.taxableValue,
        taxInclusive: false,
        supplierState: this.supplierState,
        customerState: recipient.state,
      }),
      conversion: null,
      recipient: recipient.party,
    });
    const items: TransactItem[] = [];
    if (refundAt) {
      const noteDate = siteToday(site, refundAt);
      const refundId = `${b.bookingId}-r1`;
      const { note, updated } = creditNoteRecords({
        invoice,
        id: `${b.bookingId}-cn`,
        sequence: this.next('creditNote', financialYear(noteDate)),
        now: refundAt,
        issueDate: noteDate,
        settings,
        target: { amount: null, serviceKept: true, reason: `Refund for PNR ${b.pnr} (booking cancelled)` },
      });
      invoice = updated;
      items.push(
        ...issuedDocumentItems(
          {
            siteId,
            series: 'creditNote',
            month: noteDate.slice(0, 7),
            source: ['refund', 'booking', b.bookingId, refundId],
          },
          note,
        ),
      );
    }
    return [
      ...issuedDocumentItems(
        { siteId, series: 'invoice', month: issueDate.slice(0, 7), source: ['booking', b.bookingId] },
        invoice,
      ),
      ...items,
    ];
  }

  *counters(): Generator<VolumeWrite> {
    for (const s of this.issued.values())
      yield {
        counter: {
          key: invoiceKeys.invoiceCounter(this.o.siteId, s.series, s.fy),
          add: { value: s.count },
          set: { type: COUNTER_TYPE },
        },
      };
  }
}

/**
 * The agents' wallets over the year: each booking an agent makes is paid from its wallet (the order's debit entry,
 * `order-<orderId>-debit`, as the booking flow writes it), a gateway top-up first when the balance would not cover
 * it, and a cancelled booking's refund credited back two days later. Entries come from the ledger's own `entryItem`;
 * the running balance is kept here (paise), applied in time order, and each wallet's balance item is put once, last,
 * with `walletBalanceItem` (no credit lines: a wallet never goes below zero).
 */
class Wallets {
  private readonly byLe = new Map<
    string,
    { paise: number; moves: number; last: Date; refunds: { at: Date; m: WalletMovement }[] }
  >();
  private topUps = 0;

  constructor(private readonly o: VolumeOptions) {}

  private wallet(le: string) {
    const w = this.byLe.get(le) ?? { paise: 0, moves: 0, last: new Date(0), refunds: [] };
    this.byLe.set(le, w);
    return w;
  }

  private move(w: ReturnType<Wallets['wallet']>, m: WalletMovement, sign: 1 | -1): TransactItem {
    const paise = Math.round(m.amount * 100);
    w.paise += sign * paise;
    if (w.paise < 0) throw new Error('generator: a wallet went below zero');
    w.moves += 1;
    w.last = m.now;
    return entryItem(m, (sign * paise) / 100);
  }

  /** Refunds due by `until`, credited in time order. */
  private refundsDue(w: ReturnType<Wallets['wallet']>, until: number): TransactItem[] {
    const due = w.refunds.filter((r) => r.at.getTime() <= until);
    w.refunds = w.refunds.filter((r) => r.at.getTime() > until);
    return due.map((r) => this.move(w, r.m, 1));
  }

  /** An agent's booking paid from the wallet: its entries (refunds due before it, a top-up if short, the debit). */
  booking(b: BookingRecord, u: UserRecord, refundAt: Date | null): TransactItem[] {
    const w = this.wallet(u.legalEntityId);
    const at = new Date(b.createdAt);
    const base = { siteId: this.o.siteId, legalEntityId: u.legalEntityId, currency: 'INR', byUserId: u.userId };
    const orderId = `ORD-${b.bookingId}`;
    const amount = b.accounting.amountCharged;
    const items = this.refundsDue(w, at.getTime());
    const short = Math.round(amount * 100) - w.paise;
    if (short > 0) {
      // A gateway top-up in whole lakhs, a minute before the booking.
      const lakhs = Math.ceil(short / 10_000_000);
      const n = this.topUps++;
      const transactionId = `V${this.o.seed.toString(36).toUpperCase()}T${n.toString(36).toUpperCase()}`;
      items.push(
        this.move(
          w,
          {
            ...base,
            entryId: `topup-${b.bookingId}`,
            amount: lakhs * 100_000,
            kind: 'topUp',
            remark: `Wallet top-up (sandbox ${transactionId})`,
            reference: { paymentId: `${b.bookingId}-pay` },
            now: new Date(at.getTime() - 60_000),
          },
          1,
        ),
      );
    }
    const route = `${b.segments[0]?.[0]?.originAirportCode}-${b.segments.at(-1)?.at(-1)?.destinationAirportCode}`;
    items.push(
      this.move(
        w,
        {
          ...base,
          entryId: `order-${orderId}-debit`,
          amount,
          kind: 'booking',
          remark: `Flight ${route}`,
          reference: { orderId, bookingId: b.bookingId, pnr: b.pnr },
          now: at,
        },
        -1,
      ),
    );
    if (refundAt)
      w.refunds.push({
        at: refundAt,
        m: {
          ...base,
          entryId: `refund-${b.bookingId}`,
          amount,
          kind: 'refund',
          remark: `Refund for PNR ${b.pnr} (booking cancelled)`,
          reference: { orderId, bookingId: b.bookingId, pnr: b.pnr },
          now: refundAt,
        },
      });
    return items;
  }

  /** The refunds still due, then each wallet's balance item. */
  *finish(): Generator<VolumeWrite> {
    for (const w of this.byLe.values()) for (const item of this.refundsDue(w, Infinity)) yield { put: item.Put!.Item! };
    for (const [le, w] of this.byLe)
      yield {
        put: walletBalanceItem({
          siteId: this.o.siteId,
          legalEntityId: le,
          balance: w.paise / 100,
          currency: 'INR',
          version: w.moves,
          now: w.last,
        }),
      };
  }
}

/**
 * Every write of the generated year, in a fixed order: users, bookings, audit, quotations, carts, DMC rows,
 * enquiries, packages, counters.
 */
export function* volumeWrites(o: VolumeOptions): Generator<VolumeWrite> {
  const rnd = prng(o.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (n: number) => Math.floor(rnd() * n);
  const id = (kind: string, i: number) => `v${o.seed.toString(36)}-${kind}${pad(i, 6)}`;
  const counters = new Counters();
  const n = {
    customers: count(VOLUME_AT_FACTOR_1.customers, o.factor),
    bookers: count(VOLUME_AT_FACTOR_1.bookers, o.factor),
    bookings: count(VOLUME_AT_FACTOR_1.bookings, o.factor),
    auditEntries: count(VOLUME_AT_FACTOR_1.auditEntries, o.factor),
    quotations: count(VOLUME_AT_FACTOR_1.quotations, o.factor),
    activityCarts: count(VOLUME_AT_FACTOR_1.activityCarts, o.factor),
    dmcRateRows: count(VOLUME_AT_FACTOR_1.dmcRateRows, o.factor),
    enquiries: count(VOLUME_AT_FACTOR_1.enquiries, o.factor),
    packages: count(VOLUME_AT_FACTOR_1.packages, o.factor),
  };
  const yearStart = YEAR_END - YEAR_MS;

  // Customers: the first `bookers` book (half of them travel agents with an agency), the rest are retail customers.
  const bookers: UserRecord[] = [];
  for (let i = 0; i < n.customers; i++) {
    const userId = id('u', i);
    const agent = i < n.bookers && i % 2 === 0;
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const createdAt = iso(yearStart + Math.floor((i / n.customers) * YEAR_MS));
    const companyName = agent ? `${lastName} ${pick(AGENCY)} ${i}` : undefined;
    const le: LegalEntityRecord = {
      siteId: o.siteId,
      legalEntityId: id('le', i),
      name: companyName ?? `${firstName} ${lastName}`,
      kind: agent ? 'company' : 'individual',
      ownerLegalEntityId: o.ownerLegalEntityId,
      createdAt,
    };
    const user: UserRecord = {
      siteId: o.siteId,
      userId,
      email: `${firstName}.${lastName}.${i}.${o.seed}@volume.example`.toLowerCase(),
      firstName,
      lastName,
      phoneNumbers: [
        { label: 'Primary', phoneNumber: `9${pad(o.seed % 1000, 3)}${pad(i, 6)}`, phoneCountryCode: 'in' },
      ],
      userType: agent ? 'travelAgent' : 'retail',
      status: 'verified',
      isBlocked: false,
      isUserSuperAdmin: false,
      ...(companyName ? { companyName } : {}),
      isFlightHoldAllowed: agent,
      isFlightSearchAllowed: true,
      referralCode: `V${o.seed.toString(36).toUpperCase()}${i.toString(36).toUpperCase()}`,
      customerNo: o.customerNoAfter + 1 + i,
      emailSubscribed: int(3) > 0,
      legalEntityId: le.legalEntityId,
      legalEntityName: le.name,
      createdAt,
      updatedAt: createdAt,
    };
    if (i < n.bookers) bookers.push(user);
    yield* counters.puts(newAccountItems(user, le).map((x) => x.op));
  }
  // The customer numbers handed out above: the next sign-up continues after them.
  yield {
    counter: {
      key: keys.userCounter(o.siteId),
      add: { lastCustomerNo: n.customers },
      set: {},
    },
  };

  // Bookings over the year by the bookers; a few with change requests, a few holds that lapsed and were released.
  // None is still held: a hold lives for days, so a year's data holds only the site's current ones (the demo's), and
  // a lapsed generated hold would be released under the bench by the scheduled release, changing the lists.
  const actors: AuditActor[] = bookers.map((u) => ({
    userId: u.userId,
    name: `${u.firstName} ${u.lastName}`,
    email: u.email,
  }));
  const bookings: Pick<BookingRecord, 'bookingId' | 'pnr' | 'statusId' | 'status'>[] = [];
  const invoicing = new Invoicing(o);
  const wallets = new Wallets(o);
  for (let i = 0; i < n.bookings; i++) {
    const u = bookers[int(bookers.length)]!;
    const route = pick(ROUTES);
    const intl = INTERNATIONAL.has(route[1]);
    const roll = int(100);
    const released = roll < 2;
    const changed = !released && roll < 6;
    const createdMs = yearStart + Math.floor((i / n.bookings) * YEAR_MS) + int(3600) * 1000;
    const travel = new Date(createdMs + (1 + int(90)) * DAY_MS);
    travel.setUTCHours(3 + int(16), 5 * int(12), 0, 0);
    const statusId = released
      ? BOOKING_STATUS.released
      : changed
        ? BOOKING_STATUS.changeRequested
        : roll < 10
          ? BOOKING_STATUS.cancelled
          : BOOKING_STATUS.ticketed;
    const bookingId = id('b', i);
    const b = demoBooking({
      siteId: o.siteId,
      user: {
        userId: u.userId,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        userType: u.userType,
        ...(u.companyName ? { companyName: u.companyName } : {}),
        legalEntityId: u.legalEntityId,
      },
      bookingId,
      pnr: `V${o.seed.toString(36).toUpperCase()}${i.toString(36).toUpperCase()}`,
      createdAt: new Date(createdMs),
      travelDate: travel,
      statusId,
      route,
      airline: intl ? pick(['AI', 'EK', 'UK']) : pick(['6E', 'AI', 'UK', 'SG']),
      passengers: Array.from({ length: 1 + int(3) }, () => ({ firstName: pick(FIRST), lastName: pick(LAST) })),
      farePerPax: 2500 + int(60) * 100,
      lastTicketDate: released ? new Date(createdMs + (1 + int(3)) * DAY_MS) : null,
    });
    const changeRequestId = `${bookingId}-cr1`;
    const record: BookingRecord = changed
      ? {
          ...b,
          ticketCRInfo: [
            {
              changeRequestId,
              ticketId: b.passengers[0]?.ticket?.ticketId ?? null,
              requestType: 1 + int(2),
              status: 'Unassigned',
              remarks: 'Passenger asked to cancel',
              createdAt: iso(createdMs + DAY_MS),
            },
          ],
          supplierChangeReqStatus: { statusText: 'Unassigned' },
        }
      : b;
    bookings.push(record);
    yield* counters.puts([
      ...newBookingItems(record),
      ...(changed ? [changeRequestItem(o.siteId, changeRequestId, bookingId)] : []),
    ]);
    // An agent pays from its wallet (a released hold was never paid); a cancelled booking is refunded two days later.
    if (u.userType === 'travelAgent' && statusId !== BOOKING_STATUS.released)
      yield* counters.puts(
        wallets.booking(record, u, statusId === BOOKING_STATUS.cancelled ? new Date(createdMs + 2 * DAY_MS) : null),
      );
    // Its invoice when ticketed (issued an hour after the slot of its booking: numbers follow the dates), and a
    // cancelled one's credit note two days later, as the refund's after-refund port issues it.
    if (statusId !== BOOKING_STATUS.released && i % 10 < VOLUME_AT_FACTOR_1.invoicedPerTen) {
      const issuedMs = yearStart + Math.floor((i / n.bookings) * YEAR_MS) + 3600_000;
      yield* counters.puts(
        invoicing.booking(
          record,
          u,
          new Date(issuedMs),
          statusId === BOOKING_STATUS.cancelled ? new Date(issuedMs + 2 * DAY_MS) : null,
        ),
      );
    }
  }
  yield* invoicing.counters();
  yield* wallets.finish();

  // The audit log: status changes of the bookings by their bookers, spread over the year.
  for (let i = 0; i < n.auditEntries; i++) {
    const b = bookings[int(bookings.length)]!;
    const at = new Date(yearStart + Math.floor((i / n.auditEntries) * YEAR_MS) + int(60_000));
    const state = { pnr: b.pnr, statusId: b.statusId, status: b.status };
    const before = { ...state, statusId: BOOKING_STATUS.held, status: 'Held' };
    const change = recordChange('booking', b.bookingId, before, state, 'status');
    yield* counters.puts([auditPut(o.siteId, change, pick(actors), at, id('a', i))]);
  }

  // Quotations for the bookers; three in five vouchered, with their transfers on the job sheet.
  for (let i = 0; i < n.quotations; i++) {
    const u = bookers[int(bookers.length)]!;
    const createdMs = yearStart + Math.floor((i / n.quotations) * YEAR_MS);
    const at = iso(createdMs);
    const arrival = iso(createdMs + (7 + int(60)) * DAY_MS).slice(0, 10);
    const kartId = id('k', i);
    const customer = { id: u.userId, name: `${u.firstName} ${u.lastName}`, phone: u.phoneNumbers[0]!.phoneNumber };
    const kart = demoKart(kartId, customer, int(5) < 3, quotedMoney(arrival), { arrival, at });
    for (const put of kartItems(o.siteId, kart, at, (transferId) => `${transferId}-s`)) yield { put };
  }

  // Activity carts of the bookers in every status, last changed over the year.
  const line = demoCartLine('line', 'dmc-to-desert-safari-evening-sic', '2027-01-15', { adults: 2, children: 0 }, null);
  for (let i = 0; i < n.activityCarts; i++) {
    const u = bookers[int(bookers.length)]!;
    const at = iso(yearStart + Math.floor((i / n.activityCarts) * YEAR_MS));
    const cartId = id('c', i);
    const cart: CartRecord = {
      id: cartId,
      version: 1,
      reference: `A${at.slice(0, 10).replaceAll('-', '')}-${cartId.slice(-6).toUpperCase()}`,
      userId: u.userId,
      userName: `${u.firstName} ${u.lastName}`,
      status: pick(CART_STATUSES),
      startDate: '2027-01-15',
      endDate: '2027-01-19',
      adults: 2,
      children: 0,
      remarks: '',
      items: [{ ...line, itemId: `${cartId}-1` }],
      kartId: null,
      createdAt: at,
      updatedAt: at,
    };
    yield* counters.puts(cartWrites(o.siteId, null, cart));
  }

  // DMC rate rows: the demo destination's ticket rates, repeated with their own ids.
  for (let i = 0; i < n.dmcRateRows; i++) {
    const { priority: _p, ...rate } = D.ticketRates[i % D.ticketRates.length]!;
    yield* counters.puts([
      putRecord(o.siteId, 'ticketRate', { ...rate, id: id('tr', i) }, 'create'),
      countMove(o.siteId, { ticketRate: 1 }),
    ]);
  }

  // Enquiries of the year in every status (a third from signed-in bookers, with their own copy), newest last.
  for (let i = 0; i < n.enquiries; i++) {
    const at = iso(yearStart + Math.floor((i / n.enquiries) * YEAR_MS));
    const u = int(3) === 0 ? bookers[int(bookers.length)]! : null;
    const name = u ? `${u.firstName} ${u.lastName}` : `${pick(FIRST)} ${pick(LAST)}`;
    yield* counters.puts(
      newEnquiryItems(o.siteId, {
        id: id('e', i),
        version: 1,
        kind: pick(['package', 'visa', 'general'] as const),
        subjectId: null,
        subjectTitle: pick(['Dubai Family Escape 4N/5D', 'UAE – 30 days tourist visa', 'A honeymoon in Bali']),
        name,
        email: u?.email ?? `${name.replace(' ', '.')}.${i}.${o.seed}@volume.example`.toLowerCase(),
        phoneCode: 'in',
        phone: `8${pad(o.seed % 1000, 3)}${pad(i, 6)}`,
        travelDate: null,
        adults: 1 + int(4),
        children: int(3),
        message: 'Please call me with the options and the best price.',
        status: pick(['new', 'contacted', 'quoted', 'won', 'lost'] as const),
        userId: u?.userId ?? null,
        createdAt: at,
        updatedAt: at,
        history: [],
      }),
    );
  }

  // The site's own packages, a few hidden (drafts), added over the year.
  for (let i = 0; i < n.packages; i++) {
    const at = iso(yearStart + Math.floor((i / n.packages) * YEAR_MS));
    const destination = pick(['Dubai', 'Thailand', 'Kerala', 'Bali', 'Singapore']);
    const days = 3 + int(8);
    const title = `${destination} ${pick(['Delights', 'Escape', 'Explorer', 'Weekend', 'Classic'])} ${i}`;
    yield {
      put: packageItem(o.siteId, {
        id: id('p', i),
        version: 1,
        slug: `${title.toLowerCase().replaceAll(' ', '-')}-${o.seed}`,
        title,
        destination,
        days,
        nights: days - 1,
        price: 15_000 + int(60) * 1_000,
        currency: 'INR',
        priceBasis: 'per person',
        overview: `${days} days in ${destination}, hotels and transfers included.`,
        itinerary: [{ day: 1, title: 'Arrival', description: `Arrive in ${destination}; transfer to the hotel.` }],
        inclusions: ['Hotel', 'Breakfast', 'Airport transfers'],
        exclusions: ['Flights'],
        images: [],
        isActive: int(10) > 0,
        forSupply: false,
        createdAt: at,
        updatedAt: at,
      }),
    };
  }

  yield* counters.drain();
}
