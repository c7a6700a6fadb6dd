import * as z from 'zod/mini';
import type { Endpoint } from '../endpoint.ts';
import { endpoint } from '../endpoint.ts';
import {
  ZListMarkups,
  ZMarkupPage,
  ZMarkupRef,
  ZMarkupSetting,
  ZSaveAirlineMarkup,
  ZSaveDefaultMarkup,
  ZSaveFixedDepartureMarkup,
} from '../markups.ts';
import { lazy } from '../lazy.ts';

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
