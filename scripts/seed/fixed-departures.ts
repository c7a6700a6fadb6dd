/**
 * Demo fixed departures: group fares Flight Deals holds (a Dubai return, DEL→DXB one way,
 * BOM→BKK), a fixed-departure markup on its Default group, and Partner Holidays linked to Flight Deals with
 * the FixedDeparture category so the partner's users see that inventory too. Made through the services the
 * API runs. Sale windows are relative to the seeding day, so a fresh stack always has something on sale.
 * Fixed ids: seeding again overwrites a departure only while nobody has bought a seat on it.
 */
import type { TSaveFixedDeparture } from '@tp/contracts/endpoints/fixed-departures';
import { ZSaveFixedDeparture } from '@tp/contracts/endpoints/fixed-departures';
import { createLogger } from '../../functions/src/lib/logger.ts';
import type { SignedInScope } from '../../functions/src/lib/http.ts';
import { newDeparture } from '../../functions/src/fixed-departures/inventory.ts';
import { getDeparture, putDeparture } from '../../functions/src/fixed-departures/repo.ts';
import { saveRule } from '../../functions/src/markup/rules.ts';
import { slotHolder } from '../../functions/src/markup/rules-repo.ts';
import * as markup from '../../functions/src/markup/service.ts';
import { getProfile, linksOfConsumer } from '../../functions/src/suppliers/repo.ts';
import * as suppliers from '../../functions/src/suppliers/operations/index.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { admin, SUPPLIER } from './suppliers.ts';

const PARTNER = asSiteId('site-partner');
const DAY = 86_400_000;
const day = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString().slice(0, 10);

const fare = (baseFare: number, tax: number) => ({ baseFare, tax });

/** Three blocks: ids are fixed so a re-seed finds them. */
export function demoDepartures(now: Date): (TSaveFixedDeparture & { id: string })[] {
  const dubai = day(now, 40);
  const dubaiBack = day(now, 45);
  const dxb = day(now, 24);
  const bkk = day(now, 60);
  const window = (departs: string) => ({
    saleFrom: day(now, -7),
    saleUntil: day(new Date(`${departs}T00:00:00Z`), -3),
  });
  return [
    {
      id: 'fd-del-dxb-return',
      title: 'Dubai Shopping Festival, 5 nights',
      pnr: 'K7QWZ2',
      flights: [
        {
          airlineCode: '6E',
          flightNumber: '1461',
          origin: 'DEL',
          destination: 'DXB',
          departureTime: `${dubai}T04:40`,
          arrivalTime: `${dubai}T06:55`,
          originTerminal: '3',
          destinationTerminal: '1',
          baggage: '30 Kg',
          cabinBaggage: '7 Kg',
        },
        {
          airlineCode: '6E',
          flightNumber: '1462',
          origin: 'DXB',
          destination: 'DEL',
          departureTime: `${dubaiBack}T08:10`,
          arrivalTime: `${dubaiBack}T13:45`,
          originTerminal: '1',
          destinationTerminal: '3',
          baggage: '30 Kg',
          cabinBaggage: '7 Kg',
        },
      ],
      totalSeats: 30,
      fares: { adult: fare(24_900, 6_850), child: fare(23_400, 6_850), infant: fare(4_500, 1_200) },
      currency: 'INR',
      ...window(dubai),
      isRefundable: false,
      isActive: true,
    },
    {
      id: 'fd-del-dxb-oneway',
      title: 'Delhi to Dubai group fare',
      pnr: 'M3XRT8',
      flights: [
        {
          airlineCode: 'AI',
          flightNumber: '915',
          origin: 'DEL',
          destination: 'DXB',
          departureTime: `${dxb}T21:15`,
          arrivalTime: `${dxb}T23:35`,
          originTerminal: '3',
          destinationTerminal: '1',
          baggage: '25 Kg',
          cabinBaggage: '7 Kg',
        },
      ],
      totalSeats: 20,
      fares: { adult: fare(13_250, 3_950), child: fare(12_250, 3_950), infant: fare(2_500, 650) },
      currency: 'INR',
      ...window(dxb),
      isRefundable: false,
      isActive: true,
    },
    {
      id: 'fd-bom-bkk',
      title: 'Mumbai to Bangkok group fare',
      pnr: 'T9BKK4',
      flights: [
        {
          airlineCode: 'TG',
          flightNumber: '318',
          origin: 'BOM',
          destination: 'BKK',
          departureTime: `${bkk}T23:55`,
          arrivalTime: `${day(new Date(`${bkk}T00:00:00Z`), 1)}T05:55`,
          originTerminal: '2',
          destinationTerminal: '',
          baggage: '30 Kg',
          cabinBaggage: '7 Kg',
        },
      ],
      totalSeats: 25,
      fares: { adult: fare(16_800, 4_300), child: fare(15_800, 4_300), infant: fare(3_000, 800) },
      currency: 'INR',
      ...window(bkk),
      isRefundable: true,
      isActive: true,
    },
  ];
}

async function staffScope(now: Date): Promise<SignedInScope> {
  const { scope, actor } = await admin(SUPPLIER, now);
  return {
    ...scope,
    principal: actor,
    log: createLogger({}),
    ip: '127.0.0.1',
    requestId: 'seed',
    headers: {},
    token: undefined,
    session: {} as never,
  };
}

export async function seedFixedDepartures(now = new Date()): Promise<void> {
  const scope = await staffScope(now);
  for (const { id, ...input } of demoDepartures(now)) {
    const existing = await getDeparture(SUPPLIER, id);
    // A block someone bought seats on stays as it is.
    if (existing && existing.seatsLeft !== existing.totalSeats) continue;
    const d = newDeparture(scope, ZSaveFixedDeparture.parse(input), id);
    await putDeparture(
      existing ? { ...d, version: existing.version + 1, createdAt: existing.createdAt } : d,
      existing ? { version: existing.version, seatsLeft: existing.seatsLeft } : null,
    );
  }

  // ₹500 per passenger on Delhi–Dubai for the Default group (less ₹100 off), 3 % on Mumbai–Bangkok.
  const groupId = (await markup.listGroups(scope)).find((g) => g.groupName === 'Default')?.id;
  if (groupId) {
    const rules = [
      {
        origin: 'DEL',
        destination: 'DXB',
        markupType: 'fixed',
        markupValue: 500,
        discountType: 'fixed',
        discountValue: 100,
      },
      {
        origin: 'BOM',
        destination: 'BKK',
        markupType: 'percent',
        markupValue: 3,
        discountType: 'fixed',
        discountValue: 0,
      },
    ] as const;
    for (const r of rules)
      if (!(await slotHolder(SUPPLIER, groupId, 'fixedDeparture', `${r.origin}-${r.destination}`)))
        await saveRule(scope, { kind: 'fixedDeparture', input: { groupId, applyPer: 'passenger', ...r } });
  }

  // Partner Holidays buys Flight Deals' fixed departures (category FixedDeparture, approved).
  const profile = await getProfile(SUPPLIER);
  if (!profile) return;
  if (!profile.lists.some((l) => l.category === 'FixedDeparture'))
    await suppliers.saveProfile(scope, {
      categories: [...profile.lists.map((l) => l.category), 'FixedDeparture'],
      termsAndConditions: profile.termsAndConditions,
      isListed: profile.isListed,
    });
  const listId = (await getProfile(SUPPLIER))!.lists.find((l) => l.category === 'FixedDeparture')!.supplierListId;
  if ((await linksOfConsumer(PARTNER)).some((l) => l.supplierListId === listId)) return;
  const consumer = await admin(PARTNER, now);
  await suppliers.requestAccess(consumer.scope, consumer.actor, { supplierId: SUPPLIER, supplierListId: listId });
  const supplier = await admin(SUPPLIER, now);
  await suppliers.changeLinkStatus(supplier.scope, supplier.actor, {
    consumerSiteId: PARTNER,
    supplierListId: listId,
    newRequestStatus: 'Approved',
  });
}
