/**
 * The texts the DMC rules report. Those the spec quotes (§5, §8) and the platform's generic field texts live
 * once in `@tp/contracts` `MSG`, which depends on this package; so the rules take them as an argument, the
 * way `crErrors` takes the required message. Callers pass `DMC_RULE_MESSAGES` (@tp/contracts dmc-common).
 */
export interface DmcMessages {
  required: string;
  invalidValue: string;
  invalidOption: string;
  invalidPhone: string;
  invalidEmail: string;
  tooSmall: (min: number) => string;
  minPaxPrivate: string;
  maxPaxPrivate: string;
  selectTourOption: string;
  tourAlreadyAdded: string;
  validAmount: string;
  fillName: string;
  fromAreaRequired: string;
  toAreaRequired: string;
  marketIdRequired: string;
  amountPositive: string;
  invalidDate: string;
  minMaxPaxPrivate: string;
  tooLarge: (max: number) => string;
  // karts (§5)
  selectItinerary: string;
  passengerMismatch: string;
  collectedTooHigh: string;
  startDateActivities: string;
  startDateMisc: string;
  pickupTransferActivity: string;
  pickupTransferAccomodation: string;
  transferActivity: string;
  transferAccomodation: string;
  sharingBasisActivity: string;
  sharingBasisAccomodation: string;
}

/** Our own wording for rules the spec is silent on (docs/dmc.md "Decisions"); nothing else spells these. */
export const DMC_TEXT = {
  validTillBeforeFrom: 'Valid till date must not be before valid from date',
  tillBeforeFrom: 'Till date must not be before from date',
  maxPaxBelowMin: 'Max pax must not be less than min pax',
  invalidTime: 'Please enter a time as HH:MM',
  timeSlotsRequired: 'Please add at least one time slot',
  duplicateTimeSlot: 'This time slot is listed twice',
  priorityListMismatch: 'The priority list must name every rate of the tour option exactly once',
  // Why the rate engine cannot price (engine.ts), from the broadest filter that left nothing.
  adultsRequired: 'At least one adult is required',
  childrenInvalid: 'Children must be a whole number, 0 or more',
  priceDateInvalid: 'The date must be a real date (YYYY-MM-DD)',
  stopSale: (from: string, till: string, reason: string): string =>
    `Not on sale from ${from} to ${till}${reason.trim() ? `: ${reason.trim()}` : ''}`,
  noRateForMarket: (what: string, market: string): string => `No ${what} for the ${market} market`,
  noRateOnDate: (what: string, market: string, date: string): string =>
    `No ${what} for the ${market} market valid on ${date}`,
  noRateForPax: (what: string, market: string, date: string, pax: number): string =>
    `No ${what} for the ${market} market on ${date} for ${pax} pax`,
  // karts (kart/rules.ts)
  amountCents: 'Please enter an amount with at most 2 decimals',
  discountTooLarge: 'Discount must not be greater than the total before discount',
  kartCancelled: 'This quotation is cancelled and can no longer be changed',
  kartUnvoucher: 'A vouchered quotation cannot be un-vouchered; cancel it instead',
  pickupTimeToVoucher: 'Add the pickup time before vouchering: the driver needs it',
  timeSlotToVoucher: "Choose one of the tour option's time slots before vouchering",
  notATimeSlot: (slots: readonly string[]): string => `Choose one of the tour option's time slots: ${slots.join(', ')}`,
  // cost, sell and overrides of kart lines (kart/margins.ts)
  overrideReasonRequired: 'Please give a reason for the price override',
  costAboveSell: 'The cost is above the price: override the price with a reason to sell below cost',
} as const;
