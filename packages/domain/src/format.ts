/**
 * How money, dates and status codes read wherever a person sees them: the SPA, the e-ticket page, its
 * mail and PDF. One module, so every surface agrees; docs/decisions.md "One format".
 *
 * - Money: `₹8,444.00` (Indian grouping, always two decimals); other currencies with their own symbol
 *   in the same style (`$1,234.50`, `AED 1,234.50`).
 * - Dates: `05 Mar 2025`; date-times: `05 Mar 2025, 14:30` (24-hour). Times written without an offset
 *   (a flight's airport-local departure) are shown as written; instants (`…Z`, `+05:30`) in India time.
 * - Date inputs read and show `dd/mm/yyyy`; the API keeps ISO `yyyy-mm-dd`.
 * - Status codes (`CHANGEREQUESTED`, `ChangeRequested`) become labels (`Change requested`).
 * - Counts read `1 adult`, `2 children` (countOf, partyLabel), never `adult(s)`.
 */
import { round2 } from './pricing.ts';

// ---------------------------------------------------------------------------------------------------
// Money

const LOCALE = 'en-IN';
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let f = moneyFormats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      return null; // not an ISO 4217 code
    }
    moneyFormats.set(currency, f);
  }
  return f;
}
// Number formats are made on first use: constructing one loads ICU's locale data, several ms of the cold
// start of every Lambda that imports this module (docs/benchmarks.md), formatting or not.
let plain: Intl.NumberFormat | undefined;
const PLAIN = () => (plain ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * `₹8,444.00`, `−₹50.00` (a true minus sign), `$1,234.50`. Empty for a missing or non-numeric amount; a
 * currency Intl does not know shows its code before the amount.
 */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined = 'INR'): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  // Rounded first, so -0.004 is ₹0.00 and never "-₹0.00".
  const n = round2(amount) || 0;
  const code = (currency || 'INR').trim().toUpperCase();
  const f = moneyFormat(code);
  const text = f ? f.format(n) : `${code} ${PLAIN().format(n)}`;
  return n < 0 ? text.replace('-', '\u2212') : text;
}

let compact: Intl.NumberFormat | undefined;
const COMPACT = () =>
  (compact ??= new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'INR',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }));
/**
 * Rupees where only a few characters fit (inside a 44 px seat, a fare-calendar day): `₹350`, `₹1.1K`,
 * `₹1.5L`. The element's accessible name carries the full `formatMoney` amount.
 */
export function formatMoneyCompact(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  return COMPACT()
    .format(Math.round(amount) || 0)
    .replace('-', '\u2212');
}

// ---------------------------------------------------------------------------------------------------
// Dates

/** The zone instants are shown in: the platform's business day is India's (docs/flights.md). */
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** A calendar day or a wall-clock time without an offset: shown as written, never shifted. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

interface Parts {
  y: number;
  m: number;
  d: number;
  hh: number;
  mm: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneParts(ms: number, timeZone: string): Parts {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(ms)) p[type] = Number(value);
  return { y: p.year!, m: p.month!, d: p.day!, hh: p.hour!, mm: p.minute! };
}

/** A real calendar day (no 31 Feb). */
const isDay = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

function partsOf(value: string | Date | null | undefined, timeZone: string): Parts | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : zoneParts(value.getTime(), timeZone);
  if (typeof value !== 'string' || !value.trim()) return null;
  const s = value.trim();
  const wall = WALL_CLOCK.exec(s);
  if (wall) {
    const [y, m, d, hh = 0, mm = 0] = wall.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
    if (!isDay(y!, m!, d!) || hh! > 23 || mm! > 59) return null;
    return { y: y!, m: m!, d: d!, hh: hh!, mm: mm! };
  }
  // Only full ISO instants: Date.parse would otherwise guess at "5/3/2025" (US order) and the like.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s)) return null;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : zoneParts(ms, timeZone);
}

const two = (n: number) => String(n).padStart(2, '0');
const day = (p: Parts) => `${two(p.d)} ${MONTHS[p.m - 1]} ${p.y}`;

export interface DateFormatOptions {
  /** Zone for instants (values with `Z` or an offset, or Date objects); default India time. */
  timeZone?: string;
}

/** `05 Mar 2025`; empty for nothing or junk. */
export function formatDate(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  const p = partsOf(value, options.timeZone ?? DISPLAY_TIME_ZONE);
  return p ? day(p) : '';
}

/** `05 Mar 2025, 14:30`; empty for nothing or junk. */
export function formatDateTime(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  const p = partsOf(value, options.timeZone ?? DISPLAY_TIME_ZONE);
  return p ? `${day(p)}, ${two(p.hh)}:${two(p.mm)}` : '';
}

// ---------------------------------------------------------------------------------------------------
// Date inputs

/** How date inputs show a day (dayjs tokens, for `@mantine/dates` `valueFormat`). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

/**
 * What a person typed in a date input → ISO `yyyy-mm-dd`, or null. Day first (`05/03/2025`, `5-3-2025`,
 * `05.03.2025`); ISO is accepted as typed too. A four-digit year is required, so half-typed input is no date.
 */
export function parseDateInput(text: string | null | undefined): string | null {
  const s = (text ?? '').trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const [y, m, d] = dmy ? [dmy[3], dmy[2], dmy[1]].map(Number) : ymd ? ymd.slice(1).map(Number) : [];
  if (y === undefined || !isDay(y, m!, d!)) return null;
  return isoDay(new Date(Date.UTC(y, m! - 1, d!)), 'UTC');
}

/** ISO `yyyy-mm-dd` of a moment as a calendar in `timeZone` shows it (default: this machine's zone). */
export function isoDay(date: Date = new Date(), timeZone?: string): string {
  const p = timeZone
    ? zoneParts(date.getTime(), timeZone)
    : { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate() };
  return `${String(p.y).padStart(4, '0')}-${two(p.m)}-${two(p.d)}`;
}

// ---------------------------------------------------------------------------------------------------
// Status labels

/**
 * Every status a chip or badge shows, keyed by its code with case and separators ignored
 * (`CHANGEREQUESTED`, `ChangeRequested`, `change_requested` are one key). Where one code means something
 * else in a context, that context's own entries come first (a payment `completed` is "Paid").
 */
const STATUS_LABELS = {
  any: {
    // bookings (BOOKING_STATUS and the supplier's status text)
    HELD: 'Held',
    FAILED: 'Failed',
    TICKETED: 'Ticketed',
    CANCELLED: 'Cancelled',
    CHANGEREQUESTED: 'Change requested',
    RELEASED: 'Released',
    PARTIALLYCANCELLED: 'Partially cancelled',
    REISSUED: 'Reissued',
    BOOKED: 'Booked',
    // change requests (TBO naming)
    UNASSIGNED: 'Unassigned',
    ASSIGNED: 'Assigned',
    ACKNOWLEDGED: 'Acknowledged',
    PENDING: 'Pending',
    COMPLETED: 'Completed',
    REJECTED: 'Rejected',
    CLOSED: 'Closed',
    // supplier links, requests
    APPROVED: 'Approved',
    SUSPENDED: 'Suspended',
    // payments, orders
    PAID: 'Paid',
    REFUNDED: 'Refunded',
    EXPIRED: 'Expired',
  },
  payment: { COMPLETED: 'Paid', APPLIED: 'Successful' },
  order: { CREATED: 'Awaiting payment', BOOKING: 'Booking' },
} as const satisfies Record<string, Record<string, string>>;

export type StatusContext = keyof typeof STATUS_LABELS;

/** The key of a status code: letters and digits, upper case. */
export const statusKey = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The label of a status code: `CHANGEREQUESTED` → "Change requested". A code not in the map is spelt
 * out from its words (`NewThing_here` → "New thing here"), never shown raw.
 */
export function statusLabel(code: string | null | undefined, context: StatusContext = 'any'): string {
  if (!code) return '';
  const key = statusKey(code);
  const own: Record<string, string> = STATUS_LABELS[context];
  const any: Record<string, string> = STATUS_LABELS.any;
  const known = own[key] ?? any[key];
  if (known) return known;
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------------------------------------------
// Counts

/** Nouns whose plural is not the noun and an `s`. */
const IRREGULAR_PLURALS: Record<string, string> = { child: 'children', person: 'people' };

/** A count with its noun in the right number: `1 adult`, `2 adults`, `1 child`, `2 children`. Never `adult(s)`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : (IRREGULAR_PLURALS[noun] ?? `${noun}s`)}`;
}

/** A travelling party: `2 adults, 1 child, 1 infant`; a type with nobody is left out (adults always shown). */
export function partyLabel(party: { adults: number; children?: number | null; infants?: number | null }): string {
  return [
    countOf(party.adults, 'adult'),
    party.children ? countOf(party.children, 'child') : '',
    party.infants ? countOf(party.infants, 'infant') : '',
  ]
    .filter(Boolean)
    .join(', ');
}
