/**
 * Quotations (spec 001 §3–§5; docs/dmc.md "Karts" → "API"): save with every §5 rule, activities priced
 * by the rate engine, totals always computed here; remove lines; voucher and cancel with the kart's transfers in
 * the same transaction; optimistic concurrency on a version; every change audited in its own transaction.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import type * as dmcApi from '@tp/contracts/endpoints/dmc';
import * as api from '@tp/contracts/endpoints/kart';
import {
  KART_MSG,
  sharedQuotationPath,
  type TKart,
  type TKartInput,
  type TKartRow,
} from '@tp/contracts/endpoints/kart';
import { DMC_RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import {
  comboLabel,
  convert,
  describeRate,
  priceCombos,
  freezeRates,
  kartChangeProblem,
  kartErrors,
  paymentTermsProblems,
  placeAreasOf,
  stayLeftOn,
  syncKartTransfers,
  timeLegsFromOption,
  timeSlotProblem,
  transfersOfVoucher,
  withComputedPrices,
  type FxRow,
  type Kart,
  type KartAccomodation,
  type RateUsed,
  type KartDraft,
  type KartTransferLeg,
  type KartTransfers,
  type PlaceAreas,
} from '@tp/domain/dmc';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newId } from '#lib/crypto';
import type { Page, TransactItem } from '#lib/db';
import { AppError, fail, refuseIfAny } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import { notify } from '#lib/notify';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { round2 } from '@tp/domain/pricing';
import {
  allExchangeRates,
  allotmentWrites,
  comboOffers,
  minimumMarginPercent,
  priceContractStays,
  priceWithTourOption,
  priceHotelTransfer,
  quotationMarketId,
  getDmcRecords,
  sitePaymentTerms,
  type StayLine,
} from '../dmc/index.ts';
import { getUser } from '../users/records.ts';
import { storedTransfersOfKart, transferPutItems } from './transfers-repo.ts';
import { balanceReminderItems } from './balance-reminders.ts';
import { sendCancellationRefunds, settleCancellation } from './cancellation.ts';
import { payableWrites } from './payables.ts';
import { kartChange, runKartStatusHooks, type KartWiring } from './hooks.ts';
import { voucherPaper } from './paper.ts';
import { tellQuotationCancelled } from './customer-news.ts';
import { kartRow, kartView as viewOf, transferDetailsOf, type KartRecord } from './model.ts';
import * as repo from './repo.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/** Staff on a site (the preset checked the auth rule and `dmc.karts`). */
export interface KartScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  log: Logger;
}

const siteOf = (scope: Pick<KartScope, 'site'>): SiteId => scope.site.siteId;

/** DynamoDB takes at most 100 items in a transaction: the kart, its audit entry, share / deadline items, transfers. */
const MAX_TRANSFER_WRITES = 91; // and up to 4 balance-reminder writes
/** DynamoDB's cap on one transaction, which a voucher's payables or a cancel's refunds share with the above. */
const MAX_TRANSACTION_ITEMS = 100;

async function requireKart(scope: KartScope, id: string): Promise<KartRecord> {
  const k = await repo.getKart(siteOf(scope), id);
  if (!k) throw fail.notFound();
  return k;
}

/** A save names the version it started from; a newer one on the server means someone else saved meanwhile. */
function checkVersion(saved: KartRecord, version: number | null | undefined): void {
  if (version === null || version === undefined)
    throw fail.validation(KART_MSG.versionRequired, { version: KART_MSG.versionRequired });
  if (version !== saved.version) throw fail.conflict(KART_MSG.changedMeanwhile);
}

/** The staff's view of a kart, with the site's minimum margin (it warns before sharing) and payment terms. */
async function kartView(site: KartScope['site'], k: KartRecord, now: Date): Promise<TKart> {
  const [minimum, terms] = await Promise.all([minimumMarginPercent({ site }), sitePaymentTerms({ site })]);
  return viewOf(site, k, now, minimum, terms);
}

// ---------------------------------------------------------------------------------------------------
// From the request to a kart

type LegIn =
  | {
      date?: string | null | undefined;
      time?: string | null | undefined;
      pickupLocation: string;
      dropLocation: string;
      remarks: string;
    }
  | null
  | undefined;
type TransfersIn = {
  transferType?: KartTransfers['transferType'] | undefined;
  sharingBasis?: KartTransfers['sharingBasis'] | undefined;
  pickupTransfer?: LegIn;
  dropTransfer?: LegIn;
};

const leg = (l: LegIn): KartTransferLeg | null =>
  l
    ? {
        date: l.date ?? null,
        time: l.time ?? null,
        pickupLocation: l.pickupLocation,
        dropLocation: l.dropLocation,
        remarks: l.remarks,
      }
    : null;

const transfersOf = (t: TransfersIn): KartTransfers => ({
  transferType: t.transferType ?? null,
  sharingBasis: t.sharingBasis ?? null,
  pickupTransfer: leg(t.pickupTransfer),
  dropTransfer: leg(t.dropTransfer),
});

/** Kept ids stay; new lines get ours (a line id names its voucher transfers). */
const lineId = (id: string | undefined): string => id ?? newId();

const confirmation = (c: string | undefined) => (c ? { confirmationNumber: c } : {});

type CostingIn = { cost?: number | null; override?: { price: number | null; reason: string } | null };

/**
 * A line's override as sent (the rules name a missing price or reason). `typedCost`: the staff's cost is kept
 * (misc, flight, hand-priced hotel lines); contract-priced lines get theirs from the contracts instead.
 */
const costing = (l: CostingIn, typedCost: boolean) => ({
  ...(typedCost && typeof l.cost === 'number' ? { cost: l.cost } : {}),
  ...(l.override ? { override: { price: l.override.price, reason: l.override.reason.trim() } } : {}),
});

/**
 * The kart as the request describes it, numbers as parsed (NaN / null reach the rules, which name them). Prices
 * of activities and hotel lines are not read: they are computed.
 */
function draftOf(
  input: TKartInput,
  base: { id: string; quotationId: string; quoteDate: string; collectedPayment: number | null },
): KartDraft {
  const rooms = (r: TKartInput['accomodations'][number]['rooms']) =>
    Object.fromEntries(
      Object.entries(r).flatMap(([type, v]) => (v ? [[type, { price: v.price, count: v.count }]] : [])),
    ) as KartAccomodation['rooms'];
  return {
    id: base.id,
    quotationId: base.quotationId,
    quoteDate: base.quoteDate,
    customerId: input.customerId,
    kartName: input.kartName,
    adults: input.adults,
    child: input.child,
    infant: input.infant,
    arrivalDate: input.arrivalDate,
    quoteValidyInDays: input.quoteValidyInDays,
    accomodations: input.accomodations.map((l) => ({
      id: lineId(l.id),
      ...confirmation(l.confirmationNumber),
      ...costing(l, true),
      accomodationId: l.accomodationId,
      ...(l.accomodationName ? { accomodationName: l.accomodationName } : {}),
      noOfNights: l.noOfNights,
      ...(l.contractStay ? { contractStay: l.contractStay } : {}),
      checkinDate: l.checkinDate ?? null,
      numberOfRooms: l.numberOfRooms,
      rooms: rooms(l.rooms),
      transferPrice: l.transferPrice ?? 0,
      ...(l.airportAreaId ? { airportAreaId: l.airportAreaId } : {}),
      bookedByCustomer: l.bookedByCustomer,
      ...transfersOf(l),
    })) as KartDraft['accomodations'],
    activities: input.activities.map((l) => ({
      id: lineId(l.id),
      ...confirmation(l.confirmationNumber),
      ...costing(l, false),
      activityId: l.activityId,
      tourOptionId: l.tourOptionId,
      ...(l.activityName ? { activityName: l.activityName } : {}),
      ...(l.tourOptionName ? { tourOptionName: l.tourOptionName } : {}),
      price: 0,
      startDate: l.startDate ?? null,
      time: l.time ?? null,
      transfers: transfersOf(l.transfers),
    })) as KartDraft['activities'],
    miscellaneous: input.miscellaneous.map((l) => ({
      id: lineId(l.id),
      ...confirmation(l.confirmationNumber),
      ...costing(l, true),
      name: l.name,
      description: l.description,
      price: l.price,
      startDate: l.startDate ?? null,
    })) as KartDraft['miscellaneous'],
    flightDetails: input.flightDetails.map((l) => ({
      id: lineId(l.id),
      ...confirmation(l.confirmationNumber),
      ...costing(l, true),
      airlineCode: l.airlineCode,
      flightNo: l.flightNo,
      origin: l.origin,
      destination: l.destination,
      price: l.price,
      departureDate: l.departureDate ?? null,
      departureTime: l.departureTime ?? null,
      arrivalDate: l.arrivalDate ?? null,
      arrivalTime: l.arrivalTime ?? null,
      pnr: l.pnr,
    })) as KartDraft['flightDetails'],
    passengers: input.passengers,
    serviceCharge: input.serviceCharge,
    remittanceCharge: input.remittanceCharge,
    discount: input.discount,
    remark: input.remark,
    priceBreakup: input.priceBreakup,
    noOfDays: input.noOfDays,
    noOfNights: input.noOfNights,
    isVouchered: input.isVouchered,
    isCancelled: input.isCancelled,
    paymentDeadline: input.paymentDeadline ?? null,
    // Derived from the receipts and refunds (receipts.ts), never typed: a save keeps what was collected.
    collectedPayment: base.collectedPayment,
    internalRemark: input.internalRemark,
    remarkForCustomer: input.remarkForCustomer,
    currencySymbol: input.currencySymbol,
    isAgentBranding: input.isAgentBranding,
  };
}

/** The kart as a save request (what voucher, cancel and line removal send through the one save path). */
function inputOf(k: KartRecord): TKartInput {
  return { ...k, version: k.version } as unknown as TKartInput;
}

/** The exchange-rate table and the rates a shared or vouchered kart froze: every conversion of a save goes through it. */
interface Fx {
  rows: FxRow[];
  frozen: RateUsed[];
  /** The day whose rates a new conversion uses: the day the kart is quoted. */
  day: string;
  to: string;
}

/** An amount of a contract's currency in the kart's, with the rates used; null (and an error) without a rate. */
function converted(fx: Fx, amount: number, from: string, errors: Record<string, string>, field: string) {
  const r = convert(amount, from, fx.to, fx.rows, fx.day, fx.frozen);
  if (!r.ok) errors[field] = KART_MSG.noExchangeRate(r.missing);
  return r.ok ? r : null;
}

const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A hotel line with an airport area and a transfer: the transfer is priced from the area transfers (arrival on the
 * check-in day, departure on check-out) for the whole party, converted into the kart's currency.
 */
async function priceHotelTransfers(
  scope: KartScope,
  draft: KartDraft,
  marketId: string | null,
  fx: Fx,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const pax = [draft.adults, draft.child].reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
  // The stays as far as they are typed (check-in defaulting to the arrival): what a hotel change is read from.
  const stays = (draft.accomodations ?? []).flatMap((line) => {
    const checkinDate = line.checkinDate ?? draft.arrivalDate;
    return typeof line.accomodationId === 'string' && typeof line.noOfNights === 'number' && checkinDate
      ? [{ line, accomodationId: line.accomodationId, checkinDate, noOfNights: line.noOfNights }]
      : [];
  });
  await Promise.all(
    (draft.accomodations ?? []).map(async (line, i) => {
      const checkin = line.checkinDate ?? draft.arrivalDate;
      if (!line.airportAreaId || !line.transferType || !line.sharingBasis || !line.accomodationId || !checkin) return;
      if (typeof line.noOfNights !== 'number' || pax < 1) return; // the rules name them
      const stay = stays.find((s) => s.line === line);
      const previous = stay && stayLeftOn(stays, stay);
      const priced = await priceHotelTransfer(scope, {
        accomodationId: line.accomodationId,
        previousAccomodationId: previous?.accomodationId ?? null,
        airportAreaId: line.airportAreaId,
        marketId,
        choice: { transferType: line.transferType, sharingBasis: line.sharingBasis },
        arrivalDate: checkin,
        departureDate: addDays(checkin, line.noOfNights),
        pax,
      });
      const field = `accomodations.${i}.transferPrice`;
      if (!priced.ok) {
        errors[field] = priced.message;
        return;
      }
      const sell = converted(fx, priced.amount, priced.currency, errors, field);
      const cost = converted(fx, priced.cost, priced.currency, errors, field);
      if (!sell || !cost) return;
      const legs = priced.legs.map(
        (l) =>
          `${l.units} × ${priced.currency} ${l.unitAmount.toFixed(2)} ${l.sharing === 'private' ? 'PVT' : 'SIC'} ${l.hotelChange ? 'hotel change' : l.leg === 'pickup' ? 'arrival' : 'departure'}`,
      );
      const rates = sell.used.length
        ? ` = ${fx.to} ${sell.amount.toFixed(2)} (${sell.used.map(describeRate).join('; ')})`
        : '';
      const transferWorking = `${legs.join(' + ')}${rates}`;
      Object.assign(line, {
        transferPrice: sell.amount,
        transferCost: priced.costKnown ? cost.amount : null,
        // A contract-priced line already shows its rooms' working (dmc/hotel-stays.ts): the transfer follows it.
        working: line.contractStay && line.working ? `${line.working}; transfer ${transferWorking}` : transferWorking,
        ratesUsed: sell.used,
      });
    }),
  );
  return errors;
}

/**
 * Prices every activity through the rate engine for the kart's party on its start date (the arrival date until
 * one is set). A line it cannot price is refused with the engine's reason. A market contracted in another currency
 * than the kart's is converted through the exchange-rate table.
 */
async function priceActivities(
  scope: KartScope,
  draft: KartDraft,
  marketId: string | null,
  fx: Fx,
  /** Filled with each priced line's ticket and transfer in the kart's currency (what a combo may replace). */
  parts: Map<number, ComboPart>,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const adults = draft.adults;
  if (typeof adults !== 'number' || !Number.isInteger(adults) || adults < 1) return errors; // the rules name it
  const children = typeof draft.child === 'number' && Number.isInteger(draft.child) ? draft.child : 0;
  await Promise.all(
    (draft.activities ?? []).map(async (line, i) => {
      const date = line.startDate ?? draft.arrivalDate;
      if (!line.tourOptionId || !line.activityId || !date) return; // the rules name what is missing
      const t = line.transfers ?? {};
      try {
        const { tourOption, price } = await priceWithTourOption(scope, {
          tourOptionId: line.tourOptionId,
          ...(marketId ? { marketId } : {}),
          date,
          adults,
          children: Math.max(0, children),
          transferType: t.sharingBasis ? (t.transferType ?? null) : null,
          sharingBasis: t.transferType ? (t.sharingBasis ?? null) : null,
        } as In<typeof dmcApi.getTourOptionPriceForQuotationBuilder>);
        timeLegsFromOption(t, tourOption);
        const slotProblem = timeSlotProblem(tourOption, line.time, draft.isVouchered === true);
        if (slotProblem) errors[`activities.${i}.time`] = slotProblem;
        if (price.activityId !== line.activityId) errors[`activities.${i}.tourOptionId`] = KART_MSG.wrongActivity;
        else if (!price.available) errors[`activities.${i}.price`] = price.reason.message;
        else {
          const field = `activities.${i}.price`;
          const sell = converted(fx, price.price, price.currency, errors, field);
          const cost = converted(fx, price.cost, price.currency, errors, field);
          const ticket = converted(fx, price.ticketPrice, price.currency, errors, field);
          // The transfer is what the converted whole leaves after the ticket: the two add up to the line exactly.
          if (sell && ticket)
            parts.set(i, {
              ticket: ticket.amount,
              transfer: round2(sell.amount - ticket.amount),
              name: line.tourOptionName || tourOption.name,
            });
          if (sell && cost)
            Object.assign(line, {
              price: sell.amount,
              working: sell.used.length
                ? `${price.working} = ${fx.to} ${sell.amount.toFixed(2)} (${sell.used.map(describeRate).join('; ')})`
                : price.working,
              ratesUsed: sell.used,
              ...(price.costKnown ? { cost: cost.amount } : {}),
            });
        }
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND')
          errors[`activities.${i}.tourOptionId`] = MSG.invalidReference;
        else throw err;
      }
    }),
  );
  return errors;
}

/** A priced activity line as a combo sees it: ticket and transfer in the kart's currency, the option's name. */
interface ComboPart {
  ticket: number;
  transfer: number;
  name: string;
}

/**
 * Combos over the priced activity lines (docs/dmc.md "Combos in quotations and carts"): a combo whose tour options
 * are all on the quotation replaces their prices with its own, spread over them; every other line sells alone.
 */
async function priceKartCombos(
  scope: KartScope,
  draft: KartDraft,
  fx: Fx,
  parts: ReadonlyMap<number, ComboPart>,
): Promise<void> {
  const lines = draft.activities ?? [];
  for (const line of lines) Object.assign(line, { combo: null });
  if (!parts.size) return;
  const adults = typeof draft.adults === 'number' ? draft.adults : 0;
  const children = typeof draft.child === 'number' ? draft.child : 0;
  const { offers, ratesUsed } = await comboOffers(scope, fx);
  const candidates = [...parts.entries()].map(([i, p]) => ({
    key: String(i),
    tourOptionId: lines[i]!.tourOptionId!,
    ticket: p.ticket,
    transfer: p.transfer,
  }));
  const priced = priceCombos(candidates, offers, { adults, children });
  for (const [key, { price, deal }] of priced.lines) {
    const line = lines[Number(key)]!;
    const used = ratesUsed.get(deal.comboId) ?? [];
    const names = deal.keys.map((k) => parts.get(Number(k))!.name);
    const rate = used.length ? ` (${used.map(describeRate).join('; ')})` : '';
    Object.assign(line, {
      price,
      combo: { comboId: deal.comboId, name: deal.name, price: deal.price, replaces: deal.replaces, options: names },
      working: `${line.working ?? ''}; ${comboLabel(deal, names)}: ${fx.to} ${deal.price.toFixed(2)} for the party instead of ${fx.to} ${deal.replaces.toFixed(2)}${rate}`,
      ratesUsed: [...((line.ratesUsed as RateUsed[] | undefined) ?? []), ...used],
    });
  }
}

async function customerOf(scope: KartScope, customerId: string | undefined) {
  if (!customerId) return null;
  const user = await getUser(siteOf(scope), customerId);
  if (!user) throw fail.validation(KART_MSG.unknownCustomer, { customerId: KART_MSG.unknownCustomer });
  return {
    customerName: [user.firstName, user.lastName].filter((s) => s?.trim()).join(' ') || user.email,
    customerPhone: user.phoneNumbers[0]?.phoneNumber ?? '',
  };
}

/** The transfers a change writes: vouchered karts follow their lines; a cancelled kart cancels its open ones. */
async function transferWrites(scope: KartScope, before: KartRecord | null, after: KartRecord): Promise<TransactItem[]> {
  if (!after.isVouchered && !before?.isVouchered) return [];
  const [saved, areas] = await Promise.all([storedTransfersOfKart(scope, after.id), placeAreas(scope, after)]);
  const sync = syncKartTransfers(
    saved.map((s) => s.transfer),
    transfersOfVoucher(after),
    transferDetailsOf(after, areas),
    scope.now.toISOString(),
  );
  const writes = [...sync.put, ...sync.cancelled];
  if (writes.length > MAX_TRANSFER_WRITES)
    throw fail.validation(KART_MSG.tooManyTransfers(MAX_TRANSFER_WRITES), {
      itinerary: KART_MSG.tooManyTransfers(MAX_TRANSFER_WRITES),
    });
  // Conditional on the stamps read: a transfer staff changed meanwhile fails the commit (409), never overwritten.
  return transferPutItems(scope, writes, saved);
}

/** The area names a vouchered kart's legs pick up in: its hotels', its activities' and its airport areas'. */
async function placeAreas(scope: KartScope, k: KartRecord): Promise<PlaceAreas> {
  const siteId = siteOf(scope);
  const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const [hotels, activities] = await Promise.all([
    getDmcRecords(siteId, 'hotel', unique(k.accomodations.map((l) => l.accomodationId))),
    getDmcRecords(siteId, 'activity', unique(k.activities.map((l) => l.activityId))),
  ]);
  const areaIds = unique([
    ...hotels.map((h) => h.area),
    ...activities.map((a) => a.area),
    ...k.accomodations.map((l) => l.airportAreaId),
  ]);
  const areas = await getDmcRecords(siteId, 'area', areaIds);
  return placeAreasOf(hotels, activities, new Map(areas.map((a) => [a.id, a.name])));
}

/** Tries of a change whose transaction only collided with another one on the same allotment night. */
const COLLISION_TRIES = 20;

/**
 * Allotment rooms the change takes or gives back (docs/dmc.md "Hotel contracts"): held while the kart is vouchered
 * and not cancelled; nothing to do for a quotation that was never vouchered.
 */
async function roomsHeld(scope: KartScope, before: KartRecord | null, after: KartRecord): Promise<TransactItem[]> {
  if (!after.isVouchered && !before?.isVouchered) return [];
  const holding = after.isVouchered && !after.isCancelled;
  return allotmentWrites(scope, after.id, holding, after.accomodations as StayLine[], after.arrivalDate);
}

/** Writes a kart (new when `before` is null) with its audit entry, deadline index and transfers in one transaction. */
async function commitKart(
  scope: KartScope,
  before: KartRecord | null,
  after: KartRecord,
  extra: TransactItem[] = [],
): Promise<KartRecord> {
  const siteId = siteOf(scope);
  const rooms = await roomsHeld(scope, before, after);
  const items: TransactItem[] = [
    ...repo.kartWrites(siteId, after, before),
    auditPut(siteId, recordChange('kart', after.id, before, after), auditActor(scope.principal), scope.now),
    ...repo.deadlineItems(scope.site, before, after),
    ...(await transferWrites(scope, before, after)),
    ...rooms,
    ...extra,
  ];
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw fail.validation(KART_MSG.tooManyWrites, { itinerary: KART_MSG.tooManyWrites });
  if (rooms.length === 0) {
    if (!(await repo.commit(items))) throw fail.conflict(KART_MSG.changedMeanwhile);
    return after;
  }
  // Vouchers of the same hotel nights race on the allotment counters: a mere collision tries again; a refused
  // condition is either the last rooms gone (the same check again names the night, a 409) or the kart changed.
  for (let tries = 0; tries < COLLISION_TRIES; tries++) {
    const codes = await repo.commitOrCodes(items);
    if (codes === null) return after;
    if (codes.includes('ConditionalCheckFailed')) {
      await roomsHeld(scope, before, after);
      throw fail.conflict(KART_MSG.changedMeanwhile);
    }
    await new Promise((r) => setTimeout(r, Math.random() * 20 * (tries + 1)));
  }
  throw fail.conflict(KART_MSG.changedMeanwhile);
}

/** Quotation ids people can read out on the phone: the creation day and the id's first characters. */
const quotationIdOf = (id: string, today: string) => `Q${today.replaceAll('-', '')}-${id.slice(0, 6).toUpperCase()}`;

/** Another domain's writes for the kart about to be committed (it knows the kart's id). */
export type AlsoWrite = (kart: KartRecord) => TransactItem[];

/**
 * The one save path: create or edit, voucher, cancel, remove a line. `alsoWrite`: another domain's writes that
 * commit in the kart's own transaction or not at all (an activity cart's "made into this quotation" guard).
 */
async function save(
  scope: KartScope,
  input: TKartInput,
  wiring: KartWiring,
  alsoWrite: AlsoWrite = () => [],
): Promise<KartRecord> {
  return (await saveChange(scope, input, wiring, alsoWrite)).after;
}

/** The save path, answering the kart before (null: new) and after. */
async function saveChange(
  scope: KartScope,
  input: TKartInput,
  wiring: KartWiring,
  alsoWrite: AlsoWrite,
): Promise<{ before: KartRecord | null; after: KartRecord }> {
  const siteId = siteOf(scope);
  const before = input.id ? await requireKart(scope, input.id) : null;
  if (before) checkVersion(before, input.version);
  const problem = kartChangeProblem(before, input);
  if (problem) throw fail.validation(problem, { isVouchered: problem });

  const today = siteToday(scope.site, scope.now);
  const id = before?.id ?? newId();
  const draft = draftOf(input, {
    id,
    quotationId: before?.quotationId ?? quotationIdOf(id, today),
    quoteDate: today,
    collectedPayment: before?.collectedPayment ?? null,
  });
  // The market is resolved once and stored: a later save prices in the same one unless staff change it.
  const marketId = await quotationMarketId(scope, input.marketId, input.customerId);
  const fx: Fx = {
    rows: await allExchangeRates(siteId),
    frozen: before?.frozenRates ?? [],
    day: today,
    to: input.currencySymbol,
  };
  // A hotel line's rooms are priced before its transfer: the transfer's working follows the rooms'.
  const hotelLines = async () => {
    const stays = await priceContractStays(
      scope,
      (draft.accomodations ?? []) as StayLine[],
      marketId,
      draft.arrivalDate,
    );
    return { ...stays, ...(await priceHotelTransfers(scope, draft, marketId, fx)) };
  };
  const parts = new Map<number, ComboPart>();
  const activityLines = async () => {
    const errors = await priceActivities(scope, draft, marketId, fx, parts);
    await priceKartCombos(scope, draft, fx, parts);
    return errors;
  };
  const [customer, pricing, hotels, siteTerms] = await Promise.all([
    customerOf(scope, input.customerId),
    activityLines(),
    hotelLines(),
    sitePaymentTerms(scope),
  ]);
  const termsErrors = input.paymentTerms
    ? Object.fromEntries(
        Object.entries(paymentTermsProblems(input.paymentTerms)).map(([k, v]) => [`paymentTerms.${k}`, v]),
      )
    : {};
  const errors = { ...kartErrors(draft, DMC_RULE_MESSAGES), ...pricing, ...hotels, ...termsErrors };
  refuseIfAny(errors);

  const kart = draft as Kart;
  const at = scope.now.toISOString();
  const edited: KartRecord = {
    ...withComputedPrices(kart),
    version: (before?.version ?? 0) + 1,
    marketId,
    customerName: customer!.customerName,
    customerPhone: customer!.customerPhone,
    createdAt: before?.createdAt ?? at,
    updatedAt: at,
    share: before?.share ?? null,
    paymentTerms: input.paymentTerms ?? null,
    // A save never moves money: what receipts collected and the acceptance stay as they were.
    paidRev: before?.paidRev ?? 0,
    acceptance: before?.acceptance ?? null,
    // Vouchering freezes the rates its prices used (sharing does too, share.ts); later saves keep them.
    frozenRates: kart.isVouchered ? freezeRates(before?.frozenRates, kart) : (before?.frozenRates ?? []),
    frozenCancellationFees: before?.frozenCancellationFees ?? null,
    cancellation: before?.cancellation ?? null,
    payables: before?.payables ?? null,
  };
  // A cancel settles its fee and refunds; a voucher raises the supplier payables, a cancel reverses them.
  const settled = await settleCancellation(scope, before, edited);
  const payables = await payableWrites(scope, before, settled.kart);
  const after = payables.kart;
  // The customer's balance reminders follow the balance's day (a confirmed or accepted quotation's).
  await commitKart(scope, before, after, [
    ...alsoWrite(after),
    ...balanceReminderItems(siteId, before, after, siteTerms),
    ...settled.items,
    ...payables.items,
  ]);
  await sendCancellationRefunds(scope, settled);
  scope.log.info('kart saved', { siteId, kartId: id, version: after.version });
  // The GST invoice of a vouchered kart, its credit note when cancelled: never undoes the save.
  const change = kartChange(before, after);
  if (change) await runKartStatusHooks(wiring, scope.site, after, change, scope.now);
  const confirmationMailed = await voucherPaper(scope, after, change);
  await tellQuotationCancelled(scope.site, before, after);
  // The customer waits for this one: vouchered is the quotation confirmed.
  if (change === 'vouchered' && after.customerId)
    await notify({
      // The vouchers' mail is the confirmation when it went: the worker then only pushes.
      mailedByProducer: confirmationMailed,
      siteId,
      kind: 'quotationConfirmed',
      to: { userIds: [after.customerId] },
      title: 'Quotation confirmed',
      body: `Your quotation for ${after.customerName || 'your trip'} is confirmed.`,
      // Its shared page when it was shared; customers have no other screen of a quotation.
      path: after.share ? sharedQuotationPath(after.share.slug) : '/',
      idempotencyKey: `kart-vouchered#${id}#${after.version}`,
    });
  return { before, after };
}

/**
 * What a save did, for its toast: cancelled or vouchered only when this save did it; an edit
 * of a kart that was already vouchered (the builder sends `isVouchered: true` with it) is "Quotation saved".
 */
export function saveMessage(before: Pick<KartRecord, 'isVouchered' | 'isCancelled'> | null, after: KartRecord): string {
  if (after.isCancelled && !before?.isCancelled) return KART_MSG.cancelled;
  if (after.isVouchered && !before?.isVouchered) return KART_MSG.vouchered;
  return KART_MSG.saved;
}

// ---------------------------------------------------------------------------------------------------
// Operations

export async function saveKart(
  scope: KartScope,
  input: In<typeof api.saveKart>,
  wiring: KartWiring,
  /** Writes that commit with the kart or not at all (a lost condition among them: 409, no kart saved). */
  alsoWrite?: AlsoWrite,
): Promise<TKart> {
  return kartView(scope.site, await save(scope, input, wiring, alsoWrite), scope.now);
}

/** A save from the builder with the toast of what it did. */
export async function saveKartWithMessage(
  scope: KartScope,
  input: In<typeof api.saveKart>,
  wiring: KartWiring,
): Promise<{ kart: TKart; message: string }> {
  const { before, after } = await saveChange(scope, input, wiring, () => []);
  return { kart: await kartView(scope.site, after, scope.now), message: saveMessage(before, after) };
}

export async function getKartById(scope: KartScope, id: string): Promise<TKart> {
  return kartView(scope.site, await requireKart(scope, id), scope.now);
}

export async function listKarts(scope: KartScope, input: In<typeof api.getAllKartsForWl>): Promise<Page<TKartRow>> {
  const page = await repo.listKarts(
    siteOf(scope),
    { search: input.search, isVouchered: input.isVouchered, isCancelled: input.isCancelled },
    { cursor: input.cursor, limit: input.limit },
  );
  const today = siteToday(scope.site, scope.now);
  return { records: page.records.map((k) => kartRow(scope.site, k, today)), nextCursor: page.nextCursor };
}

type RemovableSection = 'accomodations' | 'activities' | 'miscellaneous';

/** Removes one line; the kart is saved again through the same rules (a last line cannot go: §5 itinerary). */
export async function removeLine(
  scope: KartScope,
  section: RemovableSection,
  input: In<typeof api.removeKartActivity>,
  wiring: KartWiring,
): Promise<TKart> {
  const saved = await requireKart(scope, input.id);
  const lines = saved[section] as { id: string }[];
  if (!lines.some((l) => l.id === input.lineId))
    throw fail.validation(KART_MSG.unknownLine, { lineId: KART_MSG.unknownLine });
  const next = inputOf({ ...saved, [section]: lines.filter((l) => l.id !== input.lineId) } as KartRecord);
  return kartView(
    scope.site,
    await save(scope, { ...next, version: input.version ?? saved.version }, wiring),
    scope.now,
  );
}

/** Vouchers or cancels a saved kart through the same save path (rules, transfers, audit). */
export async function setStatus(
  scope: KartScope,
  to: 'vouchered' | 'cancelled',
  input: In<typeof api.voucherKart>,
  wiring: KartWiring,
): Promise<TKart> {
  const saved = await requireKart(scope, input.id);
  const next = inputOf(saved);
  const changed = to === 'vouchered' ? { isVouchered: true } : { isCancelled: true };
  return kartView(
    scope.site,
    await save(scope, { ...next, ...changed, version: input.version ?? saved.version }, wiring),
    scope.now,
  );
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSaveKart = answers(api.saveKart, async (input, scope, wiring: KartWiring) => {
  const { kart, message } = await saveKartWithMessage(scope, input, wiring);
  return reply(kart, { message });
});
export const answerRemoveKartAccomodation = answers(
  api.removeKartAccomodation,
  async (input, scope, wiring: KartWiring) =>
    reply(await removeLine(scope, 'accomodations', input, wiring), { message: KART_MSG.lineRemoved }),
);
export const answerRemoveKartActivity = answers(api.removeKartActivity, async (input, scope, wiring: KartWiring) =>
  reply(await removeLine(scope, 'activities', input, wiring), { message: KART_MSG.lineRemoved }),
);
export const answerRemoveKartMiscellaneous = answers(
  api.removeKartMiscellaneous,
  async (input, scope, wiring: KartWiring) =>
    reply(await removeLine(scope, 'miscellaneous', input, wiring), { message: KART_MSG.lineRemoved }),
);
export const answerGetAllKartsForWl = answers(api.getAllKartsForWl, (input, scope) => listKarts(scope, input));
export const answerGetKartById = answers(api.getKartById, (input, scope) => getKartById(scope, input.id));
export const answerVoucherKart = answers(api.voucherKart, async (input, scope, wiring: KartWiring) =>
  reply(await setStatus(scope, 'vouchered', input, wiring), { message: KART_MSG.vouchered }),
);
export const answerCancelKart = answers(api.cancelKart, async (input, scope, wiring: KartWiring) =>
  reply(await setStatus(scope, 'cancelled', input, wiring), { message: KART_MSG.cancelled }),
);
