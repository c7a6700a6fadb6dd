/**
 * PAN and GSTIN review (docs/site-settings.md "PAN verification"). The numbers are the
 * ones a customer gives on the billing page; saving new ones starts a review, staff mark each verified or
 * rejected (with a reason, audited), and the customer sees the state on the billing page.
 */
import {
  KYC_MSG,
  type TaxIdDocument,
  type TaxIdStatus,
  type TTaxIdReview,
  type TTaxIdState,
} from '@tp/contracts/endpoints/kyc';
import { taxIdProblem } from '@tp/domain/tax-ids';
import { auditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import { reply, answers, type SignedInScope } from '#lib/answers';
import type { Page } from '#lib/db';
import * as repo from './kyc-repo.ts';
import type { UserRecord } from './record.ts';
import { getUser } from './repo.ts';
import * as api from '@tp/contracts/endpoints/kyc';

export const REVIEW_PAGE_SIZE = 20;

const state = (r: repo.TaxIdRecord): TTaxIdState => ({
  document: r.document,
  number: r.number,
  status: r.status,
  reason: r.reason,
  submittedAt: r.submittedAt,
  decidedAt: r.decidedAt,
});

const review = (r: repo.TaxIdRecord): TTaxIdReview => ({
  ...state(r),
  userId: r.userId,
  name: r.name,
  email: r.email,
  companyName: r.companyName,
  formatProblem: taxIdProblem(r.document, r.number),
  decidedBy: r.decidedBy ? { name: r.decidedBy.name, email: r.decidedBy.email } : null,
});

export async function reviews(
  scope: SignedInScope,
  input: { status: TaxIdStatus; cursor?: string | undefined },
): Promise<Page<TTaxIdReview>> {
  const page = await repo.taxIdPage(scope.site.siteId, input.status, { cursor: input.cursor, limit: REVIEW_PAGE_SIZE });
  return { records: page.records.map(review), nextCursor: page.nextCursor };
}

export async function decide(
  scope: SignedInScope,
  input: { userId: string; document: TaxIdDocument; number: string; decision: 'verified' | 'rejected'; reason: string },
): Promise<TTaxIdReview> {
  const current = (await repo.taxIdsOf(scope.site.siteId, input.userId)).get(input.document);
  if (!current) throw fail.notFound(KYC_MSG.notFound);
  if (current.number !== input.number.toUpperCase()) throw fail.conflict(KYC_MSG.changed);
  const decided = await repo.decideTaxId(
    scope.site.siteId,
    current,
    { status: input.decision, reason: input.reason },
    auditActor(scope.principal),
    scope.now,
  );
  if (!decided) throw fail.conflict(KYC_MSG.changed);
  scope.log.info('tax id decided', {
    document: input.document,
    decision: input.decision,
    userId: input.userId,
    byUserId: scope.principal.userId,
  });
  return review(decided);
}

export async function myStatus(scope: SignedInScope): Promise<{ pan: TTaxIdState | null; gst: TTaxIdState | null }> {
  const items = await repo.taxIdsOf(scope.site.siteId, scope.principal.userId);
  const pan = items.get('pan');
  const gst = items.get('gst');
  return { pan: pan ? state(pan) : null, gst: gst ? state(gst) : null };
}

/** The billing save: the user's billing details and their review items together. Null: no such user. */
export async function saveBilling(
  siteId: UserRecord['siteId'],
  userId: string,
  billing: NonNullable<UserRecord['billing']>,
  now: Date,
): Promise<UserRecord | null> {
  const user = await getUser(siteId, userId);
  if (!user) return null;
  const saved = await repo.saveBillingWithReviews(user, billing, now);
  // A concurrent save of the same user's billing won the race: this one changed nothing.
  if (!saved) throw fail.conflict('Your billing details were changed meanwhile; reload and save again');
  return saved;
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetTaxIdReviews = answers(api.getTaxIdReviews, (input, scope) => reviews(scope, input));
export const answerVerifyTaxId = answers(api.verifyTaxId, async (input, scope) => {
  const decided = await decide(scope, input);
  const message = input.decision === 'verified' ? KYC_MSG.verified(input.document) : KYC_MSG.rejected(input.document);
  return reply(decided, { message });
});
export const answerGetMyTaxIdStatus = answers(api.getMyTaxIdStatus, (_input, scope) => myStatus(scope));
