/**
 * Activities for agents and travellers (spec 001; docs/activities.md): the search priced with
 * the caller's group markup, the activity cart (a cart belongs to its user and site), the queue by status, and the
 * activity markup of customer groups. Served by the activities Lambda (functions/src/activities).
 *
 * - Paths as api.tsv; the spec names no methods for `activities/*`: POST (bodies), as api.tsv assumes.
 * - Prices are the rate engine's price for the party on the day plus the group's activity markup, computed on the
 *   server on every search, add and update; no net rate ever reaches the caller, and a price sent is never read.
 * - `addToCart` without a `cartId` adds to the caller's open draft (a new one when there is none).
 * - The queue pages by `page` with the `cursor` of the page before (DynamoDB pages by key); counts per status come
 *   with every page.
 */
import * as z from 'zod/mini';
import { CART_STATUSES, type CartStatus } from '@tp/domain/activities';
import type { AmountType } from '@tp/domain/pricing';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zId, zRemarks, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import * as MSG from '../messages.ts';
import {
  ZActivity,
  ZComboShare,
  ZDmcCity,
  ZRateUsed,
  ZTourOption,
  blankAsMissing,
  pageOf,
  zCityId,
  zDateText,
  zDmcId,
} from './dmc-common.ts';

const user = { domain: 'activities', auth: 'user', permission: 'activities.book', api: 'site' } as const;
const staffMarkup = { domain: 'activities', auth: 'staff', permission: 'activities.markup', api: 'site' } as const;

/** Our wording where the spec quotes none (the spec's own three are MSG.activitySearchFailed and co.). */
export const ACTIVITY_MSG = {
  added: 'Added to cart',
  removed: 'Removed from cart',
  cleared: 'Cart cleared',
  updated: 'Cart updated',
  statusChanged: 'Cart status updated',
  remarksSaved: 'Remarks saved',
  assigned: 'Cart assigned',
  kartCreated: 'Quotation created from the cart',
  markupSaved: 'Activity markup saved',
  markupDeleted: 'Activity markup deleted',
  unknownItem: 'This activity is no longer in the cart; reload it',
  unknownUser: 'Please choose a user of this site',
  unknownGroup: 'Please choose a customer group of this site',
  notPriced: 'This tour option cannot be sold for these dates and travellers',
  unknownOption: 'This activity is not sold on this site',
  notConfirmed: 'Only a confirmed cart can become a quotation',
  alreadyKart: 'This cart already has a quotation',
  percentOver100: 'Percentage cannot be more than 100',
  changedMeanwhile: 'This cart was changed meanwhile; reload it and try again',
  tooManyItems: (n: number) => `A cart holds at most ${n} activities`,
  /** 409 of addToCart: the cart is for another party; the envelope's `detail` is ZPartyChange. */
  partyChange: (cart: string, requested: string, keep: string, change: string) =>
    `This cart is for ${cart}. Adding for ${requested} prices every activity in it for ${requested}: ${change} instead of ${keep}. Confirm the change of travellers, or add it for ${cart}.`,
  partyChanged: 'Travellers changed: every activity is priced for them',
  /** The cart's owner pays (docs/dmc.md "The activity cart pays"): refusals of the move that takes the money. */
  walletShort: (amount: string) =>
    `The owner's wallet does not hold ${amount} for this cart: ask them to top it up, then try again`,
  noExchangeRate: (currency: string) =>
    `No exchange rate for ${currency} in the exchange-rate table: add one before confirming this cart`,
  paidFrom: (amount: string) => `${amount} taken from the owner's wallet`,
  /** The owner pays a confirmed cart through the site's gateway (docs/dmc.md "The activity cart pays"). */
  awaitingPayment: 'The owner has not paid this cart yet: they pay it online from their cart, or top up their wallet',
  nothingToPay: 'This cart has nothing to pay now',
  onlyOwnerPays: 'Only the owner of the cart pays it',
  paymentReceived: 'Payment received: your cart is paid',
} as const;

/** Activities one cart may hold (one item, far below DynamoDB's 400 KB). */
export const MAX_CART_ITEMS = 40;
/** Carts per queue page. */
export const QUEUE_PAGE_SIZE = 20;

const zPax = (min: number) =>
  z._default(z.coerce.number({ error: MSG.invalidValue }).check(z.int(), z.minimum(min), z.maximum(50)), min);
const zDay = () =>
  z.pipe(zDateText(), z.string({ error: MSG.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)));
const party = () => ({ adults: zPax(1), children: zPax(0) });
const trip = () => ({ startDate: zDay(), endDate: zDay(), ...party() });
const zCartId = () => zDmcId();

// ---------------------------------------------------------------------------------------------------
// Answers

/** A price the caller may see: what they pay (net and markup stay on the server). */
export const ZActivityPrice = lazy(() =>
  z.object({
    available: z.boolean(),
    price: z.nullable(z.number()),
    currency: z.string(),
    /** Why it cannot be sold that day (stop-sale, no rate), when not available. */
    reason: z.nullable(z.string()),
    /** Ours: the price in the caller's own currency beside it (INR beside AED), when they differ. */
    localPrice: z.optional(z.nullable(ZLocalPrice)),
  }),
);
export type TActivityPrice = z.infer<typeof ZActivityPrice>;

export const ZActivityResult = lazy(() =>
  z.object({
    activity: ZActivity,
    tourOptions: z.array(z.object({ tourOption: ZTourOption, price: ZActivityPrice })),
  }),
);
export type TActivityResult = z.infer<typeof ZActivityResult>;

export const ZCartItem = lazy(() =>
  z.object({
    itemId: z.string(),
    activityId: z.string(),
    activityName: z.string(),
    tourOptionId: z.string(),
    tourOptionName: z.string(),
    date: z.string(),
    adults: z.number(),
    children: z.number(),
    price: z.number(),
    currency: z.string(),
    /** Ours: the combo the line is sold in (its price is then its share of the combo's). */
    combo: z.optional(z.nullable(ZComboShare)),
  }),
);

/**
 * Ours: an amount in the viewer's own currency beside the DMC's (an Indian agent sees INR beside AED), converted
 * through the site's exchange-rate table, naming the rates used.
 */
export const ZLocalPrice = lazy(() =>
  z.object({ amount: z.number(), currency: z.string(), ratesUsed: z.array(ZRateUsed), rateText: z.string() }),
);
export type TLocalPrice = z.infer<typeof ZLocalPrice>;

/** Ours: what a cart took from its owner (docs/dmc.md "The activity cart pays") and whether it was given back. */
export const ZCartPayment = lazy(() =>
  z.object({
    /** wallet: the owner's wallet and credit line; gateway: the site's payment gateway (ours). */
    method: z.enum(['wallet', 'gateway']),
    amount: z.number(),
    currency: z.string(),
    rateText: z.string(),
    paidAt: z.string(),
    refundedAt: z.nullable(z.string()),
  }),
);
export type TCartPayment = z.infer<typeof ZCartPayment>;

export const ZCart = lazy(() =>
  z.object({
    id: z.string(),
    /** Ours: bumped by every change. */
    version: z.number(),
    reference: z.string(),
    userId: z.string(),
    userName: z.string(),
    status: z.enum(CART_STATUSES),
    startDate: z.string(),
    endDate: z.string(),
    adults: z.number(),
    children: z.number(),
    remarks: z.string(),
    items: z.array(ZCartItem),
    totalPrice: z.number(),
    currency: z.string(),
    /** The quotation (kart) staff made of it, once made. */
    kartId: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Where the caller may move it next (empty: nowhere). */
    nextStatuses: z.array(z.enum(CART_STATUSES)),
    /** The caller may change its lines, dates and party. */
    editable: z.boolean(),
    /** Ours: the total in the owner's wallet currency when it differs (what the cart debits); null otherwise. */
    localTotal: z.optional(z.nullable(ZLocalPrice)),
    /** Ours: the owner's payment, once taken. */
    payment: z.optional(z.nullable(ZCartPayment)),
    /**
     * Ours: what the owner may pay now through the site's gateway (a confirmed, unpaid cart of a site whose carts
     * pay); shown to the owner only. Absent or null: nothing to pay online.
     */
    payNow: z.optional(z.nullable(z.object({ amount: z.number(), currency: z.string() }))),
  }),
);
export type TCart = z.infer<typeof ZCart>;

export const ZStatusCount = lazy(() => z.object({ status: z.enum(CART_STATUSES), count: z.number() }));

export const ZQueue = lazy(() =>
  z.object({
    carts: z.array(ZCart),
    statuses: z.array(ZStatusCount),
    page: z.number(),
    totalPages: z.number(),
    nextCursor: z.nullable(z.string()),
  }),
);
export type TQueue = z.infer<typeof ZQueue>;

const AMOUNT_TYPES = ['fixed', 'percent'] as const satisfies readonly AmountType[];

export const ZActivityMarkup = lazy(() =>
  z.object({
    id: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    markupType: z.enum(AMOUNT_TYPES),
    markupValue: z.number(),
    isActive: z.boolean(),
    updatedAt: z.string(),
  }),
);
export type TActivityMarkup = z.infer<typeof ZActivityMarkup>;

// ---------------------------------------------------------------------------------------------------
// Requests

export const ZSearchActivities = lazy(() =>
  z.object({
    cityId: zCityId(),
    ...trip(),
    infants: zPax(0),
    search: z.optional(zShortText({ required: false })),
    cursor: z.optional(zCursor()),
  }),
);

export const ZCartItemInput = lazy(() =>
  z.object({
    activityId: zDmcId(),
    tourOptionId: zDmcId(),
    /** Absent: the cart's start date. */
    date: blankAsMissing(zDay()),
  }),
);

export const ZAddToCart = lazy(() =>
  z.object({
    /** Absent: the caller's open draft, or a new cart. */
    cartId: blankAsMissing(zCartId()),
    ...trip(),
    /**
     * Ours: the caller confirmed that the cart's party becomes `adults`/`children` (every line
     * priced again for it). Without it, adding for another party than a non-empty cart's is refused: 409 with
     * ZPartyChange as the envelope's `detail`.
     */
    changeParty: z._default(z.boolean(), false),
    item: ZCartItemInput,
  }),
);

const ZPricedParty = lazy(() => z.object({ adults: z.number(), children: z.number(), totalPrice: z.number() }));

/** The priced effect of a change of party: the cart with the new line for its own party, and for the one asked. */
export const ZPartyChange = lazy(() =>
  z.object({ current: ZPricedParty, requested: ZPricedParty, currency: z.string() }),
);
export type TPartyChange = z.infer<typeof ZPartyChange>;

const cartRef = () => ({ cartId: zCartId() });

export const ZUpdateCart = lazy(() =>
  z.object({
    ...cartRef(),
    ...trip(),
    /** New dates of lines (others keep theirs); every line is priced again for the new party. */
    items: z._default(z.array(z.object({ itemId: zDmcId(), date: zDay() })).check(z.maxLength(MAX_CART_ITEMS)), []),
  }),
);

export const ZMarkupInput = lazy(() =>
  z
    .object({
      groupId: zId(),
      markupType: z.enum(AMOUNT_TYPES),
      markupValue: z.coerce
        .number({ error: 'Please enter a valid amount' })
        .check(
          z.refine(Number.isFinite, 'Please enter a valid amount'),
          z.minimum(0, 'Amount cannot be negative'),
          z.maximum(1_000_000, MSG.tooLarge(1_000_000)),
        ),
      isActive: z._default(z.boolean(), true),
    })
    .check(
      z.refine((v) => v.markupType !== 'percent' || v.markupValue <= 100, {
        message: ACTIVITY_MSG.percentOver100,
        path: ['markupValue'],
      }),
    ),
);
export type TMarkupInput = z.output<typeof ZMarkupInput>;

// ---------------------------------------------------------------------------------------------------
// Endpoints

export const getActivityCities = endpoint({
  ...user,
  id: 'activities.getActivityCities',
  method: 'GET',
  path: 'activities/getCities',
  request: lazy(() => z.object({})),
  response: lazy(() => z.array(ZDmcCity)),
  summary: 'Ours: the cities the DMC sells in, by name (the /activities landing).',
});

export const searchActivitiesByCityId = endpoint({
  ...user,
  id: 'activities.searchActivitiesByCityId',
  method: 'POST',
  path: 'activities/searchActivitiesByCityId',
  request: ZSearchActivities,
  response: lazy(() => pageOf(ZActivityResult)),
  summary:
    "Activities of a city (highest priority first) with each tour option's price for the party on the start date (rate engine + the caller's group markup).",
});

export const getCartData = endpoint({
  ...user,
  id: 'activities.getCartData',
  method: 'POST',
  path: 'activities/cart/getCartData',
  request: lazy(() => z.object({ cartId: blankAsMissing(zCartId()) })),
  response: lazy(() => z.nullable(ZCart)),
  summary: "A cart of the caller (staff with activities.manage: any of the site); no cartId: the caller's open draft.",
});

export const addToCart = endpoint({
  ...user,
  id: 'activities.addToCart',
  method: 'POST',
  path: 'activities/cart/addToCart',
  request: ZAddToCart,
  response: ZCart,
  summary:
    'Adds a priced tour option to a draft cart (its dates widen to hold it; another party only with changeParty, else 409 with the priced effect); no cartId: the open draft.',
});

export const deleteCartItem = endpoint({
  ...user,
  id: 'activities.deleteCartItem',
  method: 'POST',
  path: 'activities/cart/deleteCartItem',
  request: lazy(() => z.object({ ...cartRef(), itemId: zDmcId() })),
  response: ZCart,
  summary: 'Removes one activity from a draft cart.',
});

export const clearAllCart = endpoint({
  ...user,
  id: 'activities.clearAllCart',
  method: 'POST',
  path: 'activities/cart/clearAllCart',
  request: lazy(() => z.object(cartRef())),
  response: ZCart,
  summary: 'Removes every activity from a draft cart.',
});

export const updateCartData = endpoint({
  ...user,
  id: 'activities.updateCartData',
  method: 'POST',
  path: 'activities/cart/updateCartData',
  request: ZUpdateCart,
  response: ZCart,
  summary: "Changes a draft cart's dates, party and line dates; every line is priced again.",
});

export const updateCartStatus = endpoint({
  ...user,
  id: 'activities.updateCartStatus',
  method: 'POST',
  path: 'activities/cart/updateCartStatus',
  request: lazy(() => z.object({ ...cartRef(), status: z.enum(CART_STATUSES) })),
  response: ZCart,
  summary: 'Moves a cart to another status (who may make which move: docs/activities.md).',
});

export const payCart = endpoint({
  ...user,
  id: 'activities.payCart',
  method: 'POST',
  path: 'activities/cart/payCart',
  request: lazy(() => z.object(cartRef())),
  response: lazy(() => z.object({ paymentId: z.string(), redirectTo: z.string() })),
  summary:
    "Ours: the owner pays a confirmed cart through the site's gateway; the cart is paid once the payment is verified.",
});

export const updateRemarks = endpoint({
  ...user,
  id: 'activities.updateRemarks',
  method: 'POST',
  path: 'activities/cart/updateRemarks',
  request: lazy(() => z.object({ ...cartRef(), remarks: z._default(zRemarks({ max: 1000, required: false }), '') })),
  response: ZCart,
  summary: "Sets a cart's remarks (its owner or staff).",
});

export const updateUserId = endpoint({
  ...user,
  permission: 'activities.manage',
  auth: 'staff',
  id: 'activities.updateUserId',
  method: 'POST',
  path: 'activities/cart/updateUserId',
  request: lazy(() => z.object({ ...cartRef(), userId: zId() })),
  response: ZCart,
  summary: 'Staff: assigns a cart to another user of the site (lines priced again with that user’s group).',
});

export const createKartFromCart = endpoint({
  ...user,
  auth: 'staff',
  permission: 'dmc.karts',
  id: 'activities.createKartFromCart',
  method: 'POST',
  path: 'activities/cart/createKart',
  request: lazy(() => z.object(cartRef())),
  response: lazy(() => z.object({ cartId: z.string(), kartId: z.string() })),
  summary: 'Ours, staff: turns a confirmed cart into a quotation (kart) for its user; once per cart.',
});

export const getQueue = endpoint({
  ...user,
  id: 'activities.getQueue',
  method: 'POST',
  path: 'activities/queue/getQueue',
  request: lazy(() =>
    z.object({
      status: z._default(z.enum(CART_STATUSES), 'submitted' satisfies CartStatus),
      page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
      /** The `nextCursor` of page − 1 (absent on page 1). */
      cursor: z.optional(zCursor()),
    }),
  ),
  response: ZQueue,
  summary:
    "Carts of one status, newest first, with the count of every status: the caller's own (staff with activities.manage: the site's).",
});

export const addActivityMarkUp = endpoint({
  ...staffMarkup,
  id: 'activities.addActivityMarkUp',
  method: 'POST',
  path: 'activity/markup/addActivityMarkUp',
  request: ZMarkupInput,
  response: ZActivityMarkup,
  summary: "Sets a customer group's activity markup (fixed per person or percentage); saving again updates it.",
});

export const getActivityMarkUp = endpoint({
  ...staffMarkup,
  id: 'activities.getActivityMarkUp',
  method: 'GET',
  path: 'activity/markup/getActivityMarkUp',
  request: lazy(() => z.object({ cursor: z.optional(zCursor()) })),
  response: lazy(() =>
    z.object({
      records: z.array(ZActivityMarkup),
      nextCursor: z.nullable(z.string()),
      /** The site's customer groups (the form's group picker), by name. */
      groups: z.array(z.object({ id: z.string(), groupName: z.string(), isDefault: z.boolean() })),
    }),
  ),
  summary: 'Activity markups of the site’s customer groups, with the groups.',
});

export const deleteActivityMarkup = endpoint({
  ...staffMarkup,
  id: 'activities.deleteActivityMarkup',
  method: 'DELETE',
  path: 'activity/markup/deleteActivityMarkup/{id}',
  request: lazy(() => z.object({ id: zDmcId() })),
  response: lazy(() => z.object({ id: z.string() })),
  summary: 'Deletes an activity markup (its group then pays the rate engine’s price).',
});

export const activitiesEndpoints: Endpoint[] = [
  getActivityCities,
  searchActivitiesByCityId,
  getCartData,
  addToCart,
  deleteCartItem,
  clearAllCart,
  updateCartData,
  updateCartStatus,
  payCart,
  updateRemarks,
  updateUserId,
  createKartFromCart,
  getQueue,
  addActivityMarkUp,
  getActivityMarkUp,
  deleteActivityMarkup,
];
