/**
 * Tour packages (docs/packages.md). api.tsv names no package calls, so the paths are ours.
 * Served by the packages Lambda (functions/src/packages).
 *
 * - Travellers and agents (any signed-in user; staff with `packages.view`) list and read the packages of their
 *   site plus the packages its approved TourPackages suppliers mark for supply (`packages/list`, `packages/get`).
 * - Staff with `packages.manage` keep their own site's packages (`packages/staff/*`) and pictures
 *   (`packages/images/*`); a save names the `version` it loaded (someone saved meanwhile: 409).
 * - Lists are cursor pages (`{ records, nextCursor }`), by title.
 */
import * as z from 'zod/mini';
import {
  DURATION_BAND_KEYS,
  MAX_PACKAGE_DAYS,
  MAX_PACKAGE_IMAGES,
  MAX_PACKAGE_POINTS,
  PACKAGE_MSG,
} from '@tp/domain/packages';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zId, zLongText, zName, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { IMAGE_TYPES, zImageUpload } from '../media.ts';
import * as MSG from '../messages.ts';
import { blankAsMissing, pageOf } from './dmc-common.ts';

export { PACKAGE_MSG };

const reader = { domain: 'packages', auth: 'user', permission: 'packages.view', api: 'site' } as const;
const manager = { domain: 'packages', auth: 'staff', permission: 'packages.manage', api: 'site' } as const;

/** Highest price a package may carry or a filter may ask for. */
export const MAX_PACKAGE_PRICE = 100_000_000;

const zPrice = (message: string = MSG.invalidValue) =>
  z.coerce
    .number({ error: message })
    .check(
      z.refine(Number.isFinite, message),
      z.minimum(0, 'Amount cannot be negative'),
      z.maximum(MAX_PACKAGE_PRICE, MSG.tooLarge(MAX_PACKAGE_PRICE)),
    );
const zCount = (min: number, max: number) =>
  z.coerce.number({ error: MSG.invalidValue }).check(z.int(MSG.invalidValue), z.minimum(min), z.maximum(max));
const zVersion = () => z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000))));
/** Keys of stored pictures (functions/src/lib/media.ts): `<site>/packages/<id>/<random>.<ext>`. */
const zImageKey = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.maxLength(300),
      z.regex(/^[A-Za-z0-9/_.-]+$/, MSG.invalidReference),
    );
const zCaption = () => z._default(zShortText({ max: 100, required: false }), '');
const zPoints = () =>
  z._default(
    z.array(zShortText({ max: 100 })).check(z.maxLength(MAX_PACKAGE_POINTS, MSG.tooLong(MAX_PACKAGE_POINTS))),
    [],
  );

// ---------------------------------------------------------------------------------------------------
// Answers

export const ZPackageImage = lazy(() =>
  z.object({
    key: z.string(),
    url: z.string(),
    width: z.number(),
    height: z.number(),
    contentType: z.enum(IMAGE_TYPES),
    bytes: z.number(),
    caption: z.string(),
  }),
);
export type TPackageImage = z.infer<typeof ZPackageImage>;

export const ZItineraryDay = lazy(() => z.object({ day: z.number(), title: z.string(), description: z.string() }));

/** Where a package comes from for the caller's site: its own, or a supplier's (then named). */
const source = () => ({ supplierName: z.nullable(z.string()) });

/** A card of the list. */
export const ZPackageCard = lazy(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    destination: z.string(),
    days: z.number(),
    nights: z.number(),
    price: z.number(),
    currency: z.string(),
    priceBasis: z.string(),
    image: z.nullable(ZPackageImage),
    ...source(),
  }),
);
export type TPackageCard = z.infer<typeof ZPackageCard>;

export const ZPackage = lazy(() =>
  z.object({
    id: z.string(),
    version: z.number(),
    slug: z.string(),
    title: z.string(),
    destination: z.string(),
    days: z.number(),
    nights: z.number(),
    price: z.number(),
    currency: z.string(),
    priceBasis: z.string(),
    overview: z.string(),
    itinerary: z.array(ZItineraryDay),
    inclusions: z.array(z.string()),
    exclusions: z.array(z.string()),
    images: z.array(ZPackageImage),
    /** Shown to travellers; a hidden package is the staff's draft. */
    isActive: z.boolean(),
    /** Offered to consumer sites linked to this site with the TourPackages category. */
    forSupply: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ...source(),
  }),
);
export type TPackage = z.infer<typeof ZPackage>;

/** A row of the staff list. */
export const ZPackageRow = lazy(() =>
  z.object({
    id: z.string(),
    version: z.number(),
    slug: z.string(),
    title: z.string(),
    destination: z.string(),
    days: z.number(),
    nights: z.number(),
    price: z.number(),
    currency: z.string(),
    isActive: z.boolean(),
    forSupply: z.boolean(),
    imageCount: z.number(),
    updatedAt: z.string(),
  }),
);
export type TPackageRow = z.infer<typeof ZPackageRow>;

// ---------------------------------------------------------------------------------------------------
// Requests

const paging = () => ({
  cursor: z.optional(zCursor()),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 12),
});

export const ZPackageFilter = lazy(() =>
  z
    .object({
      /** Part of the destination or title, any case. */
      destination: blankAsMissing(zShortText({ max: 60 })),
      duration: blankAsMissing(z.enum(DURATION_BAND_KEYS)),
      minPrice: blankAsMissing(zPrice()),
      maxPrice: blankAsMissing(zPrice()),
      ...paging(),
    })
    .check(
      z.refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
        message: PACKAGE_MSG.priceRange,
        path: ['maxPrice'],
      }),
    ),
);

export const ZItineraryDayInput = lazy(() =>
  z.object({ title: zName(), description: z._default(zLongText(3000, { required: false }), '') }),
);

export const ZPackageInput = lazy(() =>
  z.object({
    /** Present: edits that package of the site (then `version` is required). */
    id: blankAsMissing(zId()),
    version: zVersion(),
    title: zName(),
    destination: zName(),
    days: zCount(1, MAX_PACKAGE_DAYS),
    nights: zCount(0, MAX_PACKAGE_DAYS),
    price: z.pipe(zPrice('Please enter a valid amount'), z.number().check(z.positive('Price must be greater than 0'))),
    currency: z._default(zShortText({ max: 3 }).check(z.toUpperCase(), z.regex(/^[A-Z]{3}$/, MSG.invalidValue)), 'INR'),
    priceBasis: z._default(zShortText({ max: 60, required: false }), 'per person'),
    overview: z._default(zLongText(4000, { required: false }), ''),
    itinerary: z.array(ZItineraryDayInput).check(z.maxLength(MAX_PACKAGE_DAYS)),
    inclusions: zPoints(),
    exclusions: zPoints(),
    isActive: z._default(z.boolean(), true),
    forSupply: z._default(z.boolean(), false),
  }),
);
export type TPackageInput = z.input<typeof ZPackageInput>;

const packageRef = lazy(() => z.object({ id: zId() }));

// ---------------------------------------------------------------------------------------------------
// Endpoints

export const listPackages = endpoint({
  ...reader,
  id: 'packages.list',
  method: 'GET',
  path: 'packages/list',
  request: ZPackageFilter,
  response: lazy(() => pageOf(ZPackageCard)),
  summary:
    "Active packages of the site, then its TourPackages suppliers' packages marked for supply; filters: destination, duration band, price.",
});

export const getPackage = endpoint({
  ...reader,
  id: 'packages.get',
  method: 'GET',
  path: 'packages/get',
  request: packageRef,
  response: ZPackage,
  summary: "One active package of the site or of one of its TourPackages suppliers' supply (day-by-day itinerary).",
});

export const destinations = endpoint({
  ...reader,
  id: 'packages.destinations',
  method: 'GET',
  path: 'packages/destinations',
  request: lazy(() => z.object({})),
  response: lazy(() => z.array(z.string())),
  summary: 'The destinations of the packages the caller may see (the list filter).',
});

export const staffListPackages = endpoint({
  ...manager,
  id: 'packages.staffList',
  method: 'GET',
  path: 'packages/staff/list',
  request: lazy(() => z.object({ search: blankAsMissing(zShortText({ max: 60 })), ...paging() })),
  response: lazy(() => pageOf(ZPackageRow)),
  summary: "The site's own packages, hidden ones included, by title (search: title or destination).",
});

export const staffGetPackage = endpoint({
  ...manager,
  id: 'packages.staffGet',
  method: 'GET',
  path: 'packages/staff/get',
  request: packageRef,
  response: ZPackage,
  summary: 'One package of the site for its editor, hidden or not.',
});

export const savePackage = endpoint({
  ...manager,
  id: 'packages.save',
  method: 'POST',
  path: 'packages/staff/save',
  request: ZPackageInput,
  response: ZPackage,
  summary: 'Creates or edits a package (one itinerary entry per day; nights = days or days − 1).',
});

export const deletePackage = endpoint({
  ...manager,
  id: 'packages.delete',
  method: 'POST',
  path: 'packages/staff/delete',
  request: lazy(() => z.object({ id: zId(), version: zVersion() })),
  response: lazy(() => z.object({ id: z.string() })),
  summary: 'Deletes a package and its pictures.',
});

export const addPackageImage = endpoint({
  ...manager,
  id: 'packages.addImage',
  method: 'POST',
  path: 'packages/images/add',
  request: lazy(() => z.object({ id: zId(), image: zImageUpload, caption: zCaption() })),
  response: ZPackage,
  summary: `Adds a picture (resized in the browser, checked and stored by the server) at the end; at most ${MAX_PACKAGE_IMAGES}.`,
});

export const orderPackageImages = endpoint({
  ...manager,
  id: 'packages.orderImages',
  method: 'POST',
  path: 'packages/images/order',
  request: lazy(() => z.object({ id: zId(), keys: z.array(zImageKey()).check(z.maxLength(MAX_PACKAGE_IMAGES)) })),
  response: ZPackage,
  summary: 'Puts the pictures in this order (every picture once); the first is the cover.',
});

export const deletePackageImage = endpoint({
  ...manager,
  id: 'packages.deleteImage',
  method: 'POST',
  path: 'packages/images/delete',
  request: lazy(() => z.object({ id: zId(), key: zImageKey() })),
  response: ZPackage,
  summary: 'Removes a picture from the package and the store.',
});

export const packagesEndpoints: Endpoint[] = [
  listPackages,
  getPackage,
  destinations,
  staffListPackages,
  staffGetPackage,
  savePackage,
  deletePackage,
  addPackageImage,
  orderPackageImages,
  deletePackageImage,
];
