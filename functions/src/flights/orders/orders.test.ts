/**
 * The order money path without I/O: an in-memory model of the order table, the wallet and the supplier
 * stands behind OrderDeps, so each rule (one debit, insufficient funds, expiry, refusal refunded once,
 * after-booking hooks that cannot undo a booking) is checked in milliseconds. The integration tests run
 * the same paths on DynamoDB Local.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../../bookings/index.ts';
import { SupplyError, type FlightSupply } from '../../supply/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { makeOrders, ORDER_MSG } from './index.ts';
import { asSiteId } from '#lib/keys';

type Marker =
  | { kind: 'order'; orderId: string; from: string[]; set: Record<string, unknown>; notExpiredAt?: string }
  | { kind: 'due'; orderId: string }
  | { kind: 'credit'; entryId: string; amount: number }
  | { kind: 'gatewayRefund'; source: string; paymentId: string; amount: number }
  | { kind: 'booking'; booking: BookingRecord };

const NOW = new Date('2026-03-10T06:00:00Z');
const log: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => log };
const site = { siteId: 'site-a', name: 'A' } as unknown as SiteRecord;
const principal = { userId: 'u1', userType: 'travelAgent', legalEntityId: 'le1', siteId: 'site-a' } as Principal;
const scope: FlightScope = { site, principal, now: NOW, ip: '127.0.0.1', log };

function order(over: Partial<OrderRecord> = {}): OrderRecord {
  return {
    orderId: 'o1',
    siteId: 'site-a',
    userId: 'u1',
    legalEntityId: 'le1',
    amount: 5102,
    currency: 'INR',
    status: 'created',
    paymentMode: 'wallet',
    hold: false,
    expiresAt: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
    bookingIds: [],
    remark: 'Flight DEL-BOM',
    searchId: 's1',
    resultIndex: 'OB1',
    option: {
      isLcc: true,
      airlineCode: '6E',
      airlineName: 'IndiGo',
      segments: [[]],
      source: 'sim',
      isRefundable: true,
    },
    supplierFare: {},
    fare: { totalPayableAmt: 5102, currency: 'INR' },
    fareBreakdown: [],
    fareRules: [],
    passengers: [{ firstName: 'Asha', lastName: 'Rao', paxType: 1 }],
    journeyType: 1,
    isDomestic: true,
    leg: 1,
    createdAt: NOW.toISOString(),
    ...over,
  } as unknown as OrderRecord;
}

/** The world behind the ports: orders, a wallet balance with its entries, stored bookings, one supplier. */
function world(opts: { balance?: number; supplier?: Partial<FlightSupply> } = {}) {
  const orders = new Map<string, OrderRecord>();
  const bookings = new Map<string, BookingRecord>();
  const entries = new Map<string, number>();
  /** Refunds sent back through a payment's gateway, by what they refund. */
  const gatewayRefunds = new Map<string, { paymentId: string; amount: number }>();
  let balance = opts.balance ?? 10_000;
  const supplierCalls: string[] = [];
  const hooked: string[] = [];

  /** Applies a transaction's markers all or nothing, as DynamoDB does. */
  const apply = (items: Marker[]): boolean => {
    for (const m of items) {
      if (m.kind === 'order') {
        const o = orders.get(m.orderId);
        if (!o || !m.from.includes(o.status)) return false;
        if (m.notExpiredAt && o.expiresAt <= m.notExpiredAt) return false;
      }
      if (m.kind === 'credit' && entries.has(m.entryId)) return false;
      if (m.kind === 'gatewayRefund' && gatewayRefunds.has(m.source)) return false;
    }
    for (const m of items) {
      if (m.kind === 'order') orders.set(m.orderId, { ...orders.get(m.orderId)!, ...m.set } as OrderRecord);
      if (m.kind === 'credit') {
        entries.set(m.entryId, m.amount);
        balance += m.amount;
      }
      if (m.kind === 'gatewayRefund') gatewayRefunds.set(m.source, { paymentId: m.paymentId, amount: m.amount });
      if (m.kind === 'booking') bookings.set(m.booking.bookingId, m.booking);
    }
    return true;
  };

  const supply: FlightSupply = {
    async ticket() {
      supplierCalls.push('ticket');
      return { pnr: 'PNR001', supplierBookingId: 'SB1', tickets: [], isPriceChanged: false };
    },
    ...opts.supplier,
  } as unknown as FlightSupply;

  let bookingNo = 100_000;
  const deps: OrderDeps = {
    orders: {
      getOrder: async (_s, id) => orders.get(id) ?? null,
      putOrder: async (o) => void orders.set(o.orderId, o),
      orderTransition: (_s, orderId, from, set, extra) =>
        ({ kind: 'order', orderId, from, set, notExpiredAt: extra?.values[':now'] }) as never,
      transitionOrder: async (_s, orderId, from, set) => apply([{ kind: 'order', orderId, from, set }]),
      getSearch: async () => null,
      setSearchLegBooking: async () => {},
      holdTicketOrderId: async () => null,
      claimHoldTicketOrder: async () => true,
    },
    trips: { getTrip: async () => null, putTripIfAbsent: async () => true, setTripLeg: async () => true },
    bookings: {
      getBooking: async (_s, id) => bookings.get(id) ?? null,
      saveBooking: async () => true,
      newBookingItems: (r) => [{ kind: 'booking', booking: r }] as never,
      nextBookingNumber: async () => ++bookingNo,
    },
    wallet: {
      move: async (direction, m, extra = []) => {
        if (entries.has(m.entryId)) return 'duplicate';
        if (direction === 'debit' && balance < m.amount) return 'insufficient';
        const signed = direction === 'debit' ? -m.amount : m.amount;
        if (!apply([{ kind: 'credit', entryId: m.entryId, amount: signed }, ...(extra as never as Marker[])]))
          return 'conflict';
        return 'done';
      },
      creditItems: (m) => [{ kind: 'credit', entryId: m.entryId, amount: m.amount }] as never,
      gatewayRefundItems: (r) => ({
        refundId: `R${r.source}`,
        items: [{ kind: 'gatewayRefund', source: r.source, paymentId: r.payment.paymentId, amount: r.amount }] as never,
      }),
    },
    outbox: { orderDueItem: (_s, orderId) => ({ kind: 'due', orderId }) as never },
    payments: { startGatewayPayment: vi.fn() as never },
    checkBooking: vi.fn() as never,
    supplyFor: async () => supply,
    transactCancellations: vi.fn() as never,
    fixedDepartures: {} as never,
    siteById: async () => site,
    loadPrincipal: async () => principal,
    addFlightActivity: async () => {},
    transact: async (items) => apply(items as never as Marker[]),
    afterBooked: [
      async (_site, b) => {
        hooked.push(b.bookingId);
        throw new Error('mail server down');
      },
    ],
    afterExtras: [],
    pricingContextFor: vi.fn() as never,
  };
  return {
    deps,
    orders,
    bookings,
    entries,
    gatewayRefunds,
    get balance() {
      return balance;
    },
    supplierCalls,
    hooked,
  };
}

describe('payOrder (wallet)', () => {
  it('debits once and books once, even when paid twice', async () => {
    const w = world();
    w.orders.set('o1', order());
    const orders = makeOrders(w.deps);
    const first = await orders.payOrder(scope, 'o1');
    const second = await orders.payOrder(scope, 'o1');
    expect(first.order.status).toBe('booked');
    expect(second.bookings.map((b) => b.bookingId)).toEqual(first.bookings.map((b) => b.bookingId));
    expect(w.balance).toBe(10_000 - 5102);
    expect([...w.entries.keys()]).toEqual(['order-o1-debit']);
    expect(w.supplierCalls).toEqual(['ticket']);
    expect(w.bookings.size).toBe(1);
  });

  it('refuses an amount above the balance with the wallet message, moving nothing', async () => {
    const w = world({ balance: 100 });
    w.orders.set('o1', order());
    await expect(makeOrders(w.deps).payOrder(scope, 'o1')).rejects.toMatchObject({
      status: 402,
      message: ORDER_MSG.insufficient,
    });
    expect(w.balance).toBe(100);
    expect(w.orders.get('o1')!.status).toBe('created');
    expect(w.supplierCalls).toEqual([]);
  });

  it('refuses an expired order', async () => {
    const w = world();
    w.orders.set('o1', order({ expiresAt: new Date(NOW.getTime() - 1).toISOString() }));
    await expect(makeOrders(w.deps).payOrder(scope, 'o1')).rejects.toMatchObject({
      status: 410,
      message: ORDER_MSG.expired,
    });
    expect(w.balance).toBe(10_000);
  });

  it("hides another user's order", async () => {
    const w = world();
    w.orders.set('o1', order({ userId: 'someone-else' }));
    await expect(makeOrders(w.deps).payOrder(scope, 'o1')).rejects.toMatchObject({ status: 404 });
  });

  it('refunds the debit once when the airline refuses, and the order ends failed', async () => {
    const w = world({
      supplier: {
        ticket: async () => {
          throw new SupplyError('failed', 'Fare no longer available');
        },
      },
    });
    w.orders.set('o1', order());
    const orders = makeOrders(w.deps);
    await expect(orders.payOrder(scope, 'o1')).rejects.toMatchObject({ status: 409 });
    await expect(orders.payOrder(scope, 'o1')).rejects.toMatchObject({ status: 409 });
    expect(w.orders.get('o1')!.status).toBe('failed');
    expect(w.balance).toBe(10_000);
    expect([...w.entries.keys()].sort()).toEqual(['order-o1-debit', 'order-o1-refund']);
  });

  it('refunds the debit once when the site has no supply left to book with (e.g. the simulator refused)', async () => {
    const w = world();
    w.deps.supplyFor = async () => {
      throw new SupplyError('notConfigured', 'Flights are not available on this site yet.');
    };
    w.orders.set('o1', order());
    await expect(makeOrders(w.deps).payOrder(scope, 'o1')).rejects.toMatchObject({ status: 409 });
    expect(w.orders.get('o1')!.status).toBe('failed');
    expect(w.balance).toBe(10_000);
    expect([...w.entries.keys()].sort()).toEqual(['order-o1-debit', 'order-o1-refund']);
    expect(w.bookings.size).toBe(0);
  });

  it('runs the after-booking hooks, whose failure does not undo the booking', async () => {
    const w = world();
    w.orders.set('o1', order());
    const out = await makeOrders(w.deps).payOrder(scope, 'o1');
    expect(w.hooked).toEqual([out.bookings[0]!.bookingId]);
    expect(out.order.status).toBe('booked');
  });
});

describe('a refused order paid through a gateway', () => {
  it('sends the payment back through its gateway once, and credits no wallet', async () => {
    const w = world({
      supplier: {
        ticket: async () => {
          throw new SupplyError('failed', 'Fare no longer available');
        },
      },
    });
    const gatewayPayment = { paymentId: 'p1', transactionId: 't1', amount: 5102, gateway: 'sandbox' };
    w.orders.set('o1', order({ paymentMode: 'gateway', status: 'paid', gatewayPayment }));
    const orders = makeOrders(w.deps);
    expect(await orders.settleOrder(asSiteId('site-a'), 'o1', NOW)).toBe('failed');
    expect(await orders.settleOrder(asSiteId('site-a'), 'o1', NOW)).toBe('failed');
    expect(w.orders.get('o1')!.status).toBe('failed');
    expect([...w.gatewayRefunds]).toEqual([['OF-o1', { paymentId: 'p1', amount: 5102 }]]);
    expect(w.entries.size).toBe(0);
    expect(w.balance).toBe(10_000);
  });
});

describe('markOrderPaidByGateway', () => {
  it('applies a verified payment once: a redelivery is already applied, another payment is a mismatch to refund', async () => {
    const w = world();
    w.orders.set('o1', order({ paymentMode: 'gateway' }));
    const orders = makeOrders(w.deps);
    const pay = { paymentId: 'p1', transactionId: 't1', amount: 5102, gateway: 'sandbox' };
    expect(await orders.markOrderPaidByGateway(asSiteId('site-a'), 'o1', pay, NOW)).toBe('paid');
    expect(await orders.markOrderPaidByGateway(asSiteId('site-a'), 'o1', { ...pay, paymentId: 'p2' }, NOW)).toBe(
      'mismatch',
    );
    expect(await orders.markOrderPaidByGateway(asSiteId('site-a'), 'o1', pay, NOW)).toBe('already');
  });

  it('refuses an amount that differs from the order', async () => {
    const w = world();
    w.orders.set('o1', order({ paymentMode: 'gateway' }));
    const pay = { paymentId: 'p1', transactionId: 't1', amount: 5000, gateway: 'sandbox' };
    expect(await makeOrders(w.deps).markOrderPaidByGateway(asSiteId('site-a'), 'o1', pay, NOW)).toBe('mismatch');
    expect(w.orders.get('o1')!.status).toBe('created');
  });
});
