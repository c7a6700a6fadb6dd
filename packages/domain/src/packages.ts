/**
 * Tour packages (docs/packages.md): the rules a package must keep, the duration bands the
 * traveller filters by, and the name shown in its address. Pure: the contract, the Lambda and the screens share it.
 */

/** Longest package we sell (days); an itinerary has one entry per day. */
export const MAX_PACKAGE_DAYS = 30;
/** Inclusions or exclusions of one package. */
export const MAX_PACKAGE_POINTS = 30;
/** Pictures of one package. */
export const MAX_PACKAGE_IMAGES = 12;

export const PACKAGE_MSG = {
  saved: 'Package saved',
  deleted: 'Package deleted',
  imageAdded: 'Image added',
  imageDeleted: 'Image deleted',
  imagesOrdered: 'Image order saved',
  notFound: 'This package is not available',
  changedMeanwhile: 'This package was changed by someone else meanwhile; reload it and apply your changes again',
  versionRequired: 'Reload the package before saving it',
  nightsRange: 'Nights must be the days or one less',
  itineraryDays: (days: number) => `Add the itinerary of each of the ${days} days`,
  tooManyImages: `A package holds at most ${MAX_PACKAGE_IMAGES} images`,
  unknownImage: 'This image is no longer on the package; reload it',
  imageOrder: 'List every image of the package once',
  priceRange: 'Minimum price cannot be more than maximum price',
} as const;

/** Duration bands of the list filter (days, inclusive). */
export const DURATION_BANDS = {
  short: { label: 'Up to 4 days', min: 1, max: 4 },
  medium: { label: '5 to 7 days', min: 5, max: 7 },
  long: { label: '8 days or more', min: 8, max: MAX_PACKAGE_DAYS },
} as const;
export type DurationBand = keyof typeof DURATION_BANDS;
export const DURATION_BAND_KEYS = Object.keys(DURATION_BANDS) as DurationBand[];

/**
 * The `{packageName}` of `/packages/{packageName}/{_id}`: lower-case words joined by dashes. Only the id finds a
 * package; the name is for people and search engines, so a renamed package's old links keep working.
 */
export function packageSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'package';
}

/** "5 Days / 4 Nights". */
export const durationLabel = (days: number, nights: number): string =>
  `${days} ${days === 1 ? 'Day' : 'Days'} / ${nights} ${nights === 1 ? 'Night' : 'Nights'}`;

/** The rule errors of a package's duration and itinerary, by field path (empty: none). */
export function packageErrors(p: {
  days: number;
  nights: number;
  itinerary: readonly unknown[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (p.nights !== p.days && p.nights !== p.days - 1) errors.nights = PACKAGE_MSG.nightsRange;
  if (p.itinerary.length !== p.days) errors.itinerary = PACKAGE_MSG.itineraryDays(p.days);
  return errors;
}

/** Whether `order` names each of `keys` exactly once. */
export function isPermutation(order: readonly string[], keys: readonly string[]): boolean {
  if (order.length !== keys.length) return false;
  const want = new Set(keys);
  return new Set(order).size === order.length && order.every((k) => want.has(k));
}
