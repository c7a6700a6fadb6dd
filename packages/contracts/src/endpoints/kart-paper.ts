/**
 * The paper of a vouchered quotation (ours; docs/dmc.md "Paper: vouchers and supplier requests"): the guest's service
 * vouchers (staff print, the shared link once vouchered) and the supplier booking requests, answered by the supplier
 * through a link without sign-in (a single-purpose, expiring token in the body, never in an API call's URL).
 * Served by the kart Lambda.
 */
import * as z from 'zod/mini';
import { SUPPLIER_STATUSES } from '@tp/domain/dmc';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zShortText, zToken } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { zDmcId } from './dmc-common.ts';
import { KART_MSG } from './kart.ts';

export const KART_PAPER_MSG = {
  confirmed: 'Booking confirmed: thank you',
  declined: 'Booking declined: the travel company has been told',
  linkNotValid: 'This booking link is not valid: open the link from the e-mail as it was sent',
  requestNotFound: 'This booking request does not exist',
  linkExpired: 'This booking link has expired: contact the travel company for a new one',
  alreadyConfirmed: (number: string) => `This booking was already confirmed with number ${number}`,
  alreadyDeclined: 'This booking was already declined: contact the travel company to change that',
  bookingCancelled: 'This booking has been cancelled by the travel company',
  numberRequired: 'Enter your confirmation number',
  reasonRequired: 'Say why you cannot confirm this booking',
  notVouchered: 'Vouchers are issued once the quotation is confirmed',
  /** Printed on each voucher until the site's cancellation schedule is printed there (docs/dmc.md). */
  cancellationTerms:
    'Cancellations follow the terms of your confirmed quotation; a no-show is charged in full. Contact us before the service to change it.',
} as const;

/** `/supplier-request/:token` (public, ours): where a supplier confirms or declines. */
export const SUPPLIER_REQUEST_PATH = '/supplier-request/:token';
export const supplierRequestPath = (token: string): string => SUPPLIER_REQUEST_PATH.replace(':token', token);
/** The guest's vouchers on the shared link, and the staff's print. */
export const SHARED_VOUCHERS_PATH = '/quotation/:slug/vouchers';
export const sharedVouchersPath = (slug: string): string => SHARED_VOUCHERS_PATH.replace(':slug', slug);
export const KART_VOUCHERS_PATH = '/staff/kart/:id/vouchers';
export const kartVouchersPath = (id: string): string => KART_VOUCHERS_PATH.replace(':id', id);

export const SUPPLIER_STATUS_LABELS: Record<(typeof SUPPLIER_STATUSES)[number], string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

const zContact = () => z.object({ name: z.string(), address: z.string(), phone: z.string() });

export const ZServiceVoucher = lazy(() =>
  z.object({
    reference: z.string(),
    kind: z.enum(['hotel', 'activity', 'transfer']),
    lineId: z.string(),
    service: z.string(),
    included: z.array(z.string()),
    date: z.nullable(z.string()),
    endDate: z.nullable(z.string()),
    time: z.nullable(z.string()),
    pickup: z.nullable(z.object({ place: z.string(), time: z.nullable(z.string()) })),
    dropOff: z.nullable(z.string()),
    supplier: zContact(),
    confirmationNumber: z.nullable(z.string()),
    cancellationTerms: z.string(),
  }),
);

/** A quotation's vouchers with the party and whose name they are issued under. */
export const ZVoucherSet = lazy(() =>
  z.object({
    quotationId: z.string(),
    kartName: z.string(),
    party: z.object({
      leadGuest: z.string(),
      adults: z.number(),
      child: z.number(),
      infant: z.number(),
      guests: z.array(z.string()),
    }),
    vouchers: z.array(ZServiceVoucher),
    issuer: z.object({
      companyName: z.string(),
      logoUrl: z.string(),
      adminContact: z.string(),
      adminEmail: z.string(),
    }),
  }),
);
export type TVoucherSet = z.infer<typeof ZVoucherSet>;

/** One service's booking request as staff see it on the quotation. */
export const ZKartSupplierRequest = lazy(() =>
  z.object({
    lineId: z.string(),
    section: z.enum(['accomodations', 'activities']),
    service: z.string(),
    supplierName: z.string(),
    /** Null: the supplier's master has no e-mail, nobody was asked. */
    status: z.nullable(z.enum(SUPPLIER_STATUSES)),
    confirmationNumber: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    requestedAt: z.nullable(z.string()),
    answeredAt: z.nullable(z.string()),
    expiresAt: z.nullable(z.string()),
  }),
);
export type TKartSupplierRequest = z.infer<typeof ZKartSupplierRequest>;

/** What the supplier's page shows: the service, the party, the request's state; nothing about prices. */
export const ZSupplierRequestView = lazy(() =>
  z.object({
    reference: z.string(),
    supplierName: z.string(),
    service: z.string(),
    details: z.array(z.string()),
    leadGuest: z.string(),
    status: z.enum(SUPPLIER_STATUSES),
    confirmationNumber: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    expiresAt: z.string(),
    answeredAt: z.nullable(z.string()),
    requestedBy: z.object({ companyName: z.string(), adminContact: z.string(), adminEmail: z.string() }),
  }),
);
export type TSupplierRequestView = z.infer<typeof ZSupplierRequestView>;

const zSupplierToken = () => zToken(KART_PAPER_MSG.linkNotValid);
const supplierLink = { api: 'site', domain: 'kart', auth: 'token' } as const;
const staff = { api: 'site', domain: 'kart', auth: 'staff', permission: 'dmc.karts' } as const;

export const getSupplierRequest = endpoint({
  ...supplierLink,
  id: 'kart.getSupplierRequest',
  method: 'POST',
  path: 'kart/getSupplierRequest',
  request: lazy(() => z.object({ token: zSupplierToken() })),
  response: ZSupplierRequestView,
  summary: "Ours, no sign-in: the booking request a supplier's link opens (403 tampered, 404 unknown, 410 expired).",
});

export const answerSupplierRequest = endpoint({
  ...supplierLink,
  id: 'kart.answerSupplierRequest',
  method: 'POST',
  path: 'kart/answerSupplierRequest',
  request: lazy(() =>
    z.object({
      token: zSupplierToken(),
      decision: z.enum(['confirm', 'decline']),
      /** Required to confirm. */
      confirmationNumber: z._default(zShortText({ max: 40, required: false }), ''),
      /** Required to decline. */
      reason: z._default(zShortText({ max: 300, required: false }), ''),
    }),
  ),
  response: ZSupplierRequestView,
  summary: 'Ours, no sign-in: the supplier confirms with its number or declines with a reason, once (409 after).',
});

export const getKartSupplierRequests = endpoint({
  ...staff,
  id: 'kart.getKartSupplierRequests',
  method: 'GET',
  path: 'kart/getKartSupplierRequests',
  request: lazy(() => z.object({ id: zDmcId() })),
  response: lazy(() => z.object({ requests: z.array(ZKartSupplierRequest) })),
  summary: "Ours: each supplied service of a vouchered quotation with its supplier's status and confirmation.",
});

export const getKartVouchers = endpoint({
  ...staff,
  id: 'kart.getKartVouchers',
  method: 'GET',
  path: 'kart/getKartVouchers',
  request: lazy(() => z.object({ id: zDmcId() })),
  response: ZVoucherSet,
  summary: "Ours: a vouchered quotation's service vouchers, printable (409 before it is vouchered).",
});

export const getSharedVouchers = endpoint({
  api: 'site',
  domain: 'kart',
  auth: 'public',
  id: 'kart.getSharedVouchers',
  method: 'GET',
  path: 'kart/getSharedVouchers',
  request: lazy(() => z.object({ slug: zToken(KART_MSG.sharedNotFound) })),
  response: ZVoucherSet,
  summary: "Ours, public: the shared quotation's service vouchers once it is vouchered.",
});

/**
 * A supplier link's token: `<kart id>~<line id>~<secret>` (the secret's SHA-256 is stored, never the secret). No dot:
 * a page path with one reads as a file and is not the SPA's.
 */
export const SUPPLIER_TOKEN = /^([a-z0-9-]{1,64})~([A-Za-z0-9-]{1,40})~([A-Za-z0-9_-]{43})$/;

export const kartPaperEndpoints: Endpoint[] = [
  getSupplierRequest,
  answerSupplierRequest,
  getKartSupplierRequests,
  getKartVouchers,
  getSharedVouchers,
];
