/**
 * /staff/supplierWallets: what the site holds at each flight supplier. An account is a booking's
 * `supplier` ('simulator', 'tbo', 'duffel' or 'site:<supplierSiteId>'):
 *   deposits    = money staff recorded as sent to the supplier (our endpoint, once per request id);
 *   consumption = supplier charge of ticketed bookings − refunds of their completed change requests;
 *   balance     = deposits − consumption.
 * Consumption is derived from the bookings themselves (booking-date index, one Query partition paged
 * to the end), so it can never drift from them; refunds count on the day they were credited.
 */
import type { TStatementLine, TSupplierAccount } from '@tp/contracts/endpoints/flight-admin';
import { FLIGHT_ADMIN_MSG } from '@tp/contracts/endpoints/flight-admin';
import { DEFAULT_CURRENCY } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain/pricing';
import { fail } from '#lib/errors';
import { siteById } from '#lib/tenancy';
import type { BookingRecord } from '../bookings/index.ts';
import { SupplyError, supplyFor } from '../supply/index.ts';
import { activeSupplierLink } from '../suppliers/index.ts';
import * as ticketsRepo from '../tickets/index.ts';
import { balanceOf } from '../wallet/index.ts';
import { isTicketed, sectorOf, supplierCharge, supplierRefunds } from './profit.ts';
import * as repo from './repo.ts';
import type { AdminScope } from './scope.ts';
import { storedTbo } from './settings.ts';
import { testTboConnection } from './tbo-connection.ts';
import { asSiteId, type SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/flight-admin';
import { answers, reply } from '#lib/answers';

const SUPPLIER_RE = /^(simulator|tbo|duffel|site:[A-Za-z0-9_.-]{1,80})$/;
export function checkSupplier(supplier: string): string {
  if (!SUPPLIER_RE.test(supplier))
    throw fail.validation(FLIGHT_ADMIN_MSG.unknownSupplier, { supplier: FLIGHT_ADMIN_MSG.unknownSupplier });
  return supplier;
}

async function labelOf(supplier: string): Promise<string> {
  if (supplier === 'simulator') return 'Simulator (own account)';
  if (supplier === 'tbo') return 'TBO (own account)';
  if (supplier === 'duffel') return 'Duffel (own account)';
  const siteId = asSiteId(supplier.slice('site:'.length));
  return `${(await siteById(siteId))?.companyName ?? siteId} (supplier site)`;
}

interface Movement {
  id: string;
  date: string;
  kind: TStatementLine['kind'];
  reference: string;
  description: string;
  amount: number;
}

/** A booking's movements on its supplier account: the charge when booked, each refund when credited. */
function bookingMovements(b: BookingRecord): Movement[] {
  if (!isTicketed(b)) return [];
  return [
    {
      id: `booking-${b.bookingId}`,
      date: b.createdAt,
      kind: 'booking',
      reference: b.pnr,
      description: `Booking ${b.bookingId} · ${b.airlineCode} ${sectorOf(b)}`,
      amount: -supplierCharge(b),
    },
    ...supplierRefunds(b).map((r): Movement => ({
      id: `refund-${r.changeRequestId}`,
      date: r.at,
      kind: 'refund',
      reference: b.pnr,
      description: `Refund of change request ${r.changeRequestId}`,
      amount: r.amount,
    })),
  ];
}

/** Every movement of one account up to a day (inclusive), oldest first. */
async function movements(
  siteId: SiteId,
  supplier: string,
  bookings: BookingRecord[],
  to?: string,
): Promise<Movement[]> {
  const deposits = await repo.depositsOf(siteId, supplier, to);
  const lines: Movement[] = [
    ...deposits.map((d): Movement => ({
      id: `deposit-${d.depositId}`,
      date: d.date,
      kind: 'deposit',
      reference: d.reference,
      description: d.note || 'Deposit',
      amount: d.amount,
    })),
    ...bookings.filter((b) => b.supplier === supplier).flatMap(bookingMovements),
  ];
  return lines
    .filter((m) => !to || m.date.slice(0, 10) <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

const allBookings = (siteId: SiteId, to?: string) =>
  ticketsRepo.bookingsByBookingDate(siteId, null, to ? { to: `${to}T~` } : {});

export async function accounts(scope: AdminScope) {
  const siteId = scope.site.siteId;
  const [bookings, withDeposits, current] = await Promise.all([
    allBookings(siteId),
    repo.depositAccounts(siteId),
    // A site with no supply this stage allows has no current account, only its history.
    supplyFor(scope.site).then(
      (s) => s.name,
      (err: unknown) => {
        if (err instanceof SupplyError && err.kind === 'notConfigured') return null;
        throw err;
      },
    ),
  ]);
  const suppliers = [
    ...new Set([...(current ? [current] : []), ...withDeposits, ...bookings.filter(isTicketed).map((b) => b.supplier)]),
  ];
  const list: TSupplierAccount[] = await Promise.all(
    suppliers.map(async (supplier) => {
      const lines = await movements(siteId, supplier, bookings);
      const deposits = round2(lines.filter((l) => l.kind === 'deposit').reduce((n, l) => n + l.amount, 0));
      const consumption = round2(-lines.filter((l) => l.kind !== 'deposit').reduce((n, l) => n + l.amount, 0));
      return {
        supplier,
        label: await labelOf(supplier),
        isCurrent: supplier === current,
        currency: DEFAULT_CURRENCY,
        deposits,
        consumption,
        balance: round2(deposits - consumption),
        ticketedBookings: bookings.filter((b) => b.supplier === supplier && isTicketed(b)).length,
      };
    }),
  );
  list.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || a.label.localeCompare(b.label));
  return { accounts: list, liveBalance: await liveBalance(scope, current) };
}

/**
 * The supplier's own figure where we can ask it: a supplier site keeps this site's partner wallet (what
 * it debits for our bookings); a TBO account reports its agency balance if the API offers it.
 */
async function liveBalance(scope: AdminScope, current: string | null) {
  if (!current) return null;
  if (current.startsWith('site:')) {
    const link = await activeSupplierLink(scope.site.siteId, 'Flights');
    if (!link) return null;
    const b = await balanceOf(link.supplierSiteId, link.consumerLegalEntityId);
    return { supplier: current, amount: b.balance, currency: b.currency };
  }
  if (current !== 'tbo') return null;
  const tbo = await storedTbo(scope.site.siteId);
  if (!tbo) return null;
  const res = await testTboConnection(tbo, scope.ip, scope.log);
  return res.agencyBalance ? { supplier: current, ...res.agencyBalance } : null;
}

export async function statement(
  scope: AdminScope,
  input: { supplier: string; from: string; to: string; page: number; pageSize: number },
) {
  const supplier = checkSupplier(input.supplier);
  const siteId = scope.site.siteId;
  const lines = await movements(siteId, supplier, await allBookings(siteId, input.to), input.to);
  let running = 0;
  const withBalance = lines.map((l) => ({
    ...l,
    amount: round2(l.amount),
    balance: (running = round2(running + l.amount)),
  }));
  const inRange = withBalance.filter((l) => l.date.slice(0, 10) >= input.from);
  const before = withBalance.length - inRange.length;
  const openingBalance = before ? withBalance[before - 1]!.balance : 0;
  const totalPages = Math.max(1, Math.ceil(inRange.length / input.pageSize));
  return {
    supplier,
    currency: DEFAULT_CURRENCY,
    openingBalance,
    closingBalance: withBalance.at(-1)?.balance ?? 0,
    records: inRange.slice((input.page - 1) * input.pageSize, input.page * input.pageSize),
    page: input.page,
    pageSize: input.pageSize,
    totalRecords: inRange.length,
    totalPages,
  };
}

export async function addDeposit(
  scope: AdminScope,
  input: { supplier: string; amount: number; date: string; reference: string; note: string; requestId: string },
) {
  const supplier = checkSupplier(input.supplier);
  const deposit = {
    depositId: input.requestId,
    supplier,
    amount: input.amount,
    currency: DEFAULT_CURRENCY,
    date: input.date,
    reference: input.reference,
    note: input.note,
    byUserId: scope.principal.userId,
    createdAt: scope.now.toISOString(),
  };
  const outcome = await repo.putDeposit(scope.site.siteId, deposit);
  scope.log.info('supplier deposit', { supplier, outcome, byUserId: scope.principal.userId });
  return {
    line: {
      id: `deposit-${deposit.depositId}`,
      date: deposit.date,
      kind: 'deposit' as const,
      reference: deposit.reference,
      description: deposit.note || 'Deposit',
      amount: deposit.amount,
    },
    duplicate: outcome === 'duplicate',
  };
}

// The flight-admin Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetSupplierAccounts = answers(api.getSupplierAccounts, (_input, scope) => accounts(scope));
export const answerGetSupplierStatement = answers(api.getSupplierStatement, (input, scope) => statement(scope, input));
export const answerAddSupplierDeposit = answers(api.addSupplierDeposit, async (input, scope) => {
  const out = await addDeposit(scope, input);
  return reply(out, { message: out.duplicate ? 'This deposit was already recorded' : 'Deposit recorded' });
});
