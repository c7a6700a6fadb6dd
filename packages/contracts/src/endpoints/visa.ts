/**
 * Visas (spec 000 §1 and 001 §2, §3, §6): destination countries → visa categories → one
 * checklist per nationality (rich text). docs/visas.md explains every choice the spec leaves open.
 *
 * - `visa/getVisaCategory` and `visa/getVisaChecklist` are the spec's public calls (paths and `countryName` /
 *   `categoryId` exactly as api.tsv). `visa/getVisaCountries` is ours: the public list behind the /visa landing
 *   page and the country switcher.
 * - Staff with `visa.manage` maintain the content through `visa/staff/*` (ours). Checklist html is sanitised
 *   when saved and again when read (the server's allow-list), and the SPA sanitises it once more when shown.
 * - A country's `_id` is its link name (`uae`, `schengen`), fixed when the country is created, so shared links
 *   keep working when the name is edited. `countryName` in getVisaCategory accepts that link name, the country's
 *   name or its ISO code, in any case.
 * - Saves of an existing record send the `version` the screen loaded: a record changed meanwhile is a 409.
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zId, zName, zPreprocess, zRemarks, zRichHtml, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';

/** Countries one site may list, categories one country may hold (each list is read whole: bounded on purpose). */
export const MAX_VISA_COUNTRIES = 250;
export const MAX_VISA_CATEGORIES = 50;
/** Checklist html: 100 KB, like every rich html field. */
export const MAX_CHECKLIST_HTML = 100 * 1024;
/** The nationality code of the checklist shown first (spec: "nationality code IN preferred"). */
export const PREFERRED_NATIONALITY = 'IN';

/** Our wording for visa answers the spec does not quote (its three texts are MSG). */
export const VISA_MSG = {
  countrySaved: 'Country saved',
  countryDeleted: 'Country deleted',
  categorySaved: 'Visa category saved',
  categoryDeleted: 'Visa category deleted',
  checklistSaved: 'Checklist saved',
  checklistDeleted: 'Checklist deleted',
  countryTaken: 'Another country already uses this link name',
  categoryTaken: 'This country already has a category with this name',
  checklistTaken: 'This category already has a checklist for this nationality; edit that one',
  countryHasCategories: 'Delete the visa categories of this country first',
  categoryHasChecklists: 'Delete the checklists of this category first',
  tooManyCountries: `A site can list at most ${MAX_VISA_COUNTRIES} visa countries`,
  tooManyCategories: `A country can have at most ${MAX_VISA_CATEGORIES} visa categories`,
  changedMeanwhile: 'Someone else changed this meanwhile; reload it and apply your change again',
  unknownCountry: 'Please choose a visa country of this site',
  unknownCategory: 'Please choose a visa category of this site',
  unknownChecklist: 'This checklist no longer exists; reload the list',
  unknownNationality: 'Please choose a valid nationality',
  emptyChecklist: 'Please write the checklist',
  invalidSlug: 'Use lower-case letters, digits and dashes only',
  invalidCountryCode: 'Please enter a two-letter ISO country code, or leave it empty',
  /** The label of the checklist that applies to every nationality without its own. */
  defaultNationality: 'All other nationalities',
} as const;

/** Link names and ids: lower-case letters, digits and dashes (24-hex ids we issue fit too). */
const VISA_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const zVisaId = (message: string = MSG.invalidReference) => zId(message).check(z.regex(VISA_ID, message));
/** A blank string reads as absent. */
const blankAsMissing = <T extends z.core.$ZodType>(schema: T) =>
  zPreprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), z.optional(schema));
const zVersion = () => z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000))));
/** ISO 3166-1 alpha-2, upper-cased; '' for none (Schengen) or for the default checklist. */
const zCountryCode = (message: string) =>
  z._default(
    z.string().check(z.trim(), z.toUpperCase(), z.maxLength(2, message), z.regex(/^(?:[A-Z]{2})?$/, message)),
    '',
  );

/** A link name made from a name: "United Arab Emirates" → "united-arab-emirates". */
export const visaSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');

// ---------------------------------------------------------------------------------------------------
// Records as the calls answer them

export const ZVisaCountry = lazy(() =>
  z.object({
    /** The link name (`/visa/{_id}`), fixed at creation. */
    _id: z.string(),
    countryName: z.string(),
    /** ISO alpha-2, '' when the destination is no single country (Schengen). */
    countryCode: z.string(),
    categoryCount: z.number(),
    version: z.number(),
    updatedAt: z.string(),
  }),
);
export type TVisaCountry = z.infer<typeof ZVisaCountry>;

export const ZVisaCategory = lazy(() =>
  z.object({
    _id: z.string(),
    visaCategory: z.string(),
    /** For the checklist link `/visa/{country}/{slug}/{_id}`. */
    slug: z.string(),
    countryId: z.string(),
    countryName: z.string(),
    /** One line for the visitor (stay, validity, entries, processing time). */
    summary: z.string(),
    /** Lower first in the list. */
    position: z.number(),
    checklistCount: z.number(),
    version: z.number(),
    updatedAt: z.string(),
  }),
);
export type TVisaCategory = z.infer<typeof ZVisaCategory>;

export const ZNationality = lazy(() => z.object({ _id: z.string(), countryCode: z.string(), countryName: z.string() }));

export const ZVisaChecklist = lazy(() =>
  z.object({
    _id: z.string(),
    categoryId: z.string(),
    /** The nationality it is for; null: every nationality without a checklist of its own. */
    nationality_countryId: z.nullable(ZNationality),
    /** Sanitised rich text. */
    html: z.string(),
    /** The fee per traveller in rupees (embassy and service provider), before the site's markup; 0: no online application. */
    fee: z.number(),
    /** The documents an application uploads for each traveller (docs/visas.md "Applications"). */
    documents: z.array(z.string()),
    version: z.number(),
    updatedAt: z.string(),
  }),
);
export type TVisaChecklist = z.infer<typeof ZVisaChecklist>;

const pub = { api: 'site', domain: 'visa', auth: 'public' } as const;
const staff = { api: 'site', domain: 'visa', auth: 'staff', permission: 'visa.manage' } as const;

// ---------------------------------------------------------------------------------------------------
// Public

export const getVisaCountries = endpoint({
  ...pub,
  id: 'visa.getVisaCountries',
  method: 'GET',
  path: 'visa/getVisaCountries',
  request: lazy(() => z.object({})),
  response: lazy(() => z.array(ZVisaCountry)),
  summary: 'Ours: the visa destination countries of the site, by name (the /visa landing page and switcher).',
});

export const getVisaCategory = endpoint({
  ...pub,
  id: 'visa.getVisaCategory',
  method: 'POST',
  path: 'visa/getVisaCategory',
  request: lazy(() => z.object({ countryName: zShortText() })),
  response: lazy(() => z.array(ZVisaCategory)),
  summary:
    "Visa categories of a destination country (its link name, name or ISO code); an unknown country is a 404 'Could not fetch visa categories'.",
});

export const getVisaChecklist = endpoint({
  ...pub,
  id: 'visa.getVisaChecklist',
  method: 'POST',
  path: 'visa/getVisaChecklist',
  request: lazy(() => z.object({ categoryId: zVisaId() })),
  response: lazy(() => z.array(ZVisaChecklist)),
  summary:
    "A category's checklists, one per nationality: IN first, then by name, the default last; [] when none (the page says 'No checklist found for this category').",
});

// ---------------------------------------------------------------------------------------------------
// Staff (ours)

export const ZSaveVisaCountry = lazy(() =>
  z.object({
    /** Present: edits that country (its link name). */
    id: blankAsMissing(zVisaId()),
    /** New countries only: the link name; absent, made from the name. */
    slug: blankAsMissing(zShortText({ max: 64 }).check(z.toLowerCase(), z.regex(VISA_ID, VISA_MSG.invalidSlug))),
    countryName: zName(),
    countryCode: zCountryCode(VISA_MSG.invalidCountryCode),
    version: zVersion(),
  }),
);

export const saveVisaCountry = endpoint({
  ...staff,
  id: 'visa.saveCountry',
  method: 'POST',
  path: 'visa/staff/saveCountry',
  request: ZSaveVisaCountry,
  response: ZVisaCountry,
  summary: 'Ours: adds a visa destination country, or renames one (`id`, with the `version` loaded).',
});

export const deleteVisaCountry = endpoint({
  ...staff,
  id: 'visa.deleteCountry',
  method: 'POST',
  path: 'visa/staff/deleteCountry',
  request: lazy(() => z.object({ id: zVisaId() })),
  response: lazy(() => z.object({ id: z.string() })),
  summary: 'Ours: deletes a country without visa categories (a 409 while it still has some).',
});

export const ZSaveVisaCategory = lazy(() =>
  z.object({
    id: blankAsMissing(zVisaId()),
    /** The country (new categories; a category stays in its country). */
    countryId: zVisaId(VISA_MSG.unknownCountry),
    visaCategory: zName(),
    summary: z._default(zRemarks({ max: 300, required: false }), ''),
    position: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(999)), 0),
    version: zVersion(),
  }),
);

export const saveVisaCategory = endpoint({
  ...staff,
  id: 'visa.saveCategory',
  method: 'POST',
  path: 'visa/staff/saveCategory',
  request: ZSaveVisaCategory,
  response: ZVisaCategory,
  summary: 'Ours: adds a visa category to a country, or edits one (`id`, with the `version` loaded).',
});

export const deleteVisaCategory = endpoint({
  ...staff,
  id: 'visa.deleteCategory',
  method: 'POST',
  path: 'visa/staff/deleteCategory',
  request: lazy(() => z.object({ id: zVisaId() })),
  response: lazy(() => z.object({ id: z.string() })),
  summary: 'Ours: deletes a visa category without checklists (a 409 while it still has some).',
});

export const ZSaveVisaChecklist = lazy(() =>
  z.object({
    categoryId: zVisaId(VISA_MSG.unknownCategory),
    /** ISO alpha-2 of the nationality; '' for the default checklist (every other nationality). */
    nationality: zCountryCode(VISA_MSG.unknownNationality),
    html: zRichHtml(MAX_CHECKLIST_HTML),
    /** The fee per traveller in rupees before the site's markup; 0 (default): applications are not taken online. */
    fee: z._default(
      z.coerce.number().check(z.minimum(0, MSG.invalidValue), z.maximum(10_000_000, MSG.invalidValue)),
      0,
    ),
    /** The documents each traveller uploads ("Passport", "Photo", …); none: Passport and Photo. */
    documents: z._default(
      z.array(zShortText({ max: 60 })).check(z.maxLength(12, 'At most 12 documents per checklist')),
      [],
    ),
    /** Absent: a new checklist (a 409 when the nationality already has one); else the version loaded. */
    version: zVersion(),
  }),
);

export const saveVisaChecklist = endpoint({
  ...staff,
  id: 'visa.saveChecklist',
  method: 'POST',
  path: 'visa/staff/saveChecklist',
  request: ZSaveVisaChecklist,
  response: ZVisaChecklist,
  summary: "Ours: writes a category's checklist for one nationality (html sanitised before it is stored).",
});

export const deleteVisaChecklist = endpoint({
  ...staff,
  id: 'visa.deleteChecklist',
  method: 'POST',
  path: 'visa/staff/deleteChecklist',
  request: lazy(() =>
    z.object({
      categoryId: zVisaId(VISA_MSG.unknownCategory),
      nationality: zCountryCode(VISA_MSG.unknownNationality),
    }),
  ),
  response: lazy(() => z.object({ categoryId: z.string(), nationality: z.string() })),
  summary: "Ours: deletes a category's checklist for one nationality ('' the default one).",
});

export const visaEndpoints: Endpoint[] = [
  getVisaCountries,
  getVisaCategory,
  getVisaChecklist,
  saveVisaCountry,
  deleteVisaCountry,
  saveVisaCategory,
  deleteVisaCategory,
  saveVisaChecklist,
  deleteVisaChecklist,
];
