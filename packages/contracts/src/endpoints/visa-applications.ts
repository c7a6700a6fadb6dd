/**
 * Visa applications (ours; docs/visas.md "Applications"): from a checklist, a traveller or agent applies for one or
 * more travellers, uploads the documents the checklist names, and pays the fee once; staff work the applications in
 * a queue (request a document again, lodge with the embassy, attach the issued visa, approve or reject) and a
 * rejected or cancelled application gives back what the site's terms say, once.
 *
 * - Documents are private: never under /media. `documentLink` (the applicant's side or staff) issues a link that
 *   works for a few minutes; `document` answers the file for that link only.
 * - Every change answers the whole application, with the `version` the next change may send.
 */
import * as z from 'zod/mini';
import { VISA_APPLICATION_STATUSES, type MarkupType, type VisaApplicationStatus } from '@tp/domain/visa-applications';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zId, zName, zPreprocess, zRemarks, zShortText, zToken } from '../fields.ts';
import { lazy } from '../lazy.ts';
import * as MSG from '../messages.ts';
import { zDocumentUpload } from '../media.ts';

export { VISA_APPLICATION_STATUSES, type VisaApplicationStatus };

/** Travellers one application may carry. */
export const MAX_VISA_TRAVELLERS = 9;
/** How long a document link works. */
export const VISA_DOCUMENT_LINK_SECONDS = 300;
export const VISA_QUEUE_PAGE_SIZE = 20;

export const VISA_APP_MSG = {
  started: 'Application started: upload the documents, then pay the fee',
  uploaded: 'Document uploaded',
  paid: 'Fee paid: your application is submitted',
  cancelled: 'Application cancelled',
  documentRequested: 'Document requested from the applicant',
  lodged: 'Embassy reference recorded',
  visaAttached: 'Visa attached',
  approved: 'Application approved',
  rejected: 'Application rejected',
  settingsSaved: 'Visa terms saved',
  notFound: 'Visa application not found',
  noChecklist: 'This visa has no checklist for that nationality; choose another nationality or ask us',
  noFee: 'This visa cannot be applied for online yet; send us an enquiry instead',
  travelPast: 'Travel cannot start in the past',
  travelOrder: 'Return must be on or after the start of travel',
  passportExpiry: 'The passport must be valid for six months after the return date',
  birthFuture: 'Date of birth must be in the past',
  unknownDocument: 'The checklist does not ask for this document',
  unknownTraveller: 'Please choose a traveller of this application',
  documentsMissing: (n: number) => `Upload the ${n} document${n === 1 ? '' : 's'} still missing before paying`,
  notNow: (status: string) => `Not possible while the application is ${status.toLowerCase()}`,
  changedMeanwhile: 'The application changed meanwhile; reload it and try again',
  insufficient: 'Your wallet and credit do not cover the visa fee; add money and pay again',
  /** The fee through the site's payment gateway (docs/visas.md "Paying once"). */
  paymentStarted: 'Continue to the payment page',
  paymentPending: 'We are confirming the payment with the gateway; this takes a few seconds',
  paymentReceived: 'Payment received: your application is submitted',
  linkExpired: 'This document link has expired; open the document again',
  visaMissing: 'Attach the issued visa of every traveller before approving',
  embassyReference: 'Please enter the embassy reference',
  noteRequired: 'Please say what is wrong with the document',
} as const;

/** The documents a checklist names, when staff list none: what every embassy asks for. */
export const DEFAULT_VISA_DOCUMENTS = ['Passport', 'Photo'] as const;

const zDay = () =>
  zPreprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MSG.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)),
  );
const zVersion = () => z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)));
const zApplicationId = () => zId(VISA_APP_MSG.notFound);
const zTraveller = () => z.number().check(z.int(), z.minimum(0), z.maximum(MAX_VISA_TRAVELLERS - 1));
const zDocumentName = () => zShortText({ max: 60 });
/** A passport number: letters and digits (6–12), upper-cased. */
const zPassport = () =>
  zShortText({ max: 12 }).check(
    z.toUpperCase(),
    z.regex(/^[A-Z0-9]{6,12}$/, 'Please enter the passport number (6 to 12 letters and digits)'),
  );

// ---------------------------------------------------------------------------------------------------
// Records as the calls answer them

export const ZVisaTraveller = lazy(() =>
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    passportNumber: z.string(),
    passportExpiry: z.string(),
    dateOfBirth: z.string(),
  }),
);

export const ZVisaDocument = lazy(() =>
  z.object({
    documentId: z.string(),
    traveller: z.number(),
    /** The checklist's name of the document ("Passport", "Photo"), or "Visa" for the issued visa. */
    document: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    bytes: z.number(),
    uploadedAt: z.string(),
    /** Staff asked for it again: the applicant replaces it. */
    requested: z.boolean(),
    requestNote: z.string(),
  }),
);

export const ZVisaApplication = lazy(() =>
  z.object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(VISA_APPLICATION_STATUSES),
    version: z.number(),
    userId: z.string(),
    userName: z.string(),
    countryId: z.string(),
    countryName: z.string(),
    categoryId: z.string(),
    visaCategory: z.string(),
    nationality: z.string(),
    nationalityName: z.string(),
    travelFrom: z.string(),
    travelTo: z.string(),
    travellers: z.array(ZVisaTraveller),
    /** The documents the checklist asks each traveller for. */
    requiredDocuments: z.array(z.string()),
    documents: z.array(ZVisaDocument),
    /** The issued visas, one per traveller. */
    visas: z.array(ZVisaDocument),
    missing: z.array(z.object({ traveller: z.number(), document: z.string() })),
    fee: z.object({
      feePerTraveller: z.number(),
      travellers: z.number(),
      net: z.number(),
      markup: z.number(),
      total: z.number(),
      currency: z.string(),
    }),
    paidAmount: z.number(),
    paidAt: z.nullable(z.string()),
    /** Ours: how the fee was paid (the refund goes back the same way); absent on applications paid before. */
    paidBy: z.optional(z.nullable(z.enum(['wallet', 'gateway']))),
    refundedAmount: z.number(),
    embassyReference: z.string(),
    decisionNote: z.string(),
    decidedAt: z.nullable(z.string()),
    /** When the documents were deleted (the site's retention after the decision). */
    documentsDeletedAt: z.nullable(z.string()),
    invoiceId: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Ours, `pay` by gateway only: the payment page to send the payer to (the fee is taken once it is verified). */
    redirectTo: z.optional(z.nullable(z.string())),
  }),
);
export type TVisaApplication = z.infer<typeof ZVisaApplication>;

export const ZVisaTerms = lazy(() =>
  z.object({
    markupType: z.enum(['percentage', 'fixed'] satisfies MarkupType[]),
    markupValue: z.number().check(z.minimum(0), z.maximum(1_000_000)),
    refundPercentOnRejection: z.number().check(z.minimum(0), z.maximum(100)),
    refundPercentOnCancellation: z.number().check(z.minimum(0), z.maximum(100)),
    documentRetentionDays: z.number().check(z.int(), z.minimum(0), z.maximum(3650)),
  }),
);
export type TVisaTerms = z.infer<typeof ZVisaTerms>;

const signedIn = { api: 'site', domain: 'visa', auth: 'user' } as const;
const staff = { api: 'site', domain: 'visa', auth: 'staff', permission: 'visa.applications' } as const;

// ---------------------------------------------------------------------------------------------------
// The applicant's side

export const startVisaApplication = endpoint({
  ...signedIn,
  id: 'visa.startApplication',
  method: 'POST',
  path: 'visa/applications/start',
  request: lazy(() =>
    z.object({
      categoryId: zId(MSG.invalidReference),
      nationality: zShortText({ max: 2 }).check(z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'Please choose a nationality')),
      travelFrom: zDay(),
      travelTo: zDay(),
      travellers: z
        .array(
          z.object({
            firstName: zName(),
            lastName: zName(),
            passportNumber: zPassport(),
            passportExpiry: zDay(),
            dateOfBirth: zDay(),
          }),
        )
        .check(
          z.minLength(1, 'Add at least one traveller'),
          z.maxLength(MAX_VISA_TRAVELLERS, `At most ${MAX_VISA_TRAVELLERS} travellers per application`),
        ),
      /** One per visit of the form: a second submit answers the same application. */
      idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.invalidReference)),
    }),
  ),
  response: ZVisaApplication,
  summary:
    'Ours: starts a visa application (draft) for one or more travellers, priced from the checklist and the site terms.',
});

export const getVisaApplication = endpoint({
  ...signedIn,
  id: 'visa.getApplication',
  method: 'POST',
  path: 'visa/applications/get',
  request: lazy(() => z.object({ applicationId: zApplicationId() })),
  response: ZVisaApplication,
  summary: "Ours: one application, for its applicant's side or staff.",
});

export const myVisaApplications = endpoint({
  ...signedIn,
  id: 'visa.myApplications',
  method: 'POST',
  path: 'visa/applications/mine',
  request: lazy(() => z.object({ cursor: z.optional(zCursor()) })),
  response: lazy(() => z.object({ records: z.array(ZVisaApplication), nextCursor: z.nullable(z.string()) })),
  summary: "Ours: the caller's applications, newest first, a page at a time.",
});

export const uploadVisaDocument = endpoint({
  ...signedIn,
  id: 'visa.uploadDocument',
  method: 'POST',
  path: 'visa/applications/uploadDocument',
  request: lazy(() =>
    z.object({
      applicationId: zApplicationId(),
      version: zVersion(),
      traveller: zTraveller(),
      document: zDocumentName(),
      file: zDocumentUpload,
    }),
  ),
  response: ZVisaApplication,
  summary: 'Ours: uploads (or replaces) one document of a traveller: PDF, JPEG or PNG, checked from its bytes.',
});

export const payVisaApplication = endpoint({
  ...signedIn,
  id: 'visa.payApplication',
  method: 'POST',
  path: 'visa/applications/pay',
  request: lazy(() =>
    z.object({
      applicationId: zApplicationId(),
      /** wallet (default): the wallet and credit line, at once; gateway: the site's payment gateway (ours). */
      method: z._default(z.enum(['wallet', 'gateway']), 'wallet'),
    }),
  ),
  response: ZVisaApplication,
  summary:
    "Ours: pays the fee once from the wallet (and credit line) or through the site's gateway (`redirectTo`; taken when verified) and submits the application; invoiced with its SAC.",
});

export const cancelVisaApplication = endpoint({
  ...signedIn,
  id: 'visa.cancelApplication',
  method: 'POST',
  path: 'visa/applications/cancel',
  request: lazy(() => z.object({ applicationId: zApplicationId(), reason: zRemarks({ required: false }) })),
  response: ZVisaApplication,
  summary: "Ours: the applicant cancels before lodging; the site's terms say what is refunded (once).",
});

export const visaDocumentLink = endpoint({
  ...signedIn,
  id: 'visa.documentLink',
  method: 'POST',
  path: 'visa/applications/documentLink',
  request: lazy(() => z.object({ applicationId: zApplicationId(), documentId: zId() })),
  response: lazy(() => z.object({ token: z.string(), expiresAt: z.string() })),
  summary: 'Ours: a link to one document that works for a few minutes (the applicant side and staff only).',
});

export const visaDocument = endpoint({
  api: 'site',
  domain: 'visa',
  auth: 'public',
  id: 'visa.document',
  method: 'GET',
  path: 'visa/applications/document',
  request: lazy(() => z.object({ token: zToken() })),
  response: lazy(() => z.object({ fileName: z.string(), contentType: z.string(), dataBase64: z.string() })),
  summary: 'Ours: the document a short-lived link names (the link is its only credential; it expires in minutes).',
});

// ---------------------------------------------------------------------------------------------------
// Staff

export const ZVisaQueue = lazy(() =>
  z.object({
    records: z.array(ZVisaApplication),
    statuses: z.array(z.object({ status: z.enum(VISA_APPLICATION_STATUSES), count: z.number() })),
    nextCursor: z.nullable(z.string()),
    /** The site's visa terms, shown above the queue (staff holding `visa.manage` edit them). */
    terms: ZVisaTerms,
  }),
);

export const visaQueue = endpoint({
  ...staff,
  id: 'visa.queue',
  method: 'POST',
  path: 'visa/staff/applications',
  request: lazy(() =>
    z.object({ status: z._default(z.enum(VISA_APPLICATION_STATUSES), 'submitted'), cursor: z.optional(zCursor()) }),
  ),
  response: ZVisaQueue,
  summary:
    "Ours: the applications of one status, last changed first, with the count of every status (counters) and the site's visa terms.",
});

export const attachVisa = endpoint({
  ...staff,
  id: 'visa.attachVisa',
  method: 'POST',
  path: 'visa/staff/attachVisa',
  request: lazy(() =>
    z.object({ applicationId: zApplicationId(), version: zVersion(), traveller: zTraveller(), file: zDocumentUpload }),
  ),
  response: ZVisaApplication,
  summary: 'Ours: attaches the issued visa of one traveller to a lodged application.',
});

/** The statuses staff move an application to; each says what it needs (docs/visas.md "Applications"). */
export const VISA_STAFF_MOVES = ['documentsRequested', 'lodged', 'approved', 'rejected', 'cancelled'] as const;

export const setVisaStatus = endpoint({
  ...staff,
  id: 'visa.setStatus',
  method: 'POST',
  path: 'visa/staff/setStatus',
  request: lazy(() =>
    z.object({
      applicationId: zApplicationId(),
      version: zVersion(),
      status: z.enum(VISA_STAFF_MOVES),
      /** To the applicant: what is wrong with the document asked for, or the reason of a decision. */
      note: z._default(zRemarks({ max: 500, required: false }), ''),
      /** `lodged`: the embassy's reference. */
      embassyReference: z._default(zShortText({ max: 60, required: false }), ''),
      /** `documentsRequested`: the traveller and the document asked for again. */
      traveller: z.optional(zTraveller()),
      document: z.optional(zDocumentName()),
    }),
  ),
  response: ZVisaApplication,
  summary:
    "Ours: staff move an application: ask for a document again (with a note, mailed), lodge it (the embassy reference), approve it (every visa attached), reject or cancel it (the site's terms refunded once).",
});

export const saveVisaTerms = endpoint({
  ...staff,
  permission: 'visa.manage',
  id: 'visa.saveTerms',
  method: 'POST',
  path: 'visa/staff/saveTerms',
  request: ZVisaTerms,
  response: ZVisaTerms,
  summary: "Ours: saves the site's visa terms (audited).",
});

export const visaApplicationEndpoints: Endpoint[] = [
  startVisaApplication,
  getVisaApplication,
  myVisaApplications,
  uploadVisaDocument,
  payVisaApplication,
  cancelVisaApplication,
  visaDocumentLink,
  visaDocument,
  visaQueue,
  attachVisa,
  setVisaStatus,
  saveVisaTerms,
];
