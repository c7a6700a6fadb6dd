/**
 * Sharing a quotation by link (docs/dmc.md "Karts" → "API"). A share freezes the kart's current
 * version as its printable view under an unguessable slug (lib/crypto.ts `newToken`, 256 bits); sharing the same
 * version again answers the same link, a changed kart gets a new slug, and old slugs keep reading their copy.
 * The public read shows the frozen view and its branding: the site's, or with the kart's agent branding on, the
 * agent's (the kart customer's company, logo, phone and email, frozen with the share so the agent's copy never
 * changes under them). Never the internal remark or driver data.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import type { TReceipt, TSharedQuotation } from '@tp/contracts/endpoints/kart';
import { KART_MSG, KART_PAY_MSG, sharedQuotationPath, standingOf } from '@tp/contracts/endpoints/kart';
import { collectedAfter, freezeRates, kartValidTill, quotationView } from '@tp/domain/dmc';
import * as MSG from '@tp/contracts/messages';
import { customerSees } from '#lib/account-members';
import { AppError } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { siteToday } from '#lib/time';
import { sitePaymentTerms } from '../dmc/index.ts';
import { balanceOf, kartPaymentState, move, startGatewayPayment } from '../wallet/index.ts';
import { balanceReminderItems } from './balance-reminders.ts';
import { getReceipt, receiptOfSource } from './receipts-repo.ts';
import { receive, receiptsPage, siteIssuer, toReceipt } from './receipts.ts';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newToken } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { getUser } from '../users/records.ts';
import type { KartScope } from './karts.ts';
import { scheduleOf, sharedCancellationFees, shareUrl, type KartRecord } from './model.ts';
import * as repo from './repo.ts';
import * as api from '@tp/contracts/endpoints/kart';
import { answers, reply } from '#lib/answers';

export async function shareKart(
  scope: KartScope,
  id: string,
): Promise<{ slug: string; version: number; url: string; sharedAt: string }> {
  const siteId = scope.site.siteId;
  const kart = await repo.getKart(siteId, id);
  if (!kart) throw fail.notFound();
  const answer = (s: NonNullable<KartRecord['share']>) => ({ ...s, url: shareUrl(scope.site, s.slug) });
  if (kart.share && kart.share.version === kart.version) return answer(kart.share);

  const share = { slug: newToken(), version: kart.version, sharedAt: scope.now.toISOString() };
  const [agent, siteTerms] = await Promise.all([
    kart.isAgentBranding ? agentBranding(siteId, kart) : null,
    sitePaymentTerms(scope),
  ]);
  // What the customer was shown is what they pay: the exchange rates of this version are frozen with the share.
  const after: KartRecord = {
    ...kart,
    share,
    frozenRates: freezeRates(kart.frozenRates, kart),
    // The cancellation terms the customer was shown are the ones a cancellation applies.
    frozenCancellationFees: sharedCancellationFees(kart, siteTerms),
  };
  const items = [
    // Same version: sharing changes no content, but a save in between must not be shared unseen.
    ...repo.kartWrites(siteId, after, kart),
    repo.sharePut(siteId, {
      ...share,
      kartId: kart.id,
      // Collected payment and balance are read live (`money`); the frozen copy keeps the terms it was shown with.
      quotation: {
        ...quotationView(kart, kart.totals, kart.priceBreakup, scheduleOf(kart, siteTerms)),
        payment: null,
      },
      agent,
    }),
    auditPut(siteId, recordChange('kart', kart.id, kart, after), auditActor(scope.principal), scope.now),
  ];
  if (!(await repo.commit(items))) throw fail.conflict(KART_MSG.changedMeanwhile);
  return answer(share);
}

/**
 * The agent's branding: the kart customer's company (else their legal entity's or their own name), logo, primary
 * phone and email. Nothing of the site's, not even its domain.
 */
async function agentBranding(siteId: SiteId, kart: KartRecord): Promise<repo.SharedBranding> {
  const user = await getUser(siteId, kart.customerId);
  const phone = user?.phoneNumbers.find((p) => p.label === 'Primary') ?? user?.phoneNumbers[0];
  return {
    companyName: user?.companyName?.trim() || user?.legalEntityName || kart.customerName,
    logoUrl: user?.taLogoUrl ?? '',
    adminContact: phone?.phoneNumber ?? kart.customerPhone,
    adminEmail: user?.email ?? '',
    domain: '',
  };
}

const UNBRANDED: repo.SharedBranding = { companyName: '', logoUrl: '', adminContact: '', adminEmail: '', domain: '' };

async function openShare(site: SiteRecord, slug: string) {
  const shared = await repo.getShare(site.siteId, slug);
  if (!shared) throw fail.notFound(KART_MSG.sharedNotFound);
  return { shared, kart: await repo.getKart(site.siteId, shared.kartId) };
}

/** What the link's holder may pay now and the receipts so far (null: no price shown, or cancelled). */
async function moneyOf(site: SiteRecord, shared: repo.SharedRecord, kart: KartRecord | null) {
  if (!kart || kart.isCancelled || shared.quotation.grandTotal === null) return null;
  const page = await receiptsPage(site.siteId, kart.id, { limit: 50 });
  const deposit = shared.quotation.schedule?.deposit ?? 0;
  const collected = kart.totals.collectedPayment;
  return {
    currency: kart.currencySymbol,
    collected,
    depositDue: Math.max(0, collectedAfter(Math.min(deposit, kart.totals.grandTotal), -collected)),
    totalDue: Math.max(0, kart.totals.balanceDue),
    receipts: page.records,
  };
}

/** The gateway payment a payer came back from: pending until verified, then its receipt. */
async function paymentOf(site: SiteRecord, kartId: string, paymentId: string) {
  const state = await kartPaymentState(site.siteId, paymentId, kartId);
  if (!state) return null;
  const receiptId = await receiptOfSource(site.siteId, 'payment', paymentId);
  if (receiptId) return { status: 'received' as const, receiptId };
  return { status: state === 'failed' ? ('failed' as const) : ('pending' as const), receiptId: null };
}

export async function sharedQuotation(site: SiteRecord, slug: string, paymentId?: string): Promise<TSharedQuotation> {
  // The frozen copy never changes; where the quotation stands now is read live (vouchered, cancelled, shared again).
  const { shared, kart } = await openShare(site, slug);
  const agentBranded = shared.quotation.isAgentBranding;
  return {
    slug: shared.slug,
    version: shared.version,
    sharedAt: shared.sharedAt,
    quotation: shared.quotation,
    standing: {
      status: kart ? standingOf(kart) : 'cancelled',
      newerSharedAt: kart?.share && kart.share.slug !== shared.slug ? kart.share.sharedAt : null,
      acceptedAt: kart?.acceptance?.version === shared.version ? kart.acceptance.at : null,
    },
    money: await moneyOf(site, shared, kart),
    ...(paymentId ? { payment: await paymentOf(site, shared.kartId, paymentId) } : {}),
    brandedBy: agentBranded ? 'agent' : 'site',
    // A share made before agent branding was carried stays unbranded, as it was shown then.
    branding: agentBranded
      ? (shared.agent ?? UNBRANDED)
      : {
          companyName: site.companyName,
          logoUrl: site.logoUrl,
          adminContact: site.adminContact,
          adminEmail: site.adminEmail,
          domain: site.domain,
        },
  };
}

// ---------------------------------------------------------------------------------------------------
// Accepting and paying from the link (docs/dmc.md "Accept and pay")

/**
 * Why the version a link shows cannot be accepted or paid now: a newer share (the standing's pointer), a revision
 * not shared yet, a cancelled or expired quotation. Null when it can.
 */
function acceptRefusal(site: SiteRecord, shared: repo.SharedRecord, kart: KartRecord | null, now: Date) {
  if (!kart || kart.isCancelled) return fail.conflict(KART_PAY_MSG.notAcceptable);
  if (kart.share && kart.share.slug !== shared.slug)
    return fail.conflict(KART_PAY_MSG.outdatedVersion(kart.share.sharedAt.slice(0, 10)), undefined, {
      newerSharedAt: kart.share.sharedAt,
    });
  if (kart.version !== shared.version) return fail.conflict(KART_PAY_MSG.revised);
  if (!kart.isVouchered && siteToday(site, now) > kartValidTill(kart)) return fail.conflict(KART_PAY_MSG.expired);
  return null;
}

/** The link holder accepts the version they look at; accepting it again answers the same. */
export async function acceptShared(
  scope: { site: SiteRecord; now: Date; principal?: Principal | undefined },
  input: { slug: string; version: number },
): Promise<TSharedQuotation> {
  const { site, now } = scope;
  const { shared, kart } = await openShare(site, input.slug);
  if (input.version !== shared.version) throw fail.conflict(KART_PAY_MSG.revised);
  const refusal = acceptRefusal(site, shared, kart, now);
  if (refusal) throw refusal;
  if (kart!.acceptance?.version !== shared.version) {
    const after: KartRecord = {
      ...kart!,
      acceptance: {
        version: shared.version,
        slug: shared.slug,
        at: now.toISOString(),
        byUserId: scope.principal?.userId ?? null,
      },
    };
    // Same version: accepting changes no content; the balance reminders start with it.
    const items = [
      ...repo.kartWrites(site.siteId, after, kart!),
      ...balanceReminderItems(site.siteId, kart!, after, await sitePaymentTerms({ site })),
    ];
    if (!(await repo.commit(items))) throw fail.conflict(KART_MSG.changedMeanwhile);
  }
  return sharedQuotation(site, input.slug);
}

/**
 * Pays an accepted shared quotation: the deposit still due or all that is due, through the site's gateway (the
 * receipt follows its verification, wallet/payments.ts) or from the agent's wallet and credit line (the quotation's
 * customer, signed in: the debit and the receipt are one payment per idempotency key).
 */
export async function payShared(
  scope: { site: SiteRecord; now: Date; principal?: Principal | undefined },
  input: ParsedRequestOf<typeof api.paySharedQuotation>,
): Promise<{ redirectTo: string | null; receipt: TReceipt | null }> {
  const { site, now } = scope;
  const { shared, kart } = await openShare(site, input.slug);
  // Once accepted, the balance stays payable from the link through later steps (vouchered, saved again), as long as
  // no newer version was shared: what is due is the live balance.
  if (!kart || kart.isCancelled) throw fail.conflict(KART_PAY_MSG.cancelled);
  if (kart.acceptance?.version !== shared.version) {
    throw acceptRefusal(site, shared, kart, now) ?? fail.conflict(KART_PAY_MSG.acceptFirst);
  }
  // A retried wallet payment (same key) answers its receipt, though nothing may be due any more.
  const earlier = async () => {
    if (input.method !== 'wallet') return null;
    const id = await receiptOfSource(site.siteId, 'wallet', walletEntryId(kart.id, input.idempotencyKey));
    const receipt = id ? await getReceipt(site.siteId, id) : null;
    return receipt ? { redirectTo: null, receipt: toReceipt(receipt) } : null;
  };
  const retried = await earlier();
  if (retried) return retried;
  const money = (await moneyOf(site, shared, kart))!;
  const paidUp =
    money.totalDue <= 0
      ? KART_PAY_MSG.nothingDue
      : input.part === 'deposit' && money.depositDue <= 0
        ? KART_PAY_MSG.depositPaid
        : null;
  // Paid up meanwhile, perhaps by this very payment clicked twice at once: its receipt, else the refusal.
  if (paidUp) {
    const twin = await earlier();
    if (twin) return twin;
    throw fail.validation(paidUp);
  }
  const amount = input.part === 'deposit' ? money.depositDue : money.totalDue;
  const customer = await getUser(site.siteId, kart.customerId);
  if (input.method === 'wallet') {
    const receipt = await payFromWallet(scope, kart, customer, amount, input.idempotencyKey);
    return { redirectTo: null, receipt: toReceipt(receipt) };
  }
  const started = await startGatewayPayment(site, {
    purpose: { kind: 'kartPayment', kartId: kart.id },
    amount,
    currency: kart.currencySymbol,
    userId: kart.customerId,
    legalEntityId: customer?.legalEntityId ?? kart.customerId,
    now,
    userEmail: customer?.email ?? '',
    remark: `Quotation ${kart.quotationId}`,
    returnPath: sharedQuotationPath(shared.slug),
  });
  return { redirectTo: started.redirectTo, receipt: null };
}

/** The wallet entry of a quotation payment: one per idempotency key. */
const walletEntryId = (kartId: string, key: string) => `kart-${kartId}-${key}`;

/**
 * The agent's wallet (and credit line) pays: the debit is idempotent on its entry id, the receipt on the debit; a
 * debit whose receipt is refused (a parallel payment paid the balance first) is credited back once.
 */
async function payFromWallet(
  scope: { site: SiteRecord; now: Date; principal?: Principal | undefined },
  kart: KartRecord,
  customer: Awaited<ReturnType<typeof getUser>>,
  amount: number,
  key: string,
) {
  const { site, now, principal } = scope;
  if (
    !principal ||
    !customer ||
    !customerSees(principal, { userId: kart.customerId, legalEntityId: customer.legalEntityId })
  )
    throw fail.forbidden(KART_PAY_MSG.walletSignIn);
  const balance = await balanceOf(site.siteId, customer.legalEntityId);
  if (balance.currency !== kart.currencySymbol) throw fail.validation(KART_PAY_MSG.walletCurrency(kart.currencySymbol));
  const entryId = walletEntryId(kart.id, key);
  const movement = {
    siteId: site.siteId,
    legalEntityId: customer.legalEntityId,
    entryId,
    amount,
    currency: kart.currencySymbol,
    kind: 'booking' as const,
    remark: `Quotation ${kart.quotationId}`,
    byUserId: principal.userId,
    now,
  };
  const debit = await move('debit', movement);
  if (debit === 'insufficient') throw fail.paymentRequired(KART_PAY_MSG.walletShort);
  // A credit line's refusals (docs/credit-lines.md): overdue credit, or past wallet + credit left.
  if (debit === 'overdue') throw fail.paymentRequired(MSG.creditOverdue);
  if (debit === 'overLimit') throw fail.paymentRequired(MSG.creditOverLimit);
  if (debit === 'conflict') throw fail.conflict(KART_MSG.changedMeanwhile);
  try {
    return (
      await receive(
        site,
        kart.id,
        { amount, method: 'wallet', reference: entryId, source: ['wallet', entryId], recordedBy: null },
        now,
      )
    ).receipt;
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION')
      await move('credit', {
        ...movement,
        entryId: `${entryId}-back`,
        kind: 'refund',
        remark: `Returned: ${err.message}`,
      });
    throw err;
  }
}

export async function sharedReceipt(site: SiteRecord, slug: string, receiptId: string) {
  const { shared } = await openShare(site, slug);
  const r = await getReceipt(site.siteId, receiptId);
  if (!r || r.kartId !== shared.kartId) throw fail.notFound(KART_PAY_MSG.receiptNotFound);
  const issuer = shared.quotation.isAgentBranding ? (shared.agent ?? UNBRANDED) : siteIssuer(site);
  return {
    receipt: toReceipt(r),
    issuer: {
      companyName: issuer.companyName,
      logoUrl: issuer.logoUrl,
      adminContact: issuer.adminContact,
      adminEmail: issuer.adminEmail,
    },
  };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerAcceptSharedQuotation = answers(api.acceptSharedQuotation, async (input, scope) =>
  reply(await acceptShared(scope, input), { message: KART_PAY_MSG.accepted }),
);
export const answerPaySharedQuotation = answers(api.paySharedQuotation, (input, scope) => payShared(scope, input));
export const answerGetSharedReceipt = answers(api.getSharedReceipt, (input, scope) =>
  sharedReceipt(scope.site, input.slug, input.receiptId),
);
export const answerShareKart = answers(api.shareKart, async (input, scope) =>
  reply(await shareKart(scope, input.id), { message: KART_MSG.shared }),
);
export const answerGetSharedQuotation = answers(api.getSharedQuotation, (input, scope) =>
  sharedQuotation(scope.site, input.slug, input.payment),
);
