/**
 * What a signed-in user can book (docs/fixed-departures.md "Search and price"): this site's departures and
 * those of supplier sites linked with the FixedDeparture category, priced for the caller on the server with
 * the fixed-departure markup of its customer group (and, for a supplier's seat, the supplier's markup for
 * this site first). No client price is ever trusted: the order is built from `quoteParty`.
 */
import * as api from '@tp/contracts/endpoints/fixed-departures';
import { FD_LIMITS, FD_TEXT, type TFdOffer } from '@tp/contracts/endpoints/fixed-departures';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import {
  FD_MSG,
  fdSector,
  isOnSale,
  partyProblem,
  priceFixedDeparture,
  seatsFor,
  type PaxCounts,
} from '@tp/domain/fixed-departures';
import { round2, type MarkupRule, type PricedFare, type PricedPaxFare } from '@tp/domain/pricing';
import { decodeCursor } from '#lib/db';
import { fail } from '#lib/errors';
import { answers, type OperationRun, type SignedInScope } from '#lib/answers';
import { asSiteId, type SiteId } from '#lib/keys';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { fixedDepartureRules } from '../markup/index.ts';
import { activeSupplierLinks } from '../suppliers/index.ts';
import { isInternational } from './booking.ts';
import * as repo from './repo.ts';
import type { DepartureRecord } from './repo.ts';
import { fdKeys } from './keys.ts';

type In<E> = ParsedRequestOf<E>;
type Caller = Pick<SignedInScope, 'site' | 'principal' | 'now'>;

/** Where departures come from: this site, or a supplier site through an active link. */
interface Source {
  site: SiteRecord;
  /** Null for this site's own inventory. */
  supplierSiteId: SiteId | null;
  /** Our legal entity on the supplier site (whose group the supplier prices us with). */
  consumerLegalEntityId: string | null;
}

async function supplierSources(site: SiteRecord): Promise<Source[]> {
  const links = await activeSupplierLinks(site.siteId, 'FixedDeparture');
  const sources = await Promise.all(
    links
      .filter((l) => l.supplierSiteId !== site.siteId)
      .map(async (l): Promise<Source | null> => {
        const supplier = await siteById(l.supplierSiteId);
        return supplier
          ? { site: supplier, supplierSiteId: l.supplierSiteId, consumerLegalEntityId: l.consumerLegalEntityId }
          : null;
      }),
  );
  return sources.filter((s): s is Source => !!s);
}

/** The caller's own site, or the linked supplier it names (anything else: not found, never another site's data). */
async function sourceOf(site: SiteRecord, supplierSiteId: string | null | undefined): Promise<Source> {
  if (!supplierSiteId || supplierSiteId === site.siteId)
    return { site, supplierSiteId: null, consumerLegalEntityId: null };
  const found = (await supplierSources(site)).find((s) => s.supplierSiteId === supplierSiteId);
  if (!found) throw fail.notFound(FD_TEXT.notFound);
  return found;
}

/** The markup rules a caller is priced with, per source (read once per request). */
interface Pricing {
  own: Record<string, MarkupRule>;
  bySupplier: Map<SiteId, Record<string, MarkupRule>>;
}

async function pricingFor(caller: Caller, sources: Source[]): Promise<Pricing> {
  const [own, ...supplierRules] = await Promise.all([
    fixedDepartureRules(caller.site, caller.principal.legalEntityId),
    ...sources.map((s) =>
      s.supplierSiteId ? fixedDepartureRules(s.site, s.consumerLegalEntityId ?? '') : Promise.resolve({}),
    ),
  ]);
  const bySupplier = new Map<SiteId, Record<string, MarkupRule>>();
  sources.forEach((s, i) => s.supplierSiteId && bySupplier.set(s.supplierSiteId, supplierRules[i] ?? {}));
  return { own: own ?? {}, bySupplier };
}

export interface PartyPrice {
  fare: PricedFare;
  fareBreakdown: PricedPaxFare[];
  /** What the departure's owner is paid: our price for own seats, the supplier's price to us for a supplier's. */
  ownerAmount: number;
}

function priceParty(d: DepartureRecord, source: Source, pricing: Pricing, c: PaxCounts): PartyPrice {
  const sector = fdSector(d.flights);
  const own = pricing.own[sector] ?? null;
  if (!source.supplierSiteId) {
    const priced = priceFixedDeparture(d.fares, c, d.currency, own);
    return { ...priced, ownerAmount: priced.fare.totalPayable };
  }
  const supplierRule = pricing.bySupplier.get(source.supplierSiteId)?.[sector] ?? null;
  const priced = priceFixedDeparture(d.fares, c, d.currency, own, supplierRule);
  const toUs = priceFixedDeparture(d.fares, c, d.currency, supplierRule);
  return { ...priced, ownerAmount: toUs.fare.totalPayable };
}

function offerOf(d: DepartureRecord, source: Source, pricing: Pricing): TFdOffer {
  // What each passenger adds to a party: an adult alone, then a child or an infant with that adult.
  const total = (children: number, infants: number) =>
    priceParty(d, source, pricing, { adults: 1, children, infants }).fare.totalPayable;
  const adult = total(0, 0);
  const prices = { adult, child: round2(total(1, 0) - adult), infant: round2(total(0, 1) - adult) };
  return {
    id: d.id,
    supplierSiteId: source.supplierSiteId,
    title: d.title,
    sector: fdSector(d.flights),
    flights: d.flights,
    seatsLeft: d.seatsLeft,
    currency: d.currency,
    prices,
    isRefundable: d.isRefundable,
    isPassportRequired: isInternational(d),
    saleUntil: d.saleUntil,
  };
}

/** One cursor over several sources: each source's own page cursor, by site id (a finished source drops out). */
type MultiCursor = Record<string, string | null>;
const encodeMulti = (c: MultiCursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
function decodeMulti(cursor: string, sources: Source[], siteOf: (s: Source) => SiteId): MultiCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw fail.validation('Invalid page cursor', { cursor: 'Invalid page cursor' });
  const out: MultiCursor = {};
  for (const s of sources) {
    const id = siteOf(s);
    const c = (parsed as Record<string, unknown>)[id];
    if (typeof c !== 'string') continue;
    // Each part must belong to its own source's partition: a forged cursor cannot read another list.
    decodeCursor(c, 'gsi1', fdKeys.byDeparturePk(id));
    out[id] = c;
  }
  return out;
}

/** fixedDeparture/search: on sale now, departing from `fromDate` (default today), by first departure time. */
export async function searchOffers(scope: SignedInScope, input: In<typeof api.searchFixedDepartures>) {
  const day = siteToday(scope.site, scope.now);
  const from = input.fromDate && input.fromDate > day ? input.fromDate : day;
  const own: Source = { site: scope.site, supplierSiteId: null, consumerLegalEntityId: null };
  const sources = [own, ...(await supplierSources(scope.site))];
  const siteOf = (s: Source) => s.supplierSiteId ?? scope.site.siteId;
  const cursors = input.cursor ? decodeMulti(input.cursor, sources, siteOf) : null;
  // A next page reads only the sources that had more.
  const reading = cursors ? sources.filter((s) => siteOf(s) in cursors) : sources;
  const [pricing, pages] = await Promise.all([
    pricingFor(scope, reading),
    Promise.all(
      reading.map((s) =>
        repo.departuresPage(siteOf(s), from, {
          cursor: cursors?.[siteOf(s)] ?? undefined,
          limit: FD_LIMITS.pageSize,
          onSaleOn: day,
          sector: { origin: input.origin, destination: input.destination },
        }),
      ),
    ),
  ]);
  const rows = reading.flatMap((s, i) => (pages[i]?.records ?? []).map((d) => offerOf(d, s, pricing)));
  rows.sort((a, b) => (a.flights[0]?.departureTime ?? '').localeCompare(b.flights[0]?.departureTime ?? ''));
  const next: MultiCursor = {};
  reading.forEach((s, i) => {
    const c = pages[i]?.nextCursor;
    if (c) next[siteOf(s)] = c;
  });
  return { records: rows, nextCursor: Object.keys(next).length ? encodeMulti(next) : null };
}

export interface PartyQuote extends PartyPrice {
  departure: DepartureRecord;
  /** Where the departure is kept (this site or the supplier's). */
  ownerSiteId: SiteId;
  supplierSiteId: SiteId | null;
  offer: TFdOffer;
  seats: number;
  /** The owner's business day (the sale window and the seat condition are in it). */
  ownerDay: string;
}

/** The price of a party on a departure for the caller; 400/404/409 when it cannot be sold to them now. */
export async function quoteParty(
  caller: Caller,
  ref: { id: string; supplierSiteId?: string | null | undefined },
  c: PaxCounts,
): Promise<PartyQuote> {
  const problem = partyProblem(c);
  if (problem) throw fail.validation(problem, { passengers: problem });
  const source = await sourceOf(caller.site, ref.supplierSiteId ? asSiteId(ref.supplierSiteId) : null);
  const ownerSiteId = source.supplierSiteId ?? caller.site.siteId;
  const [d, pricing] = await Promise.all([repo.getDeparture(ownerSiteId, ref.id), pricingFor(caller, [source])]);
  if (!d) throw fail.notFound(FD_TEXT.notFound);
  const ownerDay = siteToday(source.site, caller.now);
  if (!isOnSale(d, ownerDay)) throw fail.conflict(FD_MSG.notOnSale);
  const seats = seatsFor(c);
  if (d.seatsLeft < seats) throw fail.conflict(FD_MSG.soldOut);
  return {
    ...priceParty(d, source, pricing, c),
    departure: d,
    ownerSiteId,
    supplierSiteId: source.supplierSiteId,
    offer: offerOf(d, source, pricing),
    seats,
    ownerDay,
  };
}

export async function quote(scope: SignedInScope, input: In<typeof api.quoteFixedDeparture>) {
  const q = await quoteParty(scope, input, { adults: input.adults, children: input.children, infants: input.infants });
  return { offer: q.offer, fare: q.fare, fareBreakdown: q.fareBreakdown, total: q.fare.totalPayable };
}

// The fixed-departures Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
/** What the fixed-departures Lambda needs from the entry: booking, which the flights order machinery does. */
export interface FixedDeparturesWiring {
  bookFixedDeparture: OperationRun<typeof api.bookFixedDeparture>;
}
export const answerSearchFixedDepartures = answers(api.searchFixedDepartures, (input, scope) =>
  searchOffers(scope, input),
);
export const answerQuoteFixedDeparture = answers(api.quoteFixedDeparture, (input, scope) => quote(scope, input));
// A booking is a payment order of the flights order machinery, which stands above this domain.
export const answerBookFixedDeparture = answers(api.bookFixedDeparture, (input, scope, wiring: FixedDeparturesWiring) =>
  wiring.bookFixedDeparture(input, scope),
);
