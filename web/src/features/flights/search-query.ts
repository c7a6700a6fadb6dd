import { JOURNEY_TYPE, RETURN_TYPE, TIME_BANDS, type TSearchRequest } from '@tp/contracts/endpoints/flights';

/**
 * A search as URL query (spec 000 §2: origin, destination, departure, adt, chd, inf) so the results
 * URL can be reloaded or shared: the screen searches again from it. Return and multi-stop searches
 * add `journeyType`, `returnType`, `return` and `segments` (`DEL-BOM-2026-12-01,...`); a return trip's second
 * leg `trip` (its id: the search books that trip's return flight).
 */
export function searchToQuery(r: TSearchRequest): string {
  const first = r.segments[0]!;
  const p = new URLSearchParams({
    origin: first.origin,
    destination: first.destination,
    departure: first.preferredDepartureTime.slice(0, 10),
    adt: String(r.adultCount),
    chd: String(r.childCount ?? 0),
    inf: String(r.infantCount ?? 0),
  });
  if (r.JourneyType !== JOURNEY_TYPE.oneWay) p.set('journeyType', String(r.JourneyType));
  if (r.returnType) p.set('returnType', String(r.returnType));
  if (r.JourneyType === JOURNEY_TYPE.return && r.segments[1])
    p.set('return', r.segments[1].preferredDepartureTime.slice(0, 10));
  if (r.JourneyType === JOURNEY_TYPE.multiStop)
    p.set(
      'segments',
      r.segments.map((s) => `${s.origin}-${s.destination}-${s.preferredDepartureTime.slice(0, 10)}`).join(','),
    );
  const time = first.preferredDepartureTime.slice(11, 19);
  if (time && time !== TIME_BANDS[0].time) p.set('time', time);
  if (r.cabinClass && r.cabinClass !== 1) p.set('cabin', String(r.cabinClass));
  if (r.Sources?.length) p.set('sources', r.Sources.join(','));
  if (r.tripId) p.set('trip', r.tripId);
  return p.toString();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The search a results URL describes, or null when the query is not a complete search. */
export function queryToSearch(query: string | URLSearchParams): TSearchRequest | null {
  const p = typeof query === 'string' ? new URLSearchParams(query) : query;
  const time = /^\d{2}:\d{2}:\d{2}$/.test(p.get('time') ?? '') ? p.get('time')! : TIME_BANDS[0].time;
  const at = (date: string | null) => (date && DATE.test(date) ? `${date}T${time}` : null);
  const journeyType = Number(p.get('journeyType') ?? JOURNEY_TYPE.oneWay);
  const origin = (p.get('origin') ?? '').toUpperCase();
  const destination = (p.get('destination') ?? '').toUpperCase();
  const departure = at(p.get('departure'));
  let segments: TSearchRequest['segments'];
  if (journeyType === JOURNEY_TYPE.multiStop) {
    segments = [];
    for (const part of (p.get('segments') ?? '').split(',')) {
      const m = /^([A-Za-z]{3})-([A-Za-z]{3})-(\d{4}-\d{2}-\d{2})$/.exec(part);
      if (!m) return null;
      segments.push({
        origin: m[1]!.toUpperCase(),
        destination: m[2]!.toUpperCase(),
        preferredDepartureTime: at(m[3]!)!,
      });
    }
  } else {
    if (!departure || !origin || !destination) return null;
    segments = [{ origin, destination, preferredDepartureTime: departure }];
    if (journeyType === JOURNEY_TYPE.return || journeyType === JOURNEY_TYPE.specialReturn) {
      const back = at(p.get('return'));
      if (!back) return null;
      segments.push({ origin: destination, destination: origin, preferredDepartureTime: back });
    }
  }
  const returnType = Number(p.get('returnType'));
  const sources = p.get('sources');
  const tripId = p.get('trip');
  return {
    JourneyType: journeyType as TSearchRequest['JourneyType'],
    ...(Object.values(RETURN_TYPE).includes(returnType as 2) ? { returnType: returnType as 2 | 3 | 5 } : {}),
    segments,
    adultCount: Number(p.get('adt') ?? 1),
    childCount: Number(p.get('chd') ?? 0),
    infantCount: Number(p.get('inf') ?? 0),
    cabinClass: Number(p.get('cabin') ?? 1),
    ...(sources ? { Sources: sources.split(',').filter(Boolean) } : {}),
    ...(tripId ? { tripId } : {}),
  };
}
