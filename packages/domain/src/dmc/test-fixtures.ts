/**
 * Shared by the DMC tests only (not exported from the package): the messages callers pass (the contracts'
 * DMC_RULE_MESSAGES, so a test failing here means the shared text changed) and small record builders.
 */
import { DMC_RULE_MESSAGES } from '@tp/contracts/endpoints/dmc-common';
import type { DmcMessages } from './messages.ts';
import type { Market, TicketRate, TourOption, TransferRate } from './types.ts';

export const M: DmcMessages = DMC_RULE_MESSAGES;

export const INDIA: Market = { marketId: 'mkt-india', name: 'India', currency: 'AED' };
export const GCC: Market = { marketId: 'mkt-gcc', name: 'GCC', currency: 'AED' };

export const tourOption = (over: Partial<TourOption> = {}): TourOption => ({
  id: 'to-1',
  activityId: 'act-1',
  name: 'Option',
  description: '',
  hasTimeSlots: false,
  timeSlots: [],
  hasMeal: false,
  hasGuide: false,
  hasTicket: true,
  pickupTime: null,
  dropPickupTime: null,
  ...over,
});

export const ticketRate = (over: Partial<TicketRate> = {}): TicketRate => ({
  id: 'tr-1',
  tourOptionId: 'to-1',
  marketId: INDIA.marketId,
  adultAmount: 100,
  childAmount: 80,
  isPerPax: true,
  minPax: null,
  maxPax: null,
  validFromDate: '2026-10-01',
  validTillDate: '2027-09-30',
  priority: 1,
  ...over,
});

export const transferRate = (over: Partial<TransferRate> = {}): TransferRate => ({
  id: 'xr-1',
  tourOptionId: 'to-1',
  marketId: INDIA.marketId,
  description: 'From Deira / Bur Dubai hotels',
  transferType: 'Pickup & Drop',
  sharingBasis: 'SIC',
  amount: 40,
  isPerPax: true,
  minPax: null,
  maxPax: null,
  validFromDate: '2026-10-01',
  validTillDate: '2027-09-30',
  priority: 1,
  ...over,
});
