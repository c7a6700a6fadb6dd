/** Passengers and the booking check: the charge computed once, as the order will take it. */
import {
  type TCharge,
  type TFare,
  type TFlightOption,
  type TPassengerInput,
  type TSsrCatalogue,
} from '@tp/contracts/endpoints/flights';
import { validatePassengers, withExtras } from '@tp/domain';
import { chargeOf, itemiseExtras } from '@tp/domain/charge';
import { HOLD_REFUSAL_MESSAGES, fulfilmentOf, holdRefusal, type HoldRights } from '@tp/domain/fulfilment';
import { COUNTRIES } from '@tp/reference-data/countries';
import { fail } from '#lib/errors';
import { permissionsOf } from '#lib/permissions';
import { balanceOf } from '../../wallet/index.ts';
import { type FlightSupply, type SupplierOption, type SupplyPassenger } from '../../supply/index.ts';
import { FLIGHT_MSG, type FlightScope } from './scope.ts';
import { priceOption } from './caller.ts';
import { isStaff } from './search.ts';
import { type OptionContext, fareRules, optionContext, quoteView, ssrOf } from './offer.ts';
import * as api from '@tp/contracts/endpoints/flights';
import { answers } from '#lib/answers';

const lastTravelDate = (opt: SupplierOption): string => (opt.segments.at(-1)?.at(-1)?.departureTime ?? '').slice(0, 10);

/** Who may hold here, each answer from its owner (the rule itself: @tp/domain/fulfilment). */
export async function holdRights(scope: FlightScope, supply: FlightSupply): Promise<HoldRights> {
  const p = scope.principal;
  return {
    supplierAllowsHold: supply.holdAllowed !== false,
    // The site's own switch (staff /staff/flightSettings, flight-admin): off means nobody holds here.
    siteOffersHolds: (scope.site as { flightHoldsOffered?: boolean }).flightHoldsOffered !== false,
    callerMayHold: isStaff(p) ? (await permissionsOf(p)).has('flights.hold') : p.record.isFlightHoldAllowed === true,
  };
}

export async function canHold(scope: FlightScope, ctx: OptionContext): Promise<boolean> {
  return holdRefusal(ctx.quote.option, await holdRights(scope, ctx.supply)) === null;
}

export async function passengerViewOptions(scope: FlightScope, ref: { searchId: string; resultIndex: string }) {
  const ctx = await optionContext(scope, ref);
  const [rules, hold, wallet] = await Promise.all([
    fareRules(scope, ref),
    canHold(scope, ctx),
    scope.principal.userType === 'retail' ? null : balanceOf(scope.site.siteId, scope.principal.legalEntityId),
  ]);
  const opt = ctx.quote.option;
  return {
    countryList: [...COUNTRIES],
    phoneCodeList: [...COUNTRIES],
    fareRules: rules,
    fareQuote: quoteView(ctx),
    rules: {
      isPassportRequired: opt.isPassportRequired,
      isPanRequired: opt.isPanRequired,
      isDomestic: ctx.search.isDomestic,
      canHold: hold,
      travelDate: lastTravelDate(opt),
    },
    walletBalance: wallet ? wallet.balance : null,
  };
}

/** Resolves each passenger's chosen SSR codes against the catalogue; unknown codes are refused. */
function resolveSsr(
  passengers: readonly TPassengerInput[],
  catalogue: TSsrCatalogue | null,
): { passengers: SupplyPassenger[]; extras: { baggagePrice: number; mealPrice: number; seatPrice: number } } {
  const errors: Record<string, string> = {};
  const extras = { baggagePrice: 0, mealPrice: 0, seatPrice: 0 };
  const seats = catalogue?.seatDynamic.flatMap((s) => s.rows.flat()) ?? [];
  const out = passengers.map((p, i) => {
    const { ssr: chosen, ...rest } = p;
    const pick = <T extends { code: string; origin: string; destination: string; price: number }>(
      list: readonly T[],
      wanted: readonly { code: string; origin: string; destination: string }[] | undefined,
      field: string,
    ): T[] =>
      (wanted ?? []).flatMap((w) => {
        const found = list.find((x) => x.code === w.code && x.origin === w.origin && x.destination === w.destination);
        if (!found) errors[`passengers.${i}.ssr.${field}`] = FLIGHT_MSG.unknownSsr;
        return found ? [found] : [];
      });
    const baggage = pick(catalogue?.baggage ?? [], chosen?.baggage, 'baggage');
    const mealDynamic = pick(catalogue?.mealDynamic ?? [], chosen?.mealDynamic, 'mealDynamic');
    const seat = pick(seats, chosen?.seat, 'seat');
    if (p.paxType === 3 && (baggage.length || mealDynamic.length || seat.length))
      errors[`passengers.${i}.ssr`] = 'Infants cannot have extra services';
    extras.baggagePrice += baggage.reduce((n, x) => n + x.price, 0);
    extras.mealPrice += mealDynamic.reduce((n, x) => n + x.price, 0);
    extras.seatPrice += seat.reduce((n, x) => n + x.price, 0);
    return { ...rest, baggage, mealDynamic, seat };
  });
  // Two passengers cannot take the same seat.
  const taken = new Set<string>();
  out.forEach((p, i) =>
    p.seat.forEach((s) => {
      const k = `${s.origin}-${s.destination}-${s.code}`;
      if (taken.has(k)) errors[`passengers.${i}.ssr.seat`] = 'That seat is already chosen for another passenger';
      taken.add(k);
    }),
  );
  if (Object.keys(errors).length) throw fail.validation(Object.values(errors)[0]!, errors);
  return { passengers: out, extras };
}

const NO_HOLD: HoldRights = { supplierAllowsHold: false, siteOffersHolds: false, callerMayHold: false };

export interface CheckedBooking {
  ctx: OptionContext;
  option: TFlightOption;
  fare: TFare;
  charge: TCharge;
  passengers: SupplyPassenger[];
}

/** validateBooking and setFlightDetails share this: every rule, no writes. */
export async function checkBooking(
  scope: FlightScope,
  input: { searchId: string; resultIndex: string; passengers: TPassengerInput[]; hold: boolean },
): Promise<CheckedBooking> {
  const ctx = await optionContext(scope, input);
  const opt = ctx.quote.option;
  const errors = validatePassengers(
    input.passengers.map((p) => ({ ...p, isLeadPax: p.isLeadPax })),
    {
      adultCount: ctx.search.request.adultCount,
      childCount: ctx.search.request.childCount,
      infantCount: ctx.search.request.infantCount,
      isPassportRequired: opt.isPassportRequired,
      travelDate: lastTravelDate(opt),
      today: scope.now.toISOString().slice(0, 10),
    },
  );
  if (Object.keys(errors).length) throw fail.validation(Object.values(errors)[0]!, errors);
  // What cannot be fulfilled is refused here, before any order exists or money moves.
  const plan = fulfilmentOf(opt, input.hold, input.hold ? await holdRights(scope, ctx.supply) : NO_HOLD);
  if (!plan.ok) throw fail.forbidden(HOLD_REFUSAL_MESSAGES[plan.reason]);
  const wantsSsr = input.passengers.some(
    (p) => p.ssr && (p.ssr.baggage.length || p.ssr.mealDynamic.length || p.ssr.seat.length),
  );
  const catalogue = wantsSsr ? await ssrOf(scope, ctx) : null;
  const resolved = resolveSsr(input.passengers, catalogue);
  const option = priceOption(opt, ctx.chain);
  // One source of truth for the amount: the payment order charges `charge.total` (as totalPayableAmt).
  const charge = chargeOf(option.fare, option.fareBreakdown, itemiseExtras(resolved.passengers));
  const fare = { ...withExtras(option.fare, resolved.extras), totalPayableAmt: charge.total };
  return { ctx, option, fare, charge, passengers: resolved.passengers };
}

// The flights Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetPassengerViewOptions = answers(api.getPassengerViewOptions, (input, scope) =>
  passengerViewOptions(scope, input),
);
export const answerValidateBooking = answers(api.validateBooking, async (input, scope) => {
  const checked = await checkBooking(scope, input);
  const { fare, charge } = checked;
  return { valid: true as const, totalPayable: fare.totalPayableAmt, currency: fare.currency, charge };
});
