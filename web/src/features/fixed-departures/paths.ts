/** The public print of a fixed-departure booking (spec 000 §2: /flight/fixedDeparture/print/{fdSlug}). */
export const printPath = (slug: string): string => `/flight/fixedDeparture/print/${encodeURIComponent(slug)}`;
