/**
 * Enquiries and the CRM inbox (docs/enquiries.md explains every choice the spec leaves open). Our own
 * paths: the spec names only the success page (/package/enquiry/submitted/{enquiryId}) and /crm.
 *
 * - `enquiry/submit` is public (a visitor about a tour package, a visa, or anything): rate-limited per address
 *   and per email, validated strictly; the site's staff get a mail. A signed-in visitor's enquiry is theirs:
 *   `enquiry/mine` lists them (the /crm page of a customer).
 * - Staff with `enquiries.manage` work them: `enquiry/list` (status tab counts, status / kind filters, search,
 *   cursor pages, newest first), `enquiry/get`, `enquiry/updateStatus` (one way: new → contacted → quoted →
 *   won | lost, a note each time, audited) and `enquiry/export` (the filtered list as .xlsx).
 * - Status changes send the `version` the screen loaded: an enquiry changed meanwhile is a 409.
 */
import * as z from 'zod/mini';
import { isValidPhone } from '@tp/domain/phone';
import { isIsoDate } from '@tp/domain/dmc';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from '@tp/domain/enquiries';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import {
  zCursor,
  zEmail,
  zId,
  zName,
  zPhoneCountry,
  zPhoneText,
  zPreprocess,
  zRemarks,
  zShortText,
} from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';

/** At most this many enquiries an hour from one address (an office shares one) and from one email. */
export const ENQUIRIES_PER_HOUR = { address: 10, email: 5 } as const;
export const MAX_ENQUIRY_PAX = 50;

/** Our wording (the spec quotes none for enquiries). */
export const ENQUIRY_MSG = {
  submitted: 'Thank you! Your enquiry has been sent; we will get back to you soon.',
  statusChanged: 'Enquiry status updated',
  tooMany: 'You have sent several enquiries in a short time. Please wait a while before sending another.',
  notFound: 'This enquiry no longer exists; reload the list',
  changedMeanwhile: 'Someone else updated this enquiry meanwhile; reload it and apply your change again',
  notAllowed: (from: string, to: string) => `An enquiry that is ${from} cannot be moved to ${to}`,
  pastTravelDate: 'The travel date cannot be in the past',
  adultsRequired: 'At least one adult travels',
  exported: (n: number) => `Downloaded ${n} enquir${n === 1 ? 'y' : 'ies'}`,
} as const;

/** A blank string (or null) reads as absent. */
const blankAsMissing = <T extends z.core.$ZodType>(schema: T) =>
  zPreprocess((v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v), z.optional(schema));
const zCount = (min: number, message?: string) =>
  blankAsMissing(
    z.coerce
      .number()
      .check(
        z.int(),
        z.minimum(min, message ?? MSG.tooSmall(min)),
        z.maximum(MAX_ENQUIRY_PAX, MSG.tooLarge(MAX_ENQUIRY_PAX)),
      ),
  );
const zVersion = () => z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000));

/** What a visitor sends. `phone` with its ISO country `phoneCode` (the shared PhoneInput), valid together. */
export const ZEnquiryInput = lazy(() =>
  z
    .object({
      kind: z.enum(ENQUIRY_KINDS),
      /** The package's id or the visa category's id (absent for a general enquiry). */
      subjectId: blankAsMissing(zId()),
      /** What the enquiry is about, as the page showed it ("Dubai 4N/5D", "UAE – 30 days tourist"). */
      subjectTitle: zShortText(),
      name: zName(),
      email: zEmail(),
      phone: zPhoneText(),
      phoneCode: zPhoneCountry(),
      travelDate: blankAsMissing(
        zShortText({ max: 10, tooLong: MSG.invalidDate }).check(z.refine(isIsoDate, MSG.invalidDate)),
      ),
      adults: zCount(1, ENQUIRY_MSG.adultsRequired),
      children: zCount(0),
      message: zRemarks(),
    })
    .check(
      z.refine((v) => isValidPhone(v.phone, v.phoneCode), {
        message: MSG.invalidPhone,
        path: ['phone'],
        // Quiet while the number or its code already has its own error (required, characters).
        when: (payload) => {
          const v = payload.value as Record<string, unknown> | undefined;
          const touched = payload.issues.some((i) => i.path?.[0] === 'phone' || i.path?.[0] === 'phoneCode');
          return !!v && typeof v.phone === 'string' && typeof v.phoneCode === 'string' && !touched;
        },
      }),
    ),
);
export type TEnquiryInput = z.input<typeof ZEnquiryInput>;

const enquiryFields = () => ({
  id: z.string(),
  version: z.number(),
  kind: z.enum(ENQUIRY_KINDS),
  subjectId: z.nullable(z.string()),
  subjectTitle: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCode: z.string(),
  travelDate: z.nullable(z.string()),
  adults: z.nullable(z.number()),
  children: z.nullable(z.number()),
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  /** The signed-in visitor who sent it (null: sent without signing in). */
  userId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A row of the staff list. */
export const ZEnquiryRow = lazy(() => z.object(enquiryFields()));
export type TEnquiryRow = z.infer<typeof ZEnquiryRow>;

export const ZEnquiryStatusChange = lazy(() =>
  z.object({
    at: z.string(),
    from: z.enum(ENQUIRY_STATUSES),
    to: z.enum(ENQUIRY_STATUSES),
    note: z.string(),
    by: z.string(),
  }),
);

/** One enquiry with its status history, oldest change first. */
export const ZEnquiry = lazy(() => z.object({ ...enquiryFields(), history: z.array(ZEnquiryStatusChange) }));
export type TEnquiry = z.infer<typeof ZEnquiry>;

/** An enquiry as the visitor who sent it sees it (no staff notes). */
export const ZMyEnquiry = lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(ENQUIRY_KINDS),
    subjectTitle: z.string(),
    travelDate: z.nullable(z.string()),
    status: z.enum(ENQUIRY_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TMyEnquiry = z.infer<typeof ZMyEnquiry>;

export const ZEnquiryCounts = lazy(() =>
  z.object({
    new: z.number(),
    contacted: z.number(),
    quoted: z.number(),
    won: z.number(),
    lost: z.number(),
    all: z.number(),
  }),
);
export type TEnquiryCounts = z.infer<typeof ZEnquiryCounts>;

/** The staff list's filters (the export takes the same). */
const listFilters = () => ({
  status: blankAsMissing(z.enum(ENQUIRY_STATUSES)),
  kind: blankAsMissing(z.enum(ENQUIRY_KINDS)),
  /** Name, email, phone or subject (a part of it, any case). */
  search: blankAsMissing(zShortText()),
});
const paging = () => ({
  cursor: z.optional(zCursor()),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

const staff = { domain: 'enquiries', api: 'site', auth: 'staff', permission: 'enquiries.manage' } as const;

export const submitEnquiry = endpoint({
  id: 'enquiries.submit',
  api: 'site',
  domain: 'enquiries',
  auth: 'public',
  method: 'POST',
  path: 'enquiry/submit',
  request: ZEnquiryInput,
  response: lazy(() => z.object({ enquiryId: z.string() })),
  summary: "Ours, public: a visitor's enquiry about a tour package, a visa or anything; the site's staff get a mail.",
});

export const listEnquiries = endpoint({
  ...staff,
  id: 'enquiries.list',
  method: 'GET',
  path: 'enquiry/list',
  request: lazy(() => z.object({ ...listFilters(), ...paging() })),
  response: lazy(() =>
    z.object({ records: z.array(ZEnquiryRow), nextCursor: z.nullable(z.string()), counts: ZEnquiryCounts }),
  ),
  summary:
    "Ours: the site's enquiries, newest first (status / kind filters, search, cursor pages) and the count of each status.",
});

export const getEnquiry = endpoint({
  ...staff,
  id: 'enquiries.get',
  method: 'GET',
  path: 'enquiry/get',
  request: lazy(() => z.object({ id: zId() })),
  response: ZEnquiry,
  summary: 'Ours: one enquiry with its status history.',
});

export const updateEnquiryStatus = endpoint({
  ...staff,
  id: 'enquiries.updateStatus',
  method: 'POST',
  path: 'enquiry/updateStatus',
  request: lazy(() =>
    z.object({
      id: zId(),
      status: z.enum(ENQUIRY_STATUSES),
      note: zRemarks({ max: 1000 }),
      version: zVersion(),
    }),
  ),
  response: ZEnquiry,
  summary: 'Ours: moves an enquiry on (new → contacted → quoted → won | lost) with a note; audited.',
});

export const exportEnquiries = endpoint({
  ...staff,
  id: 'enquiries.export',
  method: 'GET',
  path: 'enquiry/export',
  request: lazy(() => z.object(listFilters())),
  response: ZExportJob,
  summary: 'Ours: starts the export of the filtered list as .xlsx, newest first (an export job).',
});

export const myEnquiries = endpoint({
  id: 'enquiries.mine',
  api: 'site',
  domain: 'enquiries',
  auth: 'user',
  method: 'GET',
  path: 'enquiry/mine',
  request: lazy(() => z.object(paging())),
  response: lazy(() => z.object({ records: z.array(ZMyEnquiry), nextCursor: z.nullable(z.string()) })),
  summary: 'Ours: the enquiries the signed-in user sent, newest first, with their status.',
});

export const enquiryEndpoints: Endpoint[] = [
  submitEnquiry,
  listEnquiries,
  getEnquiry,
  updateEnquiryStatus,
  exportEnquiries,
  myEnquiries,
];
