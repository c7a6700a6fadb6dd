/** Local wall-clock times at airports, computed with the platform's IANA time-zone data. */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes the zone is ahead of UTC at that instant (Intl, cached per zone and hour). */
const offsets = new Map<string, number>();
export function offsetMinutes(utcMs: number, timeZone: string): number {
  const hour = Math.floor(utcMs / 3_600_000);
  const id = `${timeZone}|${hour}`;
  let off = offsets.get(id);
  if (off === undefined) {
    const p: Record<string, string> = {};
    for (const { type, value } of formatter(timeZone).formatToParts(new Date(hour * 3_600_000))) p[type] = value;
    const asUtc = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}Z`);
    off = Math.round((asUtc - hour * 3_600_000) / 60_000);
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(id, off);
  }
  return off;
}

/** `YYYY-MM-DDTHH:mm:ss` as a clock in `timeZone` shows the instant `utcMs`. */
export function localTime(utcMs: number, timeZone: string): string {
  return new Date(utcMs + offsetMinutes(utcMs, timeZone) * 60_000).toISOString().slice(0, 19);
}

/** The UTC instant at which a clock in `timeZone` shows `date` (YYYY-MM-DD) at `minuteOfDay`. */
export function utcOfLocal(date: string, minuteOfDay: number, timeZone: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000;
  // Two passes settle the offset across a DST change.
  let utc = naive - offsetMinutes(naive, timeZone) * 60_000;
  utc = naive - offsetMinutes(utc, timeZone) * 60_000;
  return utc;
}

const RAD = Math.PI / 180;
/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Block time: cruise at ~800 km/h plus taxi, climb and descent, rounded to 5 minutes. */
export function blockMinutes(km: number): number {
  return Math.max(40, Math.round(((km / 800) * 60 + 30) / 5) * 5);
}
