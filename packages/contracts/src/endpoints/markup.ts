/**
 * Markup and discount settings of a customer group (spec 001 §3 "Markup settings", §7): the default
 * airline rule, airline-specific rules and fixed-departure rules. The rule itself is the pricing
 * `MarkupRule` of @tp/domain/pricing, which turns it into the customer's price.
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { lazy } from '../lazy.ts';
import type { AmountType, MarkupRule } from '@tp/domain/pricing';
import { zRequired } from '../common.ts';
import { zOptionalId } from './customers.ts';
import { zCursor, zId, zPreprocess } from '../fields.ts';
import * as MSG from '../messages.ts';
import { AIRLINE_CODE } from './flights.ts';

export const MARKUP_MSG = {
  invalidAmount: 'Please enter a valid amount',
  negativeAmount: 'Amount cannot be negative',
  percentOver100: 'Percentage cannot be more than 100',
  invalidAirline: 'Please enter a valid airline code',
  unknownAirline: 'No airline with this code',
  invalidAirport: 'Please enter a valid airport code',
  sameSector: 'Origin and destination must be different',
  /** An edit that moves a rule onto a group + airline (or sector) another rule already holds. */
  slotTaken: 'This group already has a markup for this airline or sector',
} as const;

export const MARKUP_KINDS = ['default', 'airline', 'fixedDeparture'] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];

const AMOUNT_TYPES = ['fixed', 'percent'] as const satisfies readonly AmountType[];
const APPLY_PER = ['passenger', 'booking'] as const satisfies readonly MarkupRule['applyPer'][];

/** A number input's value: a number, or numeric text (an empty field reads as missing). */
const zAmount = () =>
  zPreprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: (issue) => (issue.input === undefined ? MSG.required : MARKUP_MSG.invalidAmount) }).check(
      z.refine(Number.isFinite, MARKUP_MSG.invalidAmount),
      z.refine((n) => n >= 0, MARKUP_MSG.negativeAmount),
    ),
  );

/** IATA airline designator: two letters or digits (AI, 6E, G8); declared with the flight contracts. */
export { AIRLINE_CODE };
const zAirlineCode = () =>
  z.pipe(
    z.pipe(
      zRequired(),
      z.transform((s) => s.toUpperCase()),
    ),
    z.string().check(z.regex(AIRLINE_CODE, MARKUP_MSG.invalidAirline)),
  );
const zAirport = () =>
  z.pipe(
    z.pipe(
      zRequired(),
      z.transform((s) => s.toUpperCase()),
    ),
    z.string().check(z.regex(/^[A-Z]{3}$/, MARKUP_MSG.invalidAirport)),
  );

const ruleShape = () => ({
  markupType: z.enum(AMOUNT_TYPES),
  markupValue: zAmount(),
  discountType: z.enum(AMOUNT_TYPES),
  discountValue: zAmount(),
  applyPer: z._default(z.enum(APPLY_PER), 'passenger'),
});

const settingShape = () => ({
  /** Absent: create (or update the rule the group already has for the same airline / sector); present: update. */
  markupId: zOptionalId(),
  groupId: zId(),
  ...ruleShape(),
});

type RuleInput = { markupType: AmountType; markupValue: number; discountType: AmountType; discountValue: number };

/** Percentages are of the published fare: at most 100. */
function percentAtMost100(rule: RuleInput, ctx: z.core.$RefinementCtx): void {
  for (const [type, value] of [
    ['markupType', 'markupValue'],
    ['discountType', 'discountValue'],
  ] as const)
    if (rule[type] === 'percent' && rule[value] > 100)
      ctx.addIssue({ code: 'custom', path: [value], message: MARKUP_MSG.percentOver100 });
}

export const ZSaveDefaultMarkup = lazy(() => z.object(settingShape()).check(z.superRefine(percentAtMost100)));
export const ZSaveAirlineMarkup = lazy(() =>
  z.object({ ...settingShape(), airlineCode: zAirlineCode() }).check(z.superRefine(percentAtMost100)),
);
/** A fixed departure is identified by its sector (one rule per group and sector). */
export const ZSaveFixedDepartureMarkup = lazy(() =>
  z.object({ ...settingShape(), origin: zAirport(), destination: zAirport() }).check(
    z.superRefine((v, ctx) => {
      percentAtMost100(v, ctx);
      if (v.origin === v.destination)
        ctx.addIssue({ code: 'custom', path: ['destination'], message: MARKUP_MSG.sameSector });
    }),
  ),
);

export type TSaveDefaultMarkup = z.output<typeof ZSaveDefaultMarkup>;
export type TSaveAirlineMarkup = z.output<typeof ZSaveAirlineMarkup>;
export type TSaveFixedDepartureMarkup = z.output<typeof ZSaveFixedDepartureMarkup>;

export const ZMarkupSetting = lazy(() =>
  z.object({
    markupId: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    /** The site owner's legal entity, whose group this is. */
    LEId: z.string(),
    kind: z.enum(MARKUP_KINDS),
    markupType: z.enum(AMOUNT_TYPES),
    markupValue: z.number(),
    discountType: z.enum(AMOUNT_TYPES),
    discountValue: z.number(),
    applyPer: z.enum(APPLY_PER),
    airlineCode: z.optional(z.string()),
    origin: z.optional(z.string()),
    destination: z.optional(z.string()),
    updatedAt: z.string(),
  }),
);
export type TMarkupSetting = z.infer<typeof ZMarkupSetting>;

export const MARKUP_PAGE_SIZE = 50;

export const ZListMarkups = lazy(() =>
  z.object({
    /** One group's rules; absent: every group's. */
    groupId: zOptionalId(),
    /** `nextCursor` of the previous page. */
    cursor: z.optional(zCursor()),
  }),
);

export const ZMarkupPage = lazy(() =>
  z.object({
    records: z.array(ZMarkupSetting),
    nextCursor: z.nullable(z.string()),
  }),
);
export type TMarkupPage = z.infer<typeof ZMarkupPage>;

export const ZMarkupRef = lazy(() => z.object({ markupId: zId() }));

// Markup and discount rules per customer group (spec 001 §7; screen /flights/manage-markup).

const staffMarkup = { api: 'site', domain: 'markup', auth: 'staff', permission: 'flights.manageMarkup' } as const;
const ZDeleted = lazy(() => z.object({ markupId: z.string() }));

export const getDefaultMarkups = endpoint({
  ...staffMarkup,
  id: 'markup.getDefaultMarkups',
  method: 'GET',
  path: 'markupDiscount/defaultAirlineMarkup',
  request: ZListMarkups,
  response: ZMarkupPage,
  summary: "Default airline markup of each customer group (or one group's), by group.",
});

export const saveDefaultMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.saveDefaultMarkup',
  method: 'POST',
  path: 'markupDiscount/defaultAirlineMarkup',
  request: ZSaveDefaultMarkup,
  response: ZMarkupSetting,
  summary: "Sets a group's default airline markup and discount (one per group: saving again updates it).",
});

export const deleteDefaultMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.deleteDefaultMarkup',
  method: 'POST',
  path: 'markupDiscount/deleteDefaultAirlineMarkup',
  request: ZMarkupRef,
  response: ZDeleted,
  summary: "Removes a group's default airline markup.",
});

export const getAirlineMarkups = endpoint({
  ...staffMarkup,
  id: 'markup.getAirlineMarkups',
  method: 'GET',
  path: 'markupDiscount/airlineSpecificMarkupForWl',
  request: ZListMarkups,
  response: ZMarkupPage,
  summary: 'Airline-specific markups, by group and airline.',
});

export const saveAirlineMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.saveAirlineMarkup',
  method: 'POST',
  path: 'markupDiscount/airlineSpecificMarkupForWl',
  request: ZSaveAirlineMarkup,
  response: ZMarkupSetting,
  summary: 'Sets a markup and discount for one airline in a group (one per group and airline).',
});

export const deleteAirlineMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.deleteAirlineMarkup',
  method: 'POST',
  path: 'markupDiscount/deleteAirlineSpecificMarkupForWl',
  request: ZMarkupRef,
  response: ZDeleted,
  summary: 'Removes an airline-specific markup.',
});

export const getFixedDepartureMarkups = endpoint({
  ...staffMarkup,
  id: 'markup.getFixedDepartureMarkups',
  method: 'GET',
  path: 'markupDiscount/fixedDepartureMarkup',
  request: ZListMarkups,
  response: ZMarkupPage,
  summary: 'Fixed-departure markups, by group and sector.',
});

export const saveFixedDepartureMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.saveFixedDepartureMarkup',
  method: 'POST',
  path: 'markupDiscount/fixedDepartureMarkup',
  request: ZSaveFixedDepartureMarkup,
  response: ZMarkupSetting,
  summary: 'Sets a markup and discount for fixed departures on one sector in a group (one per group and sector).',
});

export const deleteFixedDepartureMarkup = endpoint({
  ...staffMarkup,
  id: 'markup.deleteFixedDepartureMarkup',
  method: 'POST',
  path: 'markupDiscount/deleteFixedDepartureMarkupForWl',
  request: ZMarkupRef,
  response: ZDeleted,
  summary: 'Removes a fixed-departure markup.',
});

export const markupEndpoints: Endpoint[] = [
  getDefaultMarkups,
  saveDefaultMarkup,
  deleteDefaultMarkup,
  getAirlineMarkups,
  saveAirlineMarkup,
  deleteAirlineMarkup,
  getFixedDepartureMarkups,
  saveFixedDepartureMarkup,
  deleteFixedDepartureMarkup,
];
