/**
 * The DMC's exchange-rate table (/staff/dmc-exchange-rates): what one unit of a currency is worth in the site's
 * base currency from a date on. A save with an id edits that row of the site; without one it adds a row. One row
 * per currency and valid-from date; each change is audited like every DMC master's.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import {
  EXCHANGE_RATE_MSG,
  QUOTATION_SETTINGS_MSG,
  type CartPaysAt,
  type TExchangeRate,
  type TQuotationSettings,
} from '@tp/contracts/endpoints/dmc';
import {
  DEFAULT_CANCELLATION_FEES,
  DEFAULT_PAYMENT_TERMS,
  FX_BASE_CURRENCY,
  paymentTermsProblems,
  type PaymentTerms,
} from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import { fail, refuseIfAny } from '#lib/errors';
import { audited, CHANGED_MEANWHILE, siteOf, type DmcScope } from './changes.ts';
import { answers, reply } from '#lib/answers';
import {
  allExchangeRates,
  getQuotationSettingsRec,
  putExchangeRate,
  type QuotationSettingsRec,
  putQuotationSettings,
} from './exchange-rates-repo.ts';
import { commit } from './repo.ts';

/** By currency, then the latest valid-from date first (the row in force today is the first one not in the future). */
const byCurrencyThenLatest = (a: TExchangeRate, b: TExchangeRate) =>
  a.currency.localeCompare(b.currency) || b.validFrom.localeCompare(a.validFrom);

export async function listExchangeRates(
  scope: DmcScope,
  { search }: { search?: string },
): Promise<{ records: TExchangeRate[]; nextCursor: null }> {
  const wanted = search?.trim().toUpperCase() ?? '';
  const records = (await allExchangeRates(siteOf(scope))).filter((r) => r.currency.includes(wanted));
  return { records: records.sort(byCurrencyThenLatest), nextCursor: null };
}

export async function saveExchangeRate(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.saveExchangeRate>,
): Promise<TExchangeRate> {
  const rows = await allExchangeRates(siteOf(scope));
  const before = input.id ? rows.find((r) => r.id === input.id) : undefined;
  if (input.id && !before) throw fail.notFound();
  const clash = rows.find((r) => r.id !== input.id && r.currency === input.currency && r.validFrom === input.validFrom);
  refuseIfAny({ validFrom: clash ? EXCHANGE_RATE_MSG.duplicate : undefined });
  const after: TExchangeRate = {
    id: before?.id ?? newId(),
    currency: input.currency,
    rate: input.rate,
    buffer: input.buffer,
    validFrom: input.validFrom,
    updatedAt: scope.now.toISOString(),
  };
  const action = before ? 'update' : 'create';
  const items = [
    putExchangeRate(siteOf(scope), after, action),
    ...audited(scope, 'exchangeRate', after.id, action, before ?? null, after),
  ];
  if (!(await commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return after;
}

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetExchangeRates = answers(api.getExchangeRates, (input, scope) => listExchangeRates(scope, input));
export const answerSaveExchangeRate = answers(api.saveExchangeRate, async (input, scope) =>
  reply(await saveExchangeRate(scope, input), { message: EXCHANGE_RATE_MSG.saved }),
);

/** The site's minimum margin (null: none), read by the kart's staff view. */
export async function minimumMarginPercent(scope: Pick<DmcScope, 'site'>): Promise<number | null> {
  return (await getQuotationSettingsRec(siteOf(scope))).minimumMarginPercent;
}

/** The site's payment terms for quotations (the defaults until it sets its own), read by the kart's save. */
export async function sitePaymentTerms(scope: Pick<DmcScope, 'site'>): Promise<PaymentTerms> {
  return (await getQuotationSettingsRec(siteOf(scope))).paymentTerms ?? DEFAULT_PAYMENT_TERMS;
}

const settingsView = (rec: QuotationSettingsRec): TQuotationSettings => ({
  minimumMarginPercent: rec.minimumMarginPercent,
  baseCurrency: FX_BASE_CURRENCY,
  // The schedule in force, the platform's until the site sets one, so the settings screen shows what applies.
  paymentTerms: {
    ...(rec.paymentTerms ?? DEFAULT_PAYMENT_TERMS),
    cancellationFees: rec.paymentTerms?.cancellationFees ?? DEFAULT_CANCELLATION_FEES,
  },
  cartPaysAt: rec.cartPaysAt ?? 'none',
});

/** When the site's activity carts debit their owner (docs/dmc.md "The activity cart pays"). */
export async function cartPaysAt(scope: Pick<DmcScope, 'site'>): Promise<CartPaysAt> {
  return (await getQuotationSettingsRec(siteOf(scope))).cartPaysAt ?? 'none';
}

export async function quotationSettings(scope: DmcScope): Promise<TQuotationSettings> {
  return settingsView(await getQuotationSettingsRec(siteOf(scope)));
}

/**
 * One part of the site's quotation settings changed: the record written conditional on the version read, the
 * change audited as that part before and after, a clash refused (another save came first).
 */
async function changeSettings<K extends 'minimumMarginPercent' | 'paymentTerms' | 'cartPaysAt'>(
  scope: DmcScope,
  part: K,
  next: (before: QuotationSettingsRec) => QuotationSettingsRec[K],
  shownBefore: (before: QuotationSettingsRec) => unknown,
): Promise<TQuotationSettings> {
  const siteId = siteOf(scope);
  const before = await getQuotationSettingsRec(siteId);
  const value = next(before);
  const after: QuotationSettingsRec = { ...before, [part]: value, version: before.version + 1 };
  const items = [
    putQuotationSettings(siteId, after, before.version),
    ...audited(
      scope,
      'quotationSettings',
      'site',
      before.version ? 'update' : 'create',
      before.version ? { [part]: shownBefore(before) } : null,
      { [part]: value },
    ),
  ];
  if (!(await commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return settingsView(after);
}

export function saveQuotationSettings(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.saveQuotationSettings>,
): Promise<TQuotationSettings> {
  return changeSettings(
    scope,
    'minimumMarginPercent',
    () => input.minimumMarginPercent,
    (before) => before.minimumMarginPercent,
  );
}

/** The site's payment terms (docs/dmc.md "Payment terms"): checked by the domain's rule, audited. */
export function savePaymentTerms(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.savePaymentTerms>,
): Promise<TQuotationSettings> {
  refuseIfAny(paymentTermsProblems(input));
  return changeSettings(
    scope,
    'paymentTerms',
    (before): PaymentTerms => ({
      depositKind: input.depositKind,
      depositValue: input.depositValue,
      balanceDaysBeforeArrival: input.balanceDaysBeforeArrival,
      // A save without a schedule (the payment-terms form) keeps the site's; rows are kept most days first.
      cancellationFees: [
        ...(input.cancellationFees ?? before.paymentTerms?.cancellationFees ?? DEFAULT_CANCELLATION_FEES),
      ].sort((a, b) => b.daysBefore - a.daysBefore),
    }),
    (before) => before.paymentTerms ?? DEFAULT_PAYMENT_TERMS,
  );
}

/** When activity carts take the owner's money: audited, conditional on the settings' version read. */
export function saveCartPayment(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.saveCartPayment>,
): Promise<TQuotationSettings> {
  return changeSettings(
    scope,
    'cartPaysAt',
    () => input.cartPaysAt,
    (before) => before.cartPaysAt ?? 'none',
  );
}

// Answered beside their operations (gathered into answered.generated.ts by `npm run derive`).
export const answerGetQuotationSettings = answers(api.getQuotationSettings, (_input, scope) =>
  quotationSettings(scope),
);
export const answerSaveQuotationSettings = answers(api.saveQuotationSettings, async (input, scope) =>
  reply(await saveQuotationSettings(scope, input), { message: QUOTATION_SETTINGS_MSG.saved }),
);
export const answerSavePaymentTerms = answers(api.savePaymentTerms, async (input, scope) =>
  reply(await savePaymentTerms(scope, input), { message: QUOTATION_SETTINGS_MSG.paymentTermsSaved }),
);
export const answerSaveCartPayment = answers(api.saveCartPayment, async (input, scope) =>
  reply(await saveCartPayment(scope, input), { message: QUOTATION_SETTINGS_MSG.cartPaymentSaved }),
);
