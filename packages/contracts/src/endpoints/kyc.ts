/**
 * /staff/verifyPanCard: staff review the PAN and GSTIN customers give on their billing
 * page and mark each verified or rejected (with a reason); the customer sees the state there. The spec names
 * the screen only: these paths are ours (docs/site-settings.md "PAN verification").
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zCursor, zId, zRemarks, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';

export const TAX_ID_KINDS = ['pan', 'gst'] as const;
export type TaxIdDocument = (typeof TAX_ID_KINDS)[number];
export const TAX_ID_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type TaxIdStatus = (typeof TAX_ID_STATUSES)[number];

export const KYC_MSG = {
  verified: (d: TaxIdDocument) => `${d === 'pan' ? 'PAN' : 'GSTIN'} marked verified`,
  rejected: (d: TaxIdDocument) => `${d === 'pan' ? 'PAN' : 'GSTIN'} rejected`,
  reasonRequired: 'Please give the reason for rejecting',
  /** The customer changed the number since the list was loaded. */
  changed: 'The customer has changed this number; reload the list',
  notFound: 'No such number to verify',
} as const;

export const ZTaxIdState = lazy(() =>
  z.object({
    document: z.enum(TAX_ID_KINDS),
    number: z.string(),
    status: z.enum(TAX_ID_STATUSES),
    /** Why staff rejected it ('' otherwise). */
    reason: z.string(),
    submittedAt: z.string(),
    decidedAt: z.nullable(z.string()),
  }),
);
export type TTaxIdState = z.infer<typeof ZTaxIdState>;

/** One number on the staff list: the state plus who holds it and what the format check says. */
export const ZTaxIdReview = lazy(() =>
  z.extend(ZTaxIdState, {
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    companyName: z.string(),
    /** Why the number fails its format (PAN shape, GSTIN check digit); null when it passes. */
    formatProblem: z.nullable(z.string()),
    decidedBy: z.nullable(z.object({ name: z.string(), email: z.string() })),
  }),
);
export type TTaxIdReview = z.infer<typeof ZTaxIdReview>;

export const getTaxIdReviews = endpoint({
  id: 'users.getTaxIdReviews',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getPanCardVerifications',
  domain: 'users',
  auth: 'staff',
  permission: 'wallet.verifyPan',
  request: lazy(() =>
    z.object({
      status: z._default(z.enum(TAX_ID_STATUSES), 'pending'),
      cursor: z.optional(zCursor()),
    }),
  ),
  response: lazy(() => z.object({ records: z.array(ZTaxIdReview), nextCursor: z.nullable(z.string()) })),
  summary: 'PAN and GSTIN numbers of the site in one state, newest first, a cursor page.',
});

export const ZTaxIdDecision = lazy(() =>
  z
    .object({
      userId: zId(),
      document: z.enum(TAX_ID_KINDS),
      /** The number as the list showed it: a decision never lands on a number the customer has since changed. */
      number: zShortText(),
      decision: z.enum(['verified', 'rejected']),
      reason: zRemarks({ required: false, max: 300 }),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.decision === 'rejected' && !v.reason)
          ctx.addIssue({ code: 'custom', message: KYC_MSG.reasonRequired, path: ['reason'] });
      }),
    ),
);

export const verifyTaxId = endpoint({
  id: 'users.verifyTaxId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/verifyPanCard',
  domain: 'users',
  auth: 'staff',
  permission: 'wallet.verifyPan',
  request: ZTaxIdDecision,
  response: ZTaxIdReview,
  summary: "Marks a customer's PAN or GSTIN verified, or rejected with a reason (audited).",
});

export const getMyTaxIdStatus = endpoint({
  id: 'users.getMyTaxIdStatus',
  api: 'site',
  method: 'GET',
  path: 'user/getPanVerificationStatus',
  domain: 'users',
  auth: 'user',
  request: lazy(() => z.object({})),
  response: lazy(() => z.object({ pan: z.nullable(ZTaxIdState), gst: z.nullable(ZTaxIdState) })),
  summary: "The signed-in user's PAN and GSTIN review state (billing page).",
});

export const kycEndpoints = [getTaxIdReviews, verifyTaxId, getMyTaxIdStatus];
