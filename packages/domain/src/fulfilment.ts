/**
 * Whether a site can fulfil a flight option for a caller, and how (decisions.md
 * "Options a site cannot fulfil"). Pure: search (what is offered), fare quote and the passenger view
 * (whether a hold is offered), order creation (refused before any order or debit) and fulfilment (which
 * supplier steps run) all ask this one rule.
 *
 * A **hold** is a booking left unticketed: a PNR the traveller pays for later. Booking a GDS fare and
 * ticketing it in the same fulfilment is not a hold, so a supplier that forbids holds still sells GDS
 * fares; it only refuses bookings left on hold.
 */

/** What may hold, each answered by its owner: the supplier link(s), the site's own setting, the caller. */
export interface HoldRights {
  /** False when a supplier site along the chain does not let this consumer hold. */
  supplierAllowsHold: boolean;
  /** The site's own switch (staff flight settings): off means nobody holds here. */
  siteOffersHolds: boolean;
  /** The user's hold switch (staff: the `flights.hold` permission). */
  callerMayHold: boolean;
}

/** The supplier steps a fulfilment runs: LCC `ticket` at once; GDS `book` then `ticket`; a hold `book` only. */
export type FulfilmentSteps = 'ticket' | 'bookAndTicket' | 'hold';

export type Fulfilment = { ok: true; steps: FulfilmentSteps } | { ok: false; reason: HoldRefusal };

export type HoldRefusal = 'fareCannotBeHeld' | 'supplierForbidsHolds' | 'siteOffersNoHolds' | 'callerMayNotHold';

export const HOLD_REFUSAL_MESSAGES: Readonly<Record<HoldRefusal, string>> = {
  fareCannotBeHeld: 'Holding is not allowed for this booking',
  supplierForbidsHolds: 'Holding a booking is not allowed by your supplier',
  siteOffersNoHolds: 'Holding is not allowed for this booking',
  callerMayNotHold: 'Holding is not allowed for this booking',
};

interface OptionTraits {
  isLcc: boolean;
  /** The supplier's own answer for this fare (GDS fares before their last ticketing date). */
  isHoldAllowed: boolean;
}

/** Why this caller may not hold this option, or null when they may. */
export function holdRefusal(option: OptionTraits, rights: HoldRights): HoldRefusal | null {
  if (option.isLcc) return 'fareCannotBeHeld';
  // Before the fare's own answer: a chain that forbids holds offers every fare with isHoldAllowed false.
  if (!rights.supplierAllowsHold) return 'supplierForbidsHolds';
  if (!option.isHoldAllowed) return 'fareCannotBeHeld';
  if (!rights.siteOffersHolds) return 'siteOffersNoHolds';
  if (!rights.callerMayHold) return 'callerMayNotHold';
  return null;
}

/** The steps of an order already allowed (fulfilment runs them; `fulfilmentOf` allowed them). */
export const stepsOf = (option: Pick<OptionTraits, 'isLcc'>, hold: boolean): FulfilmentSteps =>
  hold ? 'hold' : option.isLcc ? 'ticket' : 'bookAndTicket';

/** How an option is fulfilled for this caller, or why it cannot be. */
export function fulfilmentOf(option: OptionTraits, hold: boolean, rights: HoldRights): Fulfilment {
  const refusal = hold ? holdRefusal(option, rights) : null;
  return refusal ? { ok: false, reason: refusal } : { ok: true, steps: stepsOf(option, hold) };
}

/** As an option is offered: `isHoldAllowed` only where the supplier chain lets this consumer hold. */
export const offeredHold = <T extends OptionTraits>(option: T, supplierAllowsHold: boolean): T =>
  supplierAllowsHold || !option.isHoldAllowed ? option : { ...option, isHoldAllowed: false };

/**
 * Seats: an option is bookable only while every flight has a seat for each seated passenger (infants
 * sit on a lap). Search offers no other; `seatsLeft` unknown (a supplier that does not say) counts as enough.
 */
export function hasSeatsFor(
  option: { segments: readonly (readonly { seatsLeft?: number | undefined }[])[] },
  seated: number,
): boolean {
  return option.segments.every((trip) => trip.every((s) => s.seatsLeft === undefined || s.seatsLeft >= seated));
}
