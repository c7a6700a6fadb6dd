/**
 * Rules of a kart (spec 001 §5 "Kart", §9): what the quotation builder checks and `kart/saveKart` checks again.
 * `kartErrors` returns field path → first message (`accomodations.0.sharingBasis`, the dot paths a form uses),
 * `{}` when the kart may be saved. Kart-wide rules have their own keys: `itinerary` ('Please select atleast one
 * itinerary') and `passengers` ('Passenger count mismatch…'). The spec's texts come in through `DmcMessages`.
 */
import { isBlank, isMissing, oneOf, type Draft } from '../checks.ts';
import { DMC_TEXT, type DmcMessages } from '../messages.ts';
import { isIsoDate, isTime } from '../terms.ts';
import { KART_TRANSFER_TYPES, SHARING_BASES } from '../types.ts';
import { lineCostMinor } from './margins.ts';
import { hasCents, MAX_KART_AMOUNT, toMinor } from './money.ts';
import { KART_SECTIONS, kartTotals, type PricedKart } from './totals.ts';
import {
  KART_MAX_DAYS,
  PAX_TYPES,
  PRICE_BREAKUPS,
  ROOM_TYPES,
  type Kart,
  type KartAccomodation,
  type KartActivity,
  type KartFlight,
  type KartMiscellaneous,
  type KartPassenger,
  type KartTransferLeg,
  type KartTransfers,
  type PaxType,
  type PriceOverride,
} from './types.ts';

/** A kart as a form or a request body holds it: any field, of the kart or of a line, may still be missing. */
export type KartDraft = Draft<
  Omit<Kart, 'accomodations' | 'activities' | 'miscellaneous' | 'flightDetails' | 'passengers'>
> & {
  accomodations?: Draft<KartAccomodation>[] | null;
  activities?: (Draft<Omit<KartActivity, 'transfers'>> & { transfers?: Draft<KartTransfers> | null })[] | null;
  miscellaneous?: Draft<KartMiscellaneous>[] | null;
  flightDetails?: Draft<KartFlight>[] | null;
  passengers?: Draft<KartPassenger>[] | null;
};

export type KartErrors = Record<string, string>;

/** The line kinds whose transfers and dates §5 checks, with the spec's text for each. */
type TransferOwner = 'Accomodation' | 'Activity';

class Collector {
  readonly errors: KartErrors = {};
  /** False once an amount or count is wrong: the totals cannot be computed then. */
  amountsOk = true;
  constructor(readonly m: DmcMessages) {}

  /** Sets the first message a path earns; later checks never overwrite it. */
  flag(path: string, message: string | null): void {
    if (message !== null && this.errors[path] === undefined) this.errors[path] = message;
  }

  /** A whole number in [min, max]; `required` false lets it be absent. */
  count(path: string, v: unknown, min: number, max: number | null, required = true): void {
    const problem = isMissing(v)
      ? required
        ? this.m.required
        : null
      : typeof v !== 'number' || !Number.isInteger(v)
        ? this.m.invalidValue
        : v < min
          ? this.m.tooSmall(min)
          : max !== null && v > max
            ? this.m.tooLarge(max)
            : null;
    if (problem) this.amountsOk = false;
    this.flag(path, problem);
  }

  /** An amount ≥ 0 with at most 2 decimals; absent counts as 0 unless `required`. */
  amount(path: string, v: unknown, required: boolean): void {
    const problem = isMissing(v)
      ? required
        ? this.m.required
        : null
      : typeof v !== 'number' || !Number.isFinite(v)
        ? this.m.invalidValue
        : v < 0
          ? this.m.tooSmall(0)
          : v > MAX_KART_AMOUNT
            ? this.m.tooLarge(MAX_KART_AMOUNT)
            : hasCents(v)
              ? null
              : DMC_TEXT.amountCents;
    if (problem) this.amountsOk = false;
    this.flag(path, problem);
  }

  date(path: string, v: unknown, required: string | null): void {
    this.flag(path, isMissing(v) ? required : isIsoDate(v) ? null : this.m.invalidDate);
  }

  time(path: string, v: unknown): void {
    this.flag(path, isMissing(v) || isTime(v) ? null : DMC_TEXT.invalidTime);
  }

  text(path: string, v: unknown): void {
    this.flag(path, isBlank(v) ? this.m.required : null);
  }

  /** Every line's cost (optional) and override (a price and a reason). */
  costing(at: string, line: { cost?: unknown; override?: Draft<PriceOverride> | null }): void {
    this.amount(`${at}cost`, line.cost, false);
    if (!line.override) return;
    this.amount(`${at}override.price`, line.override.price, true);
    this.flag(`${at}override.reason`, isBlank(line.override.reason) ? DMC_TEXT.overrideReasonRequired : null);
  }
}

/** A leg is added once it says where it picks up and where it drops. */
const legAdded = (leg: Draft<KartTransferLeg> | null | undefined): boolean =>
  !!leg && !isBlank(leg.pickupLocation) && !isBlank(leg.dropLocation);

/** Transfer type, sharing basis (§5: required with a type) and, once vouchered, the legs the type needs. */
function transferErrors(
  c: Collector,
  at: string,
  t: Draft<KartTransfers>,
  owner: TransferOwner,
  vouchered: boolean,
  /** The time a pickup leg naming none takes (an activity's own time); none for a hotel's. */
  pickupFallbackTime: unknown = null,
): void {
  const { m } = c;
  if (!isMissing(t.transferType)) c.flag(`${at}transferType`, oneOf(t.transferType, KART_TRANSFER_TYPES, m));
  if (!isMissing(t.sharingBasis)) c.flag(`${at}sharingBasis`, oneOf(t.sharingBasis, SHARING_BASES, m));
  if (!isMissing(t.transferType) && isMissing(t.sharingBasis)) c.flag(`${at}sharingBasis`, m[`sharingBasis${owner}`]);
  for (const leg of ['pickupTransfer', 'dropTransfer'] as const) {
    c.date(`${at}${leg}.date`, t[leg]?.date, null);
    c.time(`${at}${leg}.time`, t[leg]?.time);
  }
  if (!vouchered) return;
  if (t.transferType === 'oneway' && !legAdded(t.pickupTransfer))
    c.flag(`${at}pickupTransfer`, m[`pickupTransfer${owner}`]);
  if (t.transferType === 'return')
    for (const leg of ['pickupTransfer', 'dropTransfer'] as const)
      if (!legAdded(t[leg])) c.flag(`${at}${leg}`, m[`transfer${owner}`]);
  // A vouchered leg goes to the job sheet: without a time the driver has none (one reached it as "No time"). An
  // activity's pickup takes the activity's own time when it names none (kart/transfers.ts).
  const legs =
    t.transferType === 'return' ? (['pickupTransfer', 'dropTransfer'] as const) : (['pickupTransfer'] as const);
  for (const leg of legs) {
    const fallback = leg === 'pickupTransfer' ? pickupFallbackTime : null;
    if (legAdded(t[leg]) && isMissing(t[leg]?.time) && isMissing(fallback))
      c.flag(`${at}${leg}.time`, DMC_TEXT.pickupTimeToVoucher);
  }
}

function accomodationErrors(c: Collector, line: Draft<KartAccomodation>, at: string, vouchered: boolean): void {
  c.costing(at, line);
  c.text(`${at}accomodationId`, line.accomodationId);
  c.count(`${at}noOfNights`, line.noOfNights, 1, KART_MAX_DAYS);
  c.date(`${at}checkinDate`, line.checkinDate, vouchered ? c.m.required : null);
  c.count(`${at}numberOfRooms`, line.numberOfRooms, 1, null);
  for (const type of ROOM_TYPES) {
    const room = line.rooms?.[type];
    if (!room) continue;
    c.amount(`${at}rooms.${type}.price`, room.price, true);
    c.count(`${at}rooms.${type}.count`, room.count, 0, null);
  }
  c.amount(`${at}transferPrice`, line.transferPrice, false);
  transferErrors(c, at, line, 'Accomodation', vouchered);
}

function activityErrors(c: Collector, line: NonNullable<KartDraft['activities']>[number], at: string, v: boolean) {
  c.costing(at, line);
  c.text(`${at}activityId`, line.activityId);
  c.text(`${at}tourOptionId`, line.tourOptionId);
  c.amount(`${at}price`, line.price, true);
  c.date(`${at}startDate`, line.startDate, v ? c.m.startDateActivities : null);
  c.time(`${at}time`, line.time);
  transferErrors(c, `${at}transfers.`, line.transfers ?? {}, 'Activity', v, line.time);
}

function miscErrors(c: Collector, line: Draft<KartMiscellaneous>, at: string, vouchered: boolean): void {
  c.costing(at, line);
  c.text(`${at}name`, line.name);
  c.amount(`${at}price`, line.price, true);
  c.date(`${at}startDate`, line.startDate, vouchered ? c.m.startDateMisc : null);
}

function flightErrors(c: Collector, line: Draft<KartFlight>, at: string): void {
  c.costing(at, line);
  for (const f of ['airlineCode', 'flightNo', 'origin', 'destination'] as const) c.text(`${at}${f}`, line[f]);
  c.amount(`${at}price`, line.price, true);
  for (const f of ['departureDate', 'arrivalDate'] as const) c.date(`${at}${f}`, line[f], null);
  for (const f of ['departureTime', 'arrivalTime'] as const) c.time(`${at}${f}`, line[f]);
}

/** Titles required; no more passengers of a type than the kart counts (§5). */
function passengerErrors(c: Collector, kart: KartDraft): void {
  const counted: Record<PaxType, number> = { adult: 0, child: 0, infant: 0 };
  for (const [i, p] of (kart.passengers ?? []).entries()) {
    c.text(`passengers.${i}.title`, p.title);
    const typeProblem = oneOf(p.paxType, PAX_TYPES, c.m);
    c.flag(`passengers.${i}.paxType`, typeProblem);
    if (!typeProblem) counted[p.paxType as PaxType] += 1;
  }
  const allowed: Record<PaxType, unknown> = { adult: kart.adults, child: kart.child, infant: kart.infant };
  // Against valid counts only: a wrong count is reported on its own field.
  const over = (t: PaxType) =>
    Number.isInteger(allowed[t]) && (allowed[t] as number) >= 0 && counted[t] > (allowed[t] as number);
  if (PAX_TYPES.some(over)) c.flag('passengers', c.m.passengerMismatch);
}

export function kartErrors(kart: KartDraft, m: DmcMessages): KartErrors {
  const c = new Collector(m);
  const vouchered = kart.isVouchered === true;

  c.text('customerId', kart.customerId);
  c.text('kartName', kart.kartName);
  c.count('adults', kart.adults, 1, null);
  c.count('child', kart.child, 0, null);
  c.count('infant', kart.infant, 0, null);
  c.date('arrivalDate', kart.arrivalDate, m.required);
  c.count('quoteValidyInDays', kart.quoteValidyInDays, 1, null, false);
  c.date('quoteDate', kart.quoteDate, null);
  c.count('noOfDays', kart.noOfDays, 1, KART_MAX_DAYS);
  c.count('noOfNights', kart.noOfNights, 0, KART_MAX_DAYS);
  c.flag('priceBreakup', oneOf(kart.priceBreakup, PRICE_BREAKUPS, m));
  c.date('paymentDeadline', kart.paymentDeadline, null);
  for (const f of ['serviceCharge', 'remittanceCharge', 'discount', 'collectedPayment'] as const)
    c.amount(f, kart[f], false);

  const hotels = kart.accomodations ?? [];
  const activities = kart.activities ?? [];
  const misc = kart.miscellaneous ?? [];
  if (!hotels.length && !activities.length && !misc.length) c.flag('itinerary', m.selectItinerary);
  hotels.forEach((l, i) => accomodationErrors(c, l, `accomodations.${i}.`, vouchered));
  activities.forEach((l, i) => activityErrors(c, l, `activities.${i}.`, vouchered));
  misc.forEach((l, i) => miscErrors(c, l, `miscellaneous.${i}.`, vouchered));
  (kart.flightDetails ?? []).forEach((l, i) => flightErrors(c, l, `flightDetails.${i}.`));
  passengerErrors(c, kart);

  // totalPrice is required (§5) and is the computed one, so it exists whenever every amount is valid.
  if (c.amountsOk) {
    const totals = kartTotals({
      accomodations: hotels,
      activities,
      miscellaneous: misc,
      flightDetails: kart.flightDetails ?? [],
      serviceCharge: kart.serviceCharge,
      remittanceCharge: kart.remittanceCharge,
      discount: kart.discount,
      collectedPayment: kart.collectedPayment,
    } as PricedKart);
    if (totals.grandTotal < 0) c.flag('discount', DMC_TEXT.discountTooLarge);
    else if (totals.balanceDue < 0) c.flag('collectedPayment', m.collectedTooHigh);
    // Selling below cost is a decision, not a slip: it takes an override with its reason.
    const lines = { accomodations: hotels, activities, miscellaneous: misc, flightDetails: kart.flightDetails ?? [] };
    for (const section of KART_SECTIONS)
      lines[section].forEach((line, i) => {
        const costed = line as { id: string; cost?: number | null; override?: null };
        const cost = lineCostMinor(section, costed);
        if (cost !== null && !costed.override && cost > toMinor(totals.lines[section][i]?.total))
          c.flag(`${section}.${i}.cost`, DMC_TEXT.costAboveSell);
      });
  }
  return c.errors;
}

/**
 * Whether a saved kart may become `next` (docs/dmc.md "Karts": status machine). A cancelled kart is final; a
 * vouchered one stays vouchered (its transfers are on the job sheet) until it is cancelled.
 */
export function kartChangeProblem(
  saved: Pick<Kart, 'isVouchered' | 'isCancelled'> | null,
  next: Pick<KartDraft, 'isVouchered' | 'isCancelled'>,
): string | null {
  if (!saved) return null;
  if (saved.isCancelled) return DMC_TEXT.kartCancelled;
  if (saved.isVouchered && next.isVouchered !== true && next.isCancelled !== true) return DMC_TEXT.kartUnvoucher;
  return null;
}

/**
 * An activity line's time against its tour option's slots (when the option runs at set times): one of them, and
 * chosen before the quotation is vouchered. Null when the time is fine.
 */
export function timeSlotProblem(
  option: { hasTimeSlots: boolean; timeSlots: readonly string[] },
  time: unknown,
  vouchered: boolean,
): string | null {
  if (!option.hasTimeSlots || option.timeSlots.length === 0) return null;
  if (isMissing(time)) return vouchered ? DMC_TEXT.timeSlotToVoucher : null;
  return option.timeSlots.includes(String(time)) ? null : DMC_TEXT.notATimeSlot(option.timeSlots);
}
