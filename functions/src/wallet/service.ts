/**
 * Wallet operations behind the wl/user wallet calls, offline transfers and the staff reports. Money
 * moves only through ledger.ts; every movement carries an idempotency id (`addmoney-<requestId>`,
 * `debit-<requestId>`, `offline-<paymentId>`, `topup-<paymentId>`).
 */
import * as MSG from '@tp/contracts/messages';
import type { TBankDetails, TPayment, TWalletBalance, TWalletEntry } from '@tp/contracts/endpoints/wallet';
import { ZBankDetails } from '@tp/contracts/endpoints/wallet';
import { creditSummary, creditUsed, spendable, toRupees } from '@tp/domain/credit';
import { formatMoney } from '@tp/domain/format';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newId } from '#lib/crypto';
import type { Page } from '#lib/db';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { permissionsOf } from '#lib/permissions';
import type { Principal } from '#lib/principal';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { getUser, legalEntityNames, userIdByEmail, type UserRecord } from '../users/index.ts';
import { move, setCreditLine as writeCreditLine } from './ledger.ts';
import { creditLineOf, entriesPage, getEntry, unpaidDue, walletsPage } from './ledger-repo.ts';
import { GATEWAY_LABELS, gatewaySettings, isSandboxGateway } from './gateways/index.ts';
import * as payments from './payments.ts';
import * as repo from './payments-repo.ts';
import * as api from '@tp/contracts/endpoints/wallet';
import { readsOwnRecordsOnly } from '@tp/contracts/account-roles';
import { accountRoleOf } from '#lib/account-members';
import { AGENCY_MSG } from '@tp/contracts/endpoints/agency';
import { answers, reply } from '#lib/answers';

export interface Scope {
  site: SiteRecord;
  now: Date;
}

export const CUSTOMER_NOT_FOUND = 'Customer not found';

// ---------------------------------------------------------------------------------------------------
// Reads

/** A wallet as its owner sees it: balance, credit line, the oldest unpaid credit and the open alerts. */
export async function balanceView(siteId: SiteId, legalEntityId: string, now = new Date()): Promise<TWalletBalance> {
  const line = await creditLineOf(siteId, legalEntityId);
  const site = await siteById(siteId);
  const today = siteToday(site ?? {}, now);
  const due = await unpaidDue(siteId, legalEntityId, line.state, today);
  const summary = creditSummary(line.state, due.oldest, today, due.overdue);
  return {
    legalEntityId,
    balance: toRupees(line.state.balance),
    creditLimit: toRupees(line.state.limit),
    currency: line.currency,
    available: toRupees(spendable(line.state)),
    creditDays: line.creditDays,
    creditUsed: summary.creditUsed,
    creditLeft: summary.creditLeft,
    oldestDueDate: summary.oldestDueDay,
    oldestDueAmount: summary.oldestDueAmount,
    overdue: summary.overdue,
    alerts: summary.alerts,
  };
}

export function toEntry(i: Record<string, unknown>): TWalletEntry {
  return {
    entryId: String(i.entryId),
    legalEntityId: String(i.legalEntityId),
    amount: Number(i.amount),
    currency: String(i.currency ?? 'INR'),
    kind: i.kind as TWalletEntry['kind'],
    remark: String(i.remark ?? ''),
    byUserId: String(i.byUserId ?? ''),
    ...(typeof i.orderId === 'string' ? { orderId: i.orderId } : {}),
    ...(typeof i.bookingId === 'string' ? { bookingId: i.bookingId } : {}),
    ...(typeof i.pnr === 'string' ? { pnr: i.pnr } : {}),
    ...(typeof i.paymentId === 'string' ? { paymentId: i.paymentId } : {}),
    createdAt: String(i.createdAt),
  };
}

export const entriesOf = (siteId: SiteId, legalEntityId: string, cursor: string | undefined, limit: number) =>
  entriesPage(siteId, legalEntityId, { cursor, limit }, toEntry);

/** A customer of this site by user id or email; staff accounts hold no wallet of their own. */
export async function customerOf(siteId: SiteId, ref: { userId?: string; email?: string }): Promise<UserRecord> {
  const userId = ref.userId || (ref.email ? await userIdByEmail(siteId, ref.email) : null);
  const user = userId ? await getUser(siteId, userId) : null;
  if (!user || user.userType === 'staff' || !user.legalEntityId) throw fail.notFound(CUSTOMER_NOT_FOUND);
  return user;
}

/** Whose balance: the caller's own, or (staff holding wallet.viewReports) a named customer's. */
export async function balanceFor(
  { site }: Scope,
  caller: Principal,
  ref: { userId?: string; email?: string },
): Promise<TWalletBalance> {
  if (!ref.userId && !ref.email) return balanceView(site.siteId, caller.legalEntityId);
  if (caller.userType !== 'staff') {
    // A customer may name only themselves.
    if ((ref.userId && ref.userId !== caller.userId) || (ref.email && ref.email !== caller.email.toLowerCase()))
      throw fail.forbidden();
    return balanceView(site.siteId, caller.legalEntityId);
  }
  if (!(await permissionsOf(caller)).has('wallet.viewReports')) throw fail.forbidden();
  return balanceView(site.siteId, (await customerOf(site.siteId, ref)).legalEntityId);
}

export async function customerEntries(
  { site }: Scope,
  input: { userId?: string; email?: string; cursor?: string; limit: number },
) {
  const customer = await customerOf(site.siteId, input);
  const [page, balance] = await Promise.all([
    entriesOf(site.siteId, customer.legalEntityId, input.cursor, input.limit),
    balanceView(site.siteId, customer.legalEntityId),
  ]);
  return { ...page, balance, customerEmail: customer.email };
}

// ---------------------------------------------------------------------------------------------------
// Staff adjustments: Add Money (credit) and the debit adjustment

export const INSUFFICIENT_FOR_DEBIT = 'The wallet does not have enough available balance for this debit';

interface Adjustment {
  userId?: string;
  email?: string;
  amount: number;
  requestId: string;
}

/**
 * One staff movement, once per request id (the id is the ledger entry id: a double submit or a retry
 * moves nothing more and answers `duplicate`). A debit may take the wallet down to −creditLimit and no
 * further, the ledger's rule for bookings too: the credit line is what the business lets a customer owe.
 */
async function staffAdjust(
  { site, now }: Scope,
  staff: Principal,
  input: Adjustment,
  how: { direction: 'credit' | 'debit'; entryPrefix: string; kind: TWalletEntry['kind']; remark: string },
): Promise<{ entry: TWalletEntry; balance: TWalletBalance; duplicate: boolean }> {
  const customer = await customerOf(site.siteId, input);
  const entryId = `${how.entryPrefix}-${input.requestId}`;
  const result = await move(how.direction, {
    siteId: site.siteId,
    legalEntityId: customer.legalEntityId,
    entryId,
    amount: input.amount,
    currency: 'INR',
    kind: how.kind,
    remark: how.remark,
    byUserId: staff.userId,
    now,
  });
  if (result === 'conflict' || result === 'overdue') throw fail.conflict(MSG.somethingWentWrong);
  if (result === 'insufficient') throw fail.validation(INSUFFICIENT_FOR_DEBIT, { amount: INSUFFICIENT_FOR_DEBIT });
  if (result === 'overLimit') throw fail.validation(MSG.creditDebitOverLimit, { amount: MSG.creditDebitOverLimit });
  const entry = toEntry((await getEntry(site.siteId, customer.legalEntityId, entryId))!);
  // The same request id sent again must mean the same money; anything else is a client bug.
  if (result === 'duplicate' && Math.abs(Math.abs(entry.amount) - input.amount) > 0.005)
    throw fail.conflict('This request was already used for another amount');
  return { entry, balance: await balanceView(site.siteId, customer.legalEntityId), duplicate: result === 'duplicate' };
}

export const addMoney = (scope: Scope, staff: Principal, input: Adjustment & { remark: string }) =>
  staffAdjust(scope, staff, input, {
    direction: 'credit',
    entryPrefix: 'addmoney',
    kind: 'topUp',
    remark: input.remark || 'Added by staff',
  });

/** The debit adjustment: its own entry ids (`debit-<requestId>`), kind `adjustment`, the reason as the remark. */
export const debitMoney = (scope: Scope, staff: Principal, input: Adjustment & { reason: string }) =>
  staffAdjust(scope, staff, input, {
    direction: 'debit',
    entryPrefix: 'debit',
    kind: 'adjustment',
    remark: input.reason,
  });

// ---------------------------------------------------------------------------------------------------
// Credit lines (docs/credit-lines.md)

/** Staff set a customer's credit limit and credit days; the audit entry is written with the change. */
export async function setCreditLine(
  { site, now }: Scope,
  staff: Principal,
  input: { userId?: string; email?: string; creditLimit: number; creditDays: number },
): Promise<TWalletBalance> {
  const customer = await customerOf(site.siteId, input);
  const le = customer.legalEntityId;
  const out = await writeCreditLine(
    {
      siteId: site.siteId,
      legalEntityId: le,
      creditLimit: input.creditLimit,
      creditDays: input.creditDays,
      now,
      changeId: newId(),
    },
    (before, after) =>
      auditPut(
        site.siteId,
        recordChange(
          'creditLine',
          le,
          before.exists ? { creditLimit: toRupees(before.state.limit), creditDays: before.creditDays } : null,
          after,
        ),
        auditActor(staff),
        now,
      ),
  );
  if (!out.ok && out.reason === 'limitBelowUsed') {
    const used = (await creditLineOf(site.siteId, le)).state;
    const text = MSG.creditLimitBelowUsed(formatMoney(toRupees(creditUsed(used)), 'INR'));
    throw fail.validation(text, { creditLimit: text });
  }
  if (!out.ok) throw fail.conflict(MSG.somethingWentWrong);
  return balanceView(site.siteId, le, now);
}

// ---------------------------------------------------------------------------------------------------
// Gateway and bank details

export async function activeGateway(siteId: SiteId) {
  const settings = await gatewaySettings(siteId);
  const { active } = settings;
  return { name: active, label: active ? GATEWAY_LABELS[active] : 'None', isSandbox: isSandboxGateway(settings) };
}

export async function bankDetails(siteId: SiteId): Promise<TBankDetails | null> {
  const parsed = ZBankDetails.safeParse(await repo.getBankDetails(siteId));
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------------
// wl/user/userPaymentEntry: a top-up through the gateway, or an offline transfer for review

export async function userPaymentEntry(
  { site, now }: Scope,
  caller: Principal,
  input:
    { mode: 'gateway'; amount: number } | { mode: 'offline'; amount: number; transactionId: string; remark: string },
): Promise<{ payment: TPayment; redirectTo: string | null }> {
  if (!caller.legalEntityId) throw fail.forbidden();
  if (input.mode === 'gateway') {
    const started = await payments.startGatewayPayment(site, {
      purpose: { kind: 'walletTopUp', legalEntityId: caller.legalEntityId },
      amount: input.amount,
      currency: 'INR',
      userId: caller.userId,
      userEmail: caller.email,
      legalEntityId: caller.legalEntityId,
      now,
    });
    const p = await repo.getPayment(site.siteId, started.paymentId);
    return { payment: payments.toPaymentView(p!), redirectTo: started.redirectTo };
  }
  const createdAt = now.toISOString();
  const record: repo.PaymentRecord = {
    siteId: site.siteId,
    paymentId: `O${newId()}`,
    gateway: 'offline',
    purpose: 'walletTopUp',
    orderId: null,
    legalEntityId: caller.legalEntityId,
    userId: caller.userId,
    userEmail: caller.email,
    amount: input.amount,
    currency: 'INR',
    status: 'pending',
    transactionId: input.transactionId,
    remark: input.remark || 'Offline transfer',
    createdAt,
    updatedAt: createdAt,
    payBy: createdAt,
    returnTo: '',
  };
  await repo.insertPayment(record);
  return { payment: payments.toPaymentView(record), redirectTo: null };
}

/** Approve (credit once) or reject an offline transfer; the review queue item goes in the same write. */
export async function reviewOffline(
  { site, now }: Scope,
  staff: Principal,
  input: { paymentId: string; approve: boolean },
): Promise<TPayment> {
  const p = await repo.getPayment(site.siteId, input.paymentId);
  if (!p || p.gateway !== 'offline') throw fail.notFound();
  if (p.status !== 'pending') throw fail.conflict('This payment was already reviewed');
  const review = { reviewedBy: staff.userId };
  const dequeue = repo.dequeueOfflineItem(p);
  // The review's audit entry, in the review's own transaction.
  const state = (status: string) => ({
    legalEntityId: p.legalEntityId,
    amount: p.amount,
    currency: p.currency,
    status,
  });
  const audit = auditPut(
    site.siteId,
    recordChange('payment', p.paymentId, state(p.status), state(input.approve ? 'applied' : 'rejected'), 'status'),
    auditActor(staff),
    now,
  );
  if (input.approve) {
    const done = repo.transitionItem(site.siteId, p.paymentId, ['pending'], 'applied', now, review);
    const r = await move(
      'credit',
      {
        siteId: site.siteId,
        legalEntityId: p.legalEntityId,
        entryId: `offline-${p.paymentId}`,
        amount: p.amount,
        currency: p.currency,
        kind: 'topUp',
        remark: `Offline transfer ${p.transactionId ?? ''}`.trim(),
        byUserId: staff.userId,
        reference: { paymentId: p.paymentId },
        now,
      },
      [done, dequeue, audit],
    );
    if (r !== 'done') throw fail.conflict('This payment was already reviewed');
  } else {
    if (!(await repo.transition(site.siteId, p.paymentId, ['pending'], 'rejected', now, review, [dequeue, audit])))
      throw fail.conflict('This payment was already reviewed');
  }
  return payments.toPaymentView((await repo.getPayment(site.siteId, p.paymentId))!);
}

// ---------------------------------------------------------------------------------------------------
// Payment lists

export async function myPayments(
  { site }: Scope,
  caller: Principal,
  input: { orderId?: string; cursor?: string; limit: number },
): Promise<Page<TPayment>> {
  if (!input.orderId) return repo.paymentsOfUser(site.siteId, caller.userId, input.cursor, input.limit);
  const direct = await repo.getPayment(site.siteId, input.orderId);
  const found = direct?.purpose === 'walletTopUp' ? [direct] : await repo.paymentsOfOrder(site.siteId, input.orderId);
  const mine = found.filter((p) => p.userId === caller.userId || p.legalEntityId === caller.legalEntityId);
  if (!mine.length) throw fail.notFound();
  return { records: mine.map(payments.toPaymentView), nextCursor: null };
}

/** Every wallet of the site with its legal entity's name (balances download). */
export const balances = ({ site }: Scope, cursor: string | undefined, limit: number) =>
  balancesPage(site.siteId, cursor, limit);

/** A page of the site's wallets index with each wallet's balance, credit, what is available and its holder's name. */
export async function balancesPage(siteId: SiteId, cursor: string | undefined, limit: number) {
  const page = await walletsPage(siteId, { cursor, limit }, (i) => ({
    legalEntityId: String(i.legalEntityId),
    balance: Number(i.balance ?? 0),
    creditLimit: Number(i.creditLimit ?? 0),
    available: Math.round((Number(i.balance ?? 0) + Number(i.creditLimit ?? 0)) * 100) / 100,
    currency: String(i.currency ?? 'INR'),
  }));
  const names = await legalEntityNames(
    siteId,
    page.records.map((r) => r.legalEntityId),
  );
  return {
    records: page.records.map((r) => ({ ...r, name: names.get(r.legalEntityId) ?? '' })),
    nextCursor: page.nextCursor,
  };
}

// The wallet Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetActiveGateway = answers(api.getActiveGateway, (_input, scope) =>
  activeGateway(scope.site.siteId),
);
export const answerGetBankDetails = answers(api.getBankDetails, (_input, scope) => bankDetails(scope.site.siteId));
export const answerAddWalletEntry = answers(api.addWalletEntry, async (input, scope) => {
  const out = await addMoney(scope, scope.principal, input);
  return reply(out, { message: out.duplicate ? 'Money was already added' : 'Money added successfully' });
});
export const answerDebitWalletEntry = answers(api.debitWalletEntry, async (input, scope) => {
  const out = await debitMoney(scope, scope.principal, input);
  return reply(out, { message: out.duplicate ? 'Money was already debited' : 'Money debited successfully' });
});
export const answerSetCreditLine = answers(api.setCreditLine, async (input, scope) =>
  reply(await setCreditLine(scope, scope.principal, input), { message: MSG.creditLineSaved }),
);
export const answerGetCustomerWalletEntries = answers(api.getCustomerWalletEntries, (input, scope) =>
  customerEntries(scope, input),
);
export const answerGetMyWalletEntries = answers(api.getMyWalletEntries, (input, scope) => {
  const p = scope.principal;
  // The statement is the account's money: its admin's (and an approver's); a booker spends and sees the balance.
  if (readsOwnRecordsOnly({ accountRole: accountRoleOf(p) })) throw fail.forbidden(AGENCY_MSG.statementAdminsOnly);
  return entriesOf(p.siteId, p.legalEntityId, input.cursor, input.limit);
});
export const answerGetWalletBalance = answers(api.getWalletBalance, (input, scope) =>
  balanceFor(scope, scope.principal, input),
);
export const answerUserPaymentEntry = answers(api.userPaymentEntry, async (input, scope) => {
  const out = await userPaymentEntry(scope, scope.principal, input);
  return input.mode === 'offline'
    ? reply(out, { message: 'Payment recorded; it will be credited once verified' })
    : out;
});
export const answerGetMyPayments = answers(api.getMyPayments, (input, scope) =>
  myPayments(scope, scope.principal, input),
);
export const answerReviewOfflinePayment = answers(api.reviewOfflinePayment, async (input, scope) =>
  reply(await reviewOffline(scope, scope.principal, input), {
    message: input.approve ? MSG.paymentSuccessful : 'Payment rejected',
  }),
);
export const answerGetWalletBalances = answers(api.getWalletBalances, (input, scope) =>
  balances(scope, input.cursor, input.limit),
);
