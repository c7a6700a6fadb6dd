/**
 * A fake DMC back office behind the fake API (web/src/test): records held in memory, lists searched and
 * paged like the server's, saves that answer the record, so a screen's tests see their changes. Rules are
 * the client's to check; the fake stores what it is sent.
 */
import { getDbCities } from '@tp/contracts/endpoints/master';
import {
  addArea,
  createTransfers,
  deleteArea,
  deleteTransfers,
  getFilteredAreas,
  getFilteredAreasTransfers,
  getFilteredAreasTransfersType,
  getTransfers,
  mapAreaActivity,
  searchAreas,
} from '@tp/contracts/endpoints/areas';
import {
  changeTourOptionTicketRatePriority,
  changeTourOptionTransferRatePriority,
  createDmcCombo,
  createNewAccomodation,
  createNewMarket,
  deleteTourOptionTicketRates,
  fetchActivities,
  getAccomodation,
  getActivities,
  getAllCities,
  getAllDmcData,
  getCombos,
  getDefaultMarketOptions,
  getDmcAuditTrail,
  getDrivers,
  getLocationOptions,
  getStopSales,
  getTourOptionPriceForQuotationBuilder,
  getTourOptionTicketRates,
  getTourOptionTransferRates,
  getTourOptions,
  saveActivity,
  saveActivityTicketRates,
  saveDriver,
  saveTourOptions,
  saveTourOptionTransferRates,
  searchMarket,
  updateActivityPriority,
  type TAccommodation,
  type TActivity,
  type TArea,
  type TAreaTransfer,
  type TCombo,
  type TMarket,
  type TTicketRate,
  type TTourOption,
  type TTransferRate,
} from '@tp/contracts/endpoints/dmc';
import { byPriority, prioritiesFromNewPriority } from '@tp/domain/dmc';
import { expect } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { Endpoint } from '@tp/contracts/endpoint';
import { fakeApi } from '#test/fake-api.ts';

// happy-dom has no FontFaceSet, which Mantine's autosize Textarea listens to (as in become-supplier.test.tsx).
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

export const DUBAI = { cityId: 26, cityName: 'Dubai' };
export const INDIA: TMarket = { marketId: 'dmc-mkt-india', name: 'India', currency: 'AED', isDefault: true };
export const GCC: TMarket = { marketId: 'dmc-mkt-gcc', name: 'GCC', currency: 'AED', isDefault: false };
export const DEIRA: TArea = { id: 'dmc-area-deira', name: 'Deira', ...DUBAI };
export const DXB: TArea = { id: 'dmc-area-dxb', name: 'DXB Airport', ...DUBAI };
export const BURJ: TActivity = {
  id: 'dmc-act-burj',
  name: 'Burj Khalifa',
  description: 'At the Top',
  ...DUBAI,
  priority: 5,
  area: null,
  areaName: null,
};
export const FRAME: TActivity = { ...BURJ, id: 'dmc-act-frame', name: 'Dubai Frame', priority: 1 };
export const L124: TTourOption = {
  id: 'dmc-opt-l124',
  activityId: BURJ.id,
  activityName: BURJ.name,
  name: 'Level 124 off-peak',
  description: '',
  hasTimeSlots: true,
  timeSlots: ['10:00', '14:00'],
  hasMeal: false,
  hasGuide: false,
  hasTicket: true,
  pickupTime: '09:00',
  dropPickupTime: '13:00',
};
const season = { validFromDate: '2026-10-01', validTillDate: '2027-09-30' };
export const SEASON_RATE: TTicketRate = {
  id: 'dmc-tr-season',
  tourOptionId: L124.id,
  marketId: INDIA.marketId,
  adultAmount: 169,
  childAmount: 135,
  isPerPax: true,
  minPax: null,
  maxPax: null,
  ...season,
  priority: 2,
};
export const GCC_RATE: TTicketRate = { ...SEASON_RATE, id: 'dmc-tr-gcc', marketId: GCC.marketId, priority: 1 };
export const SIC_RATE: TTransferRate = {
  id: 'dmc-xr-sic',
  tourOptionId: L124.id,
  marketId: INDIA.marketId,
  description: 'Hotel pickup',
  transferType: 'Pickup & Drop',
  sharingBasis: 'SIC',
  amount: 40,
  isPerPax: true,
  minPax: null,
  maxPax: null,
  ...season,
  priority: 1,
};
export const AIRPORT_TRANSFER: TAreaTransfer = {
  id: 'dmc-at-dxb-deira',
  from: DXB.id,
  fromName: DXB.name,
  to: DEIRA.id,
  toName: DEIRA.name,
  marketId: INDIA.marketId,
  description: 'Arrival',
  transferType: 'Pickup',
  sharingBasis: 'sharing',
  amount: 13.61,
  isStandAlone: true,
  isPerPax: true,
  minPax: null,
  maxPax: null,
  ...season,
};

type Paging = { search?: string; cursor?: string; limit?: number | string };
/** A cursor page as the server answers it: name search, then pages of `limit` (the cursor is the offset). */
function page<T>(rows: T[], input: Paging, text: (r: T) => string) {
  const q = input.search?.toLowerCase() ?? '';
  const found = rows.filter((r) => text(r).toLowerCase().includes(q));
  const start = Number(input.cursor ?? 0);
  const limit = Number(input.limit ?? 20);
  const next = start + limit < found.length ? String(start + limit) : null;
  return { records: found.slice(start, start + limit), nextCursor: next };
}

let seq = 0;
const newId = (kind: string) => `dmc-${kind}-new-${++seq}`;
/** Upsert by id: a save with an id replaces that record. */
function upsert<T extends { id: string }>(rows: T[], record: T): T {
  const i = rows.findIndex((r) => r.id === record.id);
  if (i === -1) rows.push(record);
  else rows[i] = record;
  return record;
}

type Sent = Record<string, any>;
interface Loose {
  on(endpoint: Endpoint, answer: ((input: Sent) => unknown) | object): Loose;
}

export function dmcServer() {
  const db = {
    markets: [INDIA, GCC],
    areas: [DEIRA, DXB],
    hotels: [] as TAccommodation[],
    activities: [BURJ, FRAME],
    tourOptions: [L124],
    ticketRates: [SEASON_RATE, GCC_RATE],
    transferRates: [SIC_RATE],
    areaTransfers: [AIRPORT_TRANSFER],
    combos: [] as TCombo[],
  };
  const area = (id: unknown) => db.areas.find((a) => a.id === id);
  const ratesOf = <R extends { tourOptionId: string; id: string; priority: number }>(rows: R[], id: unknown) =>
    byPriority(rows.filter((r) => r.tourOptionId === id));
  const reorder =
    <R extends { tourOptionId: string; id: string; priority: number }>(rows: R[]) =>
    (input: { tourOptionId: string; newPriority: string[] }) => {
      const mine = rows.filter((r) => r.tourOptionId === input.tourOptionId);
      const out = prioritiesFromNewPriority(
        input.newPriority,
        mine.map((r) => r.id),
      );
      if (!out.ok) throw new Error(out.message);
      for (const r of mine) r.priority = out.priorities.get(r.id)!;
      return ratesOf(rows, input.tourOptionId);
    };

  const api = fakeApi();
  // Inputs as sent (a GET's values arrive as text), so handlers read them loosely.
  (api as unknown as Loose)
    .on(getDefaultMarketOptions, (i) => ({
      markets: db.markets,
      defaultMarketId: INDIA.marketId,
      ...(i.userId ? { customerMarketId: null } : {}),
    }))
    .on(searchMarket, (i) => page(db.markets, i, (m) => m.name))
    .on(createNewMarket, (i) => {
      const market = {
        marketId: i.marketId ?? newId('mkt'),
        name: i.name,
        currency: i.currency,
        isDefault: i.isDefault,
      };
      db.markets = [...db.markets.filter((m) => m.marketId !== market.marketId), market];
      return market;
    })
    .on(getAllCities, [DUBAI])
    .on(getDbCities, [{ id: 26, city: 'Dubai', state: 'Dubai', stateCode: 'DU', country: 'UAE', countryCode: 'AE' }])
    .on(searchAreas, (i) =>
      page(
        db.areas.filter((a) => !i.cityId || a.cityId === Number(i.cityId)),
        i,
        (a) => a.name,
      ),
    )
    .on(addArea, (i) =>
      upsert(db.areas, {
        id: i.id ?? newId('area'),
        name: String(i.name),
        cityId: Number(i.cityId),
        cityName: i.cityName ?? '',
      }),
    )
    .on(deleteArea, (i) => {
      db.areas = db.areas.filter((a) => a.id !== i.areaId);
      return { id: i.areaId };
    })
    .on(getAccomodation, (i) => page(db.hotels, i, (h) => h.name))
    .on(createNewAccomodation, (i) =>
      upsert(db.hotels, {
        id: i.id ?? newId('hotel'),
        name: i.name,
        address: i.address,
        area: i.area ?? null,
        areaName: area(i.area)?.name ?? null,
        cityId: Number(i.cityId),
        cityName: i.cityName ?? '',
        phoneNumber: i.phoneNumber ?? '',
        email: i.email ?? '',
      }),
    )
    .on(getActivities, (i) => page(db.activities, i, (a) => a.name))
    // The city is in the path (manageActivity/fetchActivities/{cityId}): the fake answers Dubai's.
    .on({ ...fetchActivities, path: `manageActivity/fetchActivities/${DUBAI.cityId}` }, (i) =>
      page(
        [...db.activities].filter((a) => a.cityId === DUBAI.cityId).sort((a, b) => b.priority - a.priority),
        i,
        (a) => a.name,
      ),
    )
    .on(saveActivity, (i) =>
      upsert(db.activities, {
        id: i.id ?? newId('act'),
        name: i.name,
        description: i.description ?? '',
        cityId: Number(i.cityId),
        cityName: i.cityName ?? '',
        priority: Number(i.priority ?? 1),
        area: i.area ?? null,
        areaName: area(i.area)?.name ?? null,
      }),
    )
    .on(updateActivityPriority, (i) => {
      const a = db.activities.find((x) => x.id === i.activityId)!;
      return upsert(db.activities, { ...a, priority: Number(i.priority) });
    })
    .on(mapAreaActivity, (i) => {
      const a = db.activities.find((x) => x.id === i.activityId)!;
      return upsert(db.activities, { ...a, area: i.areaId ?? null, areaName: area(i.areaId)?.name ?? null });
    })
    .on(getTourOptions, (i) =>
      page(
        db.tourOptions.filter((o) => (i.id ? o.id === i.id : !i.activityId || o.activityId === i.activityId)),
        i,
        (o) => o.name,
      ),
    )
    .on(saveTourOptions, (i) =>
      upsert(db.tourOptions, { ...L124, ...(i as object), id: i.id ?? newId('opt') } as TTourOption),
    )
    .on(getDrivers, { records: [], nextCursor: null })
    .on(saveDriver, (i) => ({
      driverId: newId('drv'),
      driverName: i.driverName,
      phone: i.phone ?? '',
      vehicleCapacity: i.vehicleCapacity ?? null,
    }))
    .on(getLocationOptions, { records: [], nextCursor: null })
    .on(getTourOptionTicketRates, (i) => ratesOf(db.ticketRates, i.tourOptionId))
    .on(getTourOptionTransferRates, (i) => ratesOf(db.transferRates, i.tourOptionId))
    .on(changeTourOptionTicketRatePriority, reorder(db.ticketRates))
    .on(changeTourOptionTransferRatePriority, reorder(db.transferRates))
    .on(deleteTourOptionTicketRates, (i) => {
      db.ticketRates = db.ticketRates.filter((r) => r.id !== i.id);
      return { id: i.id };
    })
    .on(saveActivityTicketRates, (i) => {
      const record = upsert(db.ticketRates, {
        id: i.id ?? newId('tr'),
        tourOptionId: i.tourOptionId,
        marketId: i.marketId!,
        adultAmount: Number(i.adultAmount),
        childAmount: Number(i.childAmount),
        isPerPax: i.isPerPax ?? true,
        minPax: i.minPax === null || i.minPax === undefined ? null : Number(i.minPax),
        maxPax: i.maxPax === null || i.maxPax === undefined ? null : Number(i.maxPax),
        validFromDate: i.validFromDate!,
        validTillDate: i.validTillDate!,
        priority: Math.max(0, ...db.ticketRates.map((r) => r.priority)) + 1,
      });
      return { record, overlaps: [], warning: null };
    })
    .on(saveTourOptionTransferRates, (i) => ({
      record: upsert(db.transferRates, {
        ...SIC_RATE,
        ...(i as object),
        id: i.id ?? newId('xr'),
      } as TTransferRate),
      overlaps: [],
      warning: null,
    }))
    .on(getStopSales, [])
    .on(getTourOptionPriceForQuotationBuilder, (i) => ({
      tourOptionId: i.tourOptionId,
      activityId: BURJ.id,
      marketId: i.marketId ?? INDIA.marketId,
      date: i.date,
      adults: Number(i.adults),
      children: Number(i.children ?? 0),
      transfer: null,
      available: true as const,
      currency: 'AED',
      ticket: { rateId: SEASON_RATE.id, isPerPax: true, adultAmount: 169, childAmount: 135, units: 1, amount: 473 },
      transfers: [],
      ticketPrice: 473,
      transferPrice: 0,
      price: 473,
    }))
    .on(getCombos, (i) => page(db.combos, i, (c) => c.name))
    .on(createDmcCombo, (i) =>
      upsert(db.combos, {
        id: i.id ?? newId('combo'),
        name: i.name,
        currency: i.currency ?? 'AED',
        amount: Number(i.amount),
        createdAt: '2026-11-23T10:00:00.000Z',
        tourOptions: (i.tourOptions as Sent[]).map((t) => {
          const o = db.tourOptions.find((x) => x.id === t.tourOptionId)!;
          return {
            tourOptionId: o.id,
            name: o.name,
            description: o.description,
            onwardTransfer: t.onwardTransfer ?? null,
            returnTransfer: t.returnTransfer ?? null,
            ticketRates: ratesOf(db.ticketRates, o.id),
            transferRates: ratesOf(db.transferRates, o.id),
          };
        }),
      }),
    )
    .on(getTransfers, (i) =>
      page(
        db.areaTransfers.filter((t) => (!i.from || t.from === i.from) && (!i.to || t.to === i.to)),
        { ...i, search: i.query },
        (t) => `${t.fromName} ${t.toName} ${t.description}`,
      ),
    )
    .on(createTransfers, (i) => ({
      record: upsert(db.areaTransfers, {
        ...AIRPORT_TRANSFER,
        ...(i as object),
        id: i.id ?? newId('at'),
        fromName: area(i.from)?.name ?? '',
        toName: area(i.to)?.name ?? '',
        isPerPax: i.sharingBasis === 'sharing',
      } as TAreaTransfer),
      overlaps: [],
      warning: null,
    }))
    .on(deleteTransfers, (i) => {
      db.areaTransfers = db.areaTransfers.filter((t) => t.id !== i.id);
      return { id: i.id };
    })
    .on(getFilteredAreas, () => db.areas.filter((a) => db.areaTransfers.some((t) => t.from === a.id)))
    .on(getFilteredAreasTransfers, (i) =>
      db.areas.filter((a) => db.areaTransfers.some((t) => t.from === i.from && t.to === a.id)),
    )
    .on(getFilteredAreasTransfersType, (i) => db.areaTransfers.filter((t) => t.from === i.from && t.to === i.to))
    .on(getDmcAuditTrail, { records: [], nextCursor: null })
    .on(getAllDmcData, () => ({
      counts: {
        markets: db.markets.length,
        areas: db.areas.length,
        hotels: db.hotels.length,
        activities: db.activities.length,
        tourOptions: db.tourOptions.length,
        ticketRates: db.ticketRates.length,
        transferRates: db.transferRates.length,
        stopSales: 0,
        areaTransfers: db.areaTransfers.length,
        combos: db.combos.length,
        drivers: 0,
        locations: 0,
      },
      cities: [DUBAI],
    }));
  return { api, db };
}

/** An open dialog by its title (Mantine marks the page behind it hidden, hence `hidden`). */
export const dialog = async (name: string) => within(await screen.findByRole('dialog', { name, hidden: true }));

/**
 * Picks an option of a server-searched select (shared/pickers.tsx): types, waits until it has the server's
 * answer for the text, clicks the option in that select's own list, and checks the field shows it.
 */
export async function pick(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string, option: string) {
  await user.click(box);
  if (text) await user.type(box, text);
  await waitFor(() => expect(screen.queryByLabelText('Searching')).toBeNull());
  // A Select's list mounts when its dropdown opens: wait for it.
  const list = await waitFor(() => {
    const el = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(el).not.toBeNull();
    return el!;
  });
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect((box as HTMLInputElement).value).toBe(option));
}

/** Types a day into a date field (shared/DateField.tsx reads dd/mm/yyyy) and leaves it. */
export function typeDay(field: HTMLElement, iso: string): void {
  fireEvent.change(field, { target: { value: iso.split('-').reverse().join('/') } });
  fireEvent.blur(field);
}
