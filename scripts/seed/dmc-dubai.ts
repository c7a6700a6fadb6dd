/**
 * Dubai demo destination as typed data: markets, areas, hotels, activities with tour options,
 * ticket and transfer rates for two markets, stop-sales, combos, airport ↔ area transfers, drivers and
 * locations. Figures are ../shared/docs/dmc.md §6 (indicative AED, 2025–26) where it gives them; the others are
 * ours (docs/dmc.md "Demo data"). Data only: nothing here writes to a table. Ids are stable so a re-seed
 * overwrites rather than duplicates.
 */
import { round2 } from '@tp/domain/pricing';
import type {
  Accommodation,
  Activity,
  Area,
  AreaTransfer,
  Combo,
  Driver,
  Location,
  Market,
  StopSale,
  TicketRate,
  TourOption,
  TransferRate,
} from '@tp/domain/dmc';

/** The demo site that runs the DMC module. */
export const DUBAI_DEMO_SITE_ID = 'site-flightdeals';
/** Dubai in the reference city table (packages/reference-data geo). Abu Dhabi trips are sold from Dubai too. */
export const DUBAI_CITY_ID = 26;
/** The contract season every rate runs in, unless an attraction has a shorter one. */
const SEASON: { validFromDate: string; validTillDate: string } = {
  validFromDate: '2026-10-01',
  validTillDate: '2027-09-30',
};
/** USD 1 = AED 3.6725 (the peg): area transfers are priced in dollars (spec 001 §9). */
const AED_PER_USD = 3.6725;

const INDIA = 'dmc-mkt-india';
const GCC = 'dmc-mkt-gcc';
export const DUBAI_MARKETS: Market[] = [
  // Net AED, sold on in INR per person twin-share; SIC, 3–4★.
  { marketId: INDIA, name: 'India', currency: 'AED' },
  // Families travelling private, big vans, 5★; resident prices where attractions have them.
  { marketId: GCC, name: 'GCC', currency: 'AED' },
];

const area = (key: string, name: string): Area => ({ id: `dmc-area-${key}`, name, cityId: DUBAI_CITY_ID });
export const DUBAI_AREAS: Area[] = [
  area('deira', 'Deira'),
  area('bur-dubai', 'Bur Dubai'),
  area('downtown', 'Downtown / Business Bay'),
  area('jumeirah', 'Jumeirah'),
  area('al-barsha', 'Al Barsha'),
  area('marina', 'Dubai Marina'),
  area('jbr', 'JBR'),
  area('palm', 'Palm Jumeirah'),
  area('dxb', 'DXB Airport'),
];
const AREA = (key: string) => `dmc-area-${key}`;

// Hotel mailboxes are on .example: the platform sends mail, and a demo must never write to a real hotel.
const hotel = (key: string, name: string, address: string, areaKey: string, phoneNumber: string): Accommodation => ({
  id: `dmc-hotel-${key}`,
  name,
  address,
  area: AREA(areaKey),
  cityId: DUBAI_CITY_ID,
  phoneNumber,
  email: `reservations@${key}.example`,
});
export const DUBAI_HOTELS: Accommodation[] = [
  hotel('radisson-deira', 'Radisson Blu Hotel, Dubai Deira Creek', 'Baniyas Road, Deira', 'deira', '+971 4 555 0101'),
  hotel(
    'citymax-bur-dubai',
    'Citymax Hotel Bur Dubai',
    'Kuwait Street, Al Mankhool, Bur Dubai',
    'bur-dubai',
    '+971 4 555 0102',
  ),
  hotel('rove-downtown', 'Rove Downtown', '312 Al Sa’ada Street, Downtown Dubai', 'downtown', '+971 4 555 0103'),
  hotel(
    'jw-marquis',
    'JW Marriott Marquis Hotel Dubai',
    'Sheikh Zayed Road, Business Bay',
    'downtown',
    '+971 4 555 0104',
  ),
  hotel(
    'novotel-al-barsha',
    'Novotel Dubai Al Barsha',
    'Sheikh Zayed Road, Al Barsha 1',
    'al-barsha',
    '+971 4 555 0105',
  ),
  hotel('jumeirah-beach', 'Jumeirah Beach Hotel', 'Jumeirah Street, Umm Suqeim 3', 'jumeirah', '+971 4 555 0106'),
  hotel('hilton-jbr', 'Hilton Dubai Jumeirah', 'The Walk, Jumeirah Beach Residence', 'jbr', '+971 4 555 0107'),
  hotel('atlantis-palm', 'Atlantis, The Palm', 'Crescent Road, Palm Jumeirah', 'palm', '+971 4 555 0108'),
];

// ---- activities and tour options ----

type Ticket = { perPax: [adult: number, child: number] } | { perGroup: number; minPax: number; maxPax: number };
/** Transfer plans: Dubai half-day (SIC add-on 40/pax, PVT van 450), Abu Dhabi full day, or included in the ticket. */
type Transfers = 'dubai' | 'abuDhabi' | 'included';

interface OptionSpec {
  key: string;
  name: string;
  description: string;
  ticket: Ticket;
  /** Where the GCC (resident) price differs: one row per market. */
  gccTicket?: Ticket;
  transfers: Transfers;
  timeSlots?: string[];
  hasMeal?: boolean;
  hasGuide?: boolean;
  pickupTime: string | null;
  dropPickupTime: string | null;
  /** A shorter season than the contract year (seasonal attractions). */
  validity?: typeof SEASON;
}

interface ActivitySpec {
  key: string;
  name: string;
  description: string;
  area: string | null;
  priority: number;
  options: OptionSpec[];
}

const pp = (adult: number, child = adult): Ticket => ({ perPax: [adult, child] });
const group = (amount: number, minPax: number, maxPax: number): Ticket => ({ perGroup: amount, minPax, maxPax });

const ACTIVITIES: ActivitySpec[] = [
  {
    key: 'burj-khalifa',
    name: 'Burj Khalifa At the Top',
    description: 'The observation decks of the world’s tallest building, entered from The Dubai Mall.',
    area: 'downtown',
    priority: 10,
    options: [
      {
        key: 'l124-non-prime',
        name: 'Level 124 & 125, non-prime hours',
        description: 'Timed entry outside sunset hours.',
        ticket: pp(169, 135),
        transfers: 'dubai',
        timeSlots: ['10:00', '11:00', '12:00', '13:00', '14:00', '19:30', '20:30', '21:30'],
        pickupTime: null,
        dropPickupTime: null,
      },
      {
        key: 'l124-prime',
        name: 'Level 124 & 125, prime hours',
        description: 'Timed entry around sunset.',
        ticket: pp(249, 199),
        transfers: 'dubai',
        timeSlots: ['15:30', '16:00', '16:30', '17:00', '17:30', '18:00'],
        pickupTime: null,
        dropPickupTime: null,
      },
      {
        key: 'sky-148',
        name: 'At the Top SKY, Level 148',
        description: 'Lounge, refreshments and a guided visit of levels 148, 125 and 124.',
        ticket: pp(399),
        transfers: 'dubai',
        timeSlots: ['10:00', '12:00', '14:00', '16:00', '18:00'],
        hasGuide: true,
        pickupTime: null,
        dropPickupTime: null,
      },
    ],
  },
  {
    key: 'dubai-frame',
    name: 'Dubai Frame',
    description: 'A 150 m picture frame in Zabeel Park with old Dubai on one side and the new city on the other.',
    area: 'bur-dubai',
    priority: 8,
    options: [option('entry', 'General admission', pp(50, 20), 'dubai')],
  },
  {
    key: 'museum-of-the-future',
    name: 'Museum of the Future',
    description: 'Immersive exhibitions on Sheikh Zayed Road.',
    area: 'downtown',
    priority: 9,
    options: [
      {
        ...option('entry', 'General admission', pp(149, 149), 'dubai'),
        timeSlots: ['10:00', '12:00', '14:00', '16:00', '18:00'],
      },
    ],
  },
  {
    key: 'dubai-aquarium',
    name: 'Dubai Aquarium & Underwater Zoo',
    description: 'Tunnel walk and underwater zoo in The Dubai Mall.',
    area: 'downtown',
    priority: 7,
    options: [option('explorer', 'Explorer experience', pp(199, 165), 'dubai')],
  },
  {
    key: 'aquaventure',
    name: 'Aquaventure Waterpark',
    description: 'Waterpark at Atlantis, The Palm.',
    area: 'palm',
    priority: 7,
    options: [option('day-pass', 'Day pass', pp(320, 300), 'dubai')],
  },
  {
    key: 'view-at-the-palm',
    name: 'The View at The Palm',
    description: 'Level 52 of The Palm Tower.',
    area: 'palm',
    priority: 5,
    options: [option('entry', 'General admission', pp(100, 80), 'dubai')],
  },
  {
    key: 'sky-views',
    name: 'Sky Views Dubai',
    description: 'Glass slide and edge walk between the Address Sky View towers.',
    area: 'downtown',
    priority: 5,
    options: [option('observatory', 'Observatory and glass slide', pp(85, 75), 'dubai')],
  },
  {
    key: 'global-village',
    name: 'Global Village',
    description: 'Open-air pavilions of 90 cultures, open in the cooler months.',
    area: null,
    priority: 6,
    options: [
      {
        ...option('entry', 'Entry ticket', pp(25, 25), 'dubai'),
        pickupTime: '17:00',
        dropPickupTime: '22:00',
        validity: { validFromDate: '2026-10-15', validTillDate: '2027-05-09' },
      },
    ],
  },
  {
    key: 'miracle-garden',
    name: 'Dubai Miracle Garden',
    description: 'Flower garden in Al Barsha South, open in winter.',
    area: 'al-barsha',
    priority: 6,
    options: [
      {
        ...option('entry', 'Entry ticket', pp(100, 85), 'dubai'),
        gccTicket: pp(60, 50),
        validity: { validFromDate: '2026-11-01', validTillDate: '2027-05-31' },
      },
    ],
  },
  {
    key: 'desert-safari',
    name: 'Desert Safari',
    description: 'Dune bashing, camel ride and camp dinner in the Lahbab desert.',
    area: null,
    priority: 10,
    options: [
      {
        ...option('evening-sic', 'Evening safari with BBQ dinner (shared 4x4)', pp(150, 120), 'included'),
        hasMeal: true,
        pickupTime: '15:00',
        dropPickupTime: '21:00',
      },
      {
        ...option('private-4x4', 'Private 4x4 evening safari (up to 6)', group(1200, 1, 6), 'included'),
        hasMeal: true,
        pickupTime: '15:00',
        dropPickupTime: '21:00',
      },
      {
        ...option('overnight', 'Overnight safari with breakfast', pp(450, 350), 'included'),
        hasMeal: true,
        pickupTime: '15:00',
        dropPickupTime: '08:00',
      },
    ],
  },
  {
    key: 'dhow-marina',
    name: 'Dhow Cruise Dinner, Dubai Marina',
    description: 'Two-hour buffet dinner cruise along the Marina skyline.',
    area: 'marina',
    priority: 8,
    options: [
      {
        ...option('dinner', 'Dinner cruise', pp(175, 140), 'dubai'),
        hasMeal: true,
        pickupTime: '19:30',
        dropPickupTime: '22:30',
      },
    ],
  },
  {
    key: 'dhow-creek',
    name: 'Dhow Cruise Dinner, Dubai Creek',
    description: 'Traditional dhow dinner cruise on the Creek between Deira and Bur Dubai.',
    area: 'deira',
    priority: 7,
    options: [
      {
        ...option('dinner', 'Dinner cruise', pp(120, 95), 'dubai'),
        hasMeal: true,
        pickupTime: '19:30',
        dropPickupTime: '22:30',
      },
    ],
  },
  {
    key: 'dubai-city-tour',
    name: 'Dubai City Tour',
    description: 'Half-day guided coach tour: Jumeirah Mosque, Al Fahidi, the Creek by abra, the souks.',
    area: null,
    priority: 9,
    options: [
      {
        ...option('half-day-sic', 'Half day, shared coach', pp(120, 90), 'included'),
        hasGuide: true,
        pickupTime: '10:00',
        dropPickupTime: '14:00',
      },
    ],
  },
  {
    key: 'abu-dhabi-city-tour',
    name: 'Abu Dhabi City Tour from Dubai',
    description: 'Full-day tour: Sheikh Zayed Grand Mosque, the Corniche, Qasr Al Watan photo stop.',
    area: null,
    priority: 8,
    options: [
      {
        ...option('sic', 'Shared coach with lunch', pp(250, 200), 'included'),
        hasGuide: true,
        hasMeal: true,
        pickupTime: '08:30',
        dropPickupTime: '17:30',
      },
      {
        ...option('private', 'Private car with guide (up to 6)', group(1000, 1, 6), 'included'),
        hasGuide: true,
        pickupTime: '08:30',
        dropPickupTime: '17:30',
      },
    ],
  },
  {
    key: 'ferrari-world',
    name: 'Ferrari World Abu Dhabi',
    description: 'Theme park on Yas Island, sold with transfers from Dubai.',
    area: null,
    priority: 7,
    options: [{ ...option('day-pass', 'Day pass', pp(345), 'abuDhabi'), pickupTime: '08:30', dropPickupTime: '18:00' }],
  },
  {
    key: 'warner-bros',
    name: 'Warner Bros. World Abu Dhabi',
    description: 'Indoor theme park on Yas Island.',
    area: null,
    priority: 6,
    options: [{ ...option('day-pass', 'Day pass', pp(345), 'abuDhabi'), pickupTime: '08:30', dropPickupTime: '18:00' }],
  },
  {
    key: 'img-worlds',
    name: 'IMG Worlds of Adventure',
    description: 'Indoor theme park on Sheikh Mohammed bin Zayed Road.',
    area: null,
    priority: 6,
    options: [{ ...option('day-pass', 'Day pass', pp(355), 'dubai'), pickupTime: '11:00', dropPickupTime: '20:00' }],
  },
  {
    key: 'ski-dubai',
    name: 'Ski Dubai',
    description: 'Indoor snow park in Mall of the Emirates.',
    area: 'al-barsha',
    priority: 5,
    options: [option('snow-classic', 'Snow Classic', pp(280), 'dubai')],
  },
  {
    key: 'hot-air-balloon',
    name: 'Hot Air Balloon Ride',
    description: 'Sunrise flight over the desert with breakfast (children 5 and over).',
    area: null,
    priority: 5,
    options: [
      {
        ...option('sunrise', 'Sunrise flight with breakfast', pp(1100, 1000), 'included'),
        hasMeal: true,
        pickupTime: '04:30',
        dropPickupTime: '10:30',
      },
    ],
  },
  {
    key: 'dune-buggy',
    name: 'Dune Buggy',
    description: 'Self-drive dune buggy in the Lahbab desert.',
    area: null,
    priority: 4,
    options: [
      {
        ...option('one-hour', 'One hour, two seats a buggy', group(750, 1, 2), 'dubai'),
        pickupTime: '14:30',
        dropPickupTime: '18:00',
      },
    ],
  },
  {
    key: 'dolphinarium',
    name: 'Dubai Dolphinarium',
    description: 'Dolphin and seal show in Creek Park.',
    area: 'bur-dubai',
    priority: 4,
    options: [
      {
        ...option('show', 'Dolphin and seal show, standard seat', pp(150, 110), 'dubai'),
        timeSlots: ['11:00', '14:00', '17:00'],
      },
    ],
  },
  {
    key: 'louvre-abu-dhabi',
    name: 'Louvre Abu Dhabi',
    description: 'Museum on Saadiyat Island; children enter free.',
    area: null,
    priority: 5,
    options: [
      { ...option('entry', 'General admission', pp(63, 0), 'abuDhabi'), pickupTime: '09:00', dropPickupTime: '17:00' },
    ],
  },
  {
    key: 'yacht',
    name: 'Private Yacht Cruise, Dubai Marina',
    description: 'Two hours past the Marina, JBR, Ain Dubai and the Palm.',
    area: 'marina',
    priority: 6,
    options: [option('two-hours', 'Two hours, up to 10 guests', group(1200, 1, 10), 'dubai')],
  },
];

/** An option without time slots, meal, guide or fixed pickup; activities override what differs. */
function option(key: string, name: string, ticket: Ticket, transfers: Transfers): OptionSpec {
  return { key, name, description: '', ticket, transfers, pickupTime: null, dropPickupTime: null };
}

const activityId = (a: ActivitySpec) => `dmc-act-${a.key}`;
const tourOptionId = (a: ActivitySpec, o: OptionSpec) => `dmc-to-${a.key}-${o.key}`;

export const DUBAI_ACTIVITIES: Activity[] = ACTIVITIES.map((a) => ({
  id: activityId(a),
  name: a.name,
  description: a.description,
  cityId: DUBAI_CITY_ID,
  priority: a.priority,
  area: a.area ? AREA(a.area) : null,
}));

const OPTIONS = ACTIVITIES.flatMap((a) => a.options.map((o) => ({ a, o, id: tourOptionId(a, o) })));

export const DUBAI_TOUR_OPTIONS: TourOption[] = OPTIONS.map(({ a, o, id }) => ({
  id,
  activityId: activityId(a),
  name: o.name,
  description: o.description,
  hasTimeSlots: Boolean(o.timeSlots?.length),
  timeSlots: o.timeSlots ?? [],
  hasMeal: o.hasMeal ?? false,
  hasGuide: o.hasGuide ?? false,
  hasTicket: true,
  pickupTime: o.pickupTime,
  dropPickupTime: o.dropPickupTime,
}));

// ---- ticket rates ----

function ticketRow(tourOption: string, marketId: string, t: Ticket, validity: typeof SEASON): TicketRate {
  const market = marketId === INDIA ? 'india' : 'gcc';
  const base = { id: `${tourOption.replace('dmc-to-', 'dmc-tr-')}-${market}`, tourOptionId: tourOption, marketId };
  const terms = { priority: 1, ...validity };
  return 'perPax' in t
    ? {
        ...base,
        ...terms,
        isPerPax: true,
        adultAmount: t.perPax[0],
        childAmount: t.perPax[1],
        minPax: null,
        maxPax: null,
      }
    : {
        ...base,
        ...terms,
        isPerPax: false,
        adultAmount: t.perGroup,
        childAmount: 0,
        minPax: t.minPax,
        maxPax: t.maxPax,
      };
}

/** Dhow Marina summer promotion for India, on top of the season rate (an intended overlap, priority decides). */
export const DHOW_MARINA_PROMO_ID = 'dmc-tr-dhow-marina-dinner-india-summer';

export const DUBAI_TICKET_RATES: TicketRate[] = [
  ...OPTIONS.flatMap(({ o, id }) => [
    ticketRow(id, INDIA, o.ticket, o.validity ?? SEASON),
    ticketRow(id, GCC, o.gccTicket ?? o.ticket, o.validity ?? SEASON),
  ]),
  {
    id: DHOW_MARINA_PROMO_ID,
    tourOptionId: 'dmc-to-dhow-marina-dinner',
    marketId: INDIA,
    adultAmount: 150,
    childAmount: 120,
    isPerPax: true,
    minPax: null,
    maxPax: null,
    validFromDate: '2027-06-01',
    validTillDate: '2027-08-31',
    priority: 2,
  },
];

// ---- transfer rates ----

/** Vehicle bands (dmc.md §1): sedan 1–3, van 4–7, minibus 8–14, coach 15+ (45 seats). */
const VEHICLES = [
  { name: 'sedan', minPax: 1, maxPax: 3 },
  { name: 'van', minPax: 4, maxPax: 7 },
  { name: 'minibus', minPax: 8, maxPax: 14 },
  { name: 'coach', minPax: 15, maxPax: 45 },
] as const;
type VehiclePrices = [sedan: number, van: number, minibus: number, coach: number];

interface TransferPlan {
  area: string;
  sicRoundTrip: number;
  sicOneWay: number;
  pvtRoundTrip: VehiclePrices;
  pvtOneWay: VehiclePrices;
}
// Dubai: SIC tour add-on 40/pax, PVT van half day 450 (dmc.md §6); the other vehicles in the airport price ratio
// (sedan 130 : van 150 : minibus 190 : coach 480), which is also the one-way price.
const PLANS: Record<Exclude<Transfers, 'included'>, TransferPlan> = {
  dubai: {
    area: 'Dubai hotels',
    sicRoundTrip: 40,
    sicOneWay: 20,
    pvtRoundTrip: [390, 450, 570, 1440],
    pvtOneWay: [130, 150, 190, 480],
  },
  // Full day to Abu Dhabi: van 720 (dmc.md §6); SIC is ours.
  abuDhabi: {
    area: 'Dubai hotels to Abu Dhabi',
    sicRoundTrip: 100,
    sicOneWay: 60,
    pvtRoundTrip: [620, 720, 910, 2300],
    pvtOneWay: [350, 400, 500, 1250],
  },
};

function transferRows(tourOption: string, plan: TransferPlan, marketId: string, sic: boolean): TransferRate[] {
  const rows: Omit<TransferRate, 'id' | 'priority' | 'tourOptionId' | 'marketId'>[] = [];
  const legs = [
    ['Pickup & Drop', 'round trip', 'rt'],
    ['Pickup', 'pickup', 'p'],
    ['Drop', 'drop', 'd'],
  ] as const;
  for (const [transferType, label] of legs) {
    const oneWay = transferType !== 'Pickup & Drop';
    if (sic)
      rows.push({
        description: `Shared coach ${label}, ${plan.area}`,
        transferType,
        sharingBasis: 'SIC',
        amount: oneWay ? plan.sicOneWay : plan.sicRoundTrip,
        isPerPax: true,
        minPax: null,
        maxPax: null,
        ...SEASON,
      });
    VEHICLES.forEach((v, i) =>
      rows.push({
        description: `Private ${v.name} ${label}, ${plan.area}`,
        transferType,
        sharingBasis: 'PVT',
        amount: (oneWay ? plan.pvtOneWay : plan.pvtRoundTrip)[i] as number,
        isPerPax: false,
        minPax: v.minPax,
        maxPax: v.maxPax,
        ...SEASON,
      }),
    );
  }
  const market = marketId === INDIA ? 'india' : 'gcc';
  return rows.map((r, i) => ({
    ...r,
    id: `${tourOption.replace('dmc-to-', 'dmc-xr-')}-${market}-${i + 1}`,
    tourOptionId: tourOption,
    marketId,
    // Listed order is the try order: the first row on top.
    priority: rows.length - i,
  }));
}

// India buys seats (SIC) and private; GCC families travel private only.
export const DUBAI_TRANSFER_RATES: TransferRate[] = OPTIONS.flatMap(({ o, id }) =>
  o.transfers === 'included'
    ? []
    : [...transferRows(id, PLANS[o.transfers], INDIA, true), ...transferRows(id, PLANS[o.transfers], GCC, false)],
);

export const DUBAI_STOP_SALES: StopSale[] = [
  {
    id: 'dmc-stop-dhow-marina-nye',
    tourOptionId: 'dmc-to-dhow-marina-dinner',
    marketId: null,
    fromDate: '2026-12-31',
    tillDate: '2026-12-31',
    reason: 'New Year’s Eve fireworks cruise is sold as a separate event',
  },
  {
    id: 'dmc-stop-balloon-summer',
    tourOptionId: 'dmc-to-hot-air-balloon-sunrise',
    marketId: null,
    fromDate: '2027-06-15',
    tillDate: '2027-08-31',
    reason: 'No flights in the summer heat',
  },
];

// ---- combos (AED, below the sum of their parts) ----

const comboPart = (id: string, onward: 'SIC' | 'PVT' | null = null, back: 'SIC' | 'PVT' | null = null) => ({
  tourOptionId: id,
  onwardTransfer: onward,
  returnTransfer: back,
});
const COMBO_CREATED = '2026-10-01T06:00:00.000Z';
export const DUBAI_COMBOS: Combo[] = [
  {
    id: 'dmc-combo-burj-aquarium',
    name: 'Burj Khalifa At the Top + Dubai Aquarium',
    currency: 'AED',
    amount: 330,
    createdAt: COMBO_CREATED,
    tourOptions: [
      comboPart('dmc-to-burj-khalifa-l124-non-prime', 'SIC'),
      comboPart('dmc-to-dubai-aquarium-explorer', null, 'SIC'),
    ],
  },
  {
    id: 'dmc-combo-safari-dhow',
    name: 'Desert Safari + Dhow Cruise Marina',
    currency: 'AED',
    amount: 300,
    createdAt: COMBO_CREATED,
    tourOptions: [comboPart('dmc-to-desert-safari-evening-sic'), comboPart('dmc-to-dhow-marina-dinner', 'SIC', 'SIC')],
  },
  {
    id: 'dmc-combo-abu-dhabi-ferrari',
    name: 'Abu Dhabi City Tour + Ferrari World',
    currency: 'AED',
    amount: 560,
    createdAt: COMBO_CREATED,
    tourOptions: [
      comboPart('dmc-to-abu-dhabi-city-tour-sic'),
      comboPart('dmc-to-ferrari-world-day-pass', 'SIC', 'SIC'),
    ],
  },
  {
    id: 'dmc-combo-frame-museum',
    name: 'Dubai Frame + Museum of the Future',
    currency: 'AED',
    amount: 185,
    createdAt: COMBO_CREATED,
    tourOptions: [
      comboPart('dmc-to-dubai-frame-entry', 'SIC'),
      comboPart('dmc-to-museum-of-the-future-entry', null, 'SIC'),
    ],
  },
];

// ---- area transfers: DXB airport ↔ each hotel area, US dollars ----

/**
 * From Deira / Bur Dubai (dmc.md §6): SIC 50 AED a person; PVT sedan 130, van 150, minibus 190, coach 480.
 * +20 % for Marina, Palm and JBR (dmc.md); +10 % for the areas in between (ours).
 */
const AIRPORT_SIC_AED = 50;
const AIRPORT_PVT_AED: VehiclePrices = [130, 150, 190, 480];
const SURCHARGE: Record<string, number> = {
  deira: 1,
  'bur-dubai': 1,
  downtown: 1.1,
  jumeirah: 1.1,
  'al-barsha': 1.1,
  marina: 1.2,
  jbr: 1.2,
  palm: 1.2,
};
const usd = (aed: number) => round2(aed / AED_PER_USD);

export const DUBAI_AREA_TRANSFERS: AreaTransfer[] = Object.entries(SURCHARGE).flatMap(([key, factor]) => {
  const areaName = DUBAI_AREAS.find((a) => a.id === AREA(key))?.name ?? key;
  const directions = [
    { transferType: 'Pickup', from: AREA('dxb'), to: AREA(key), label: `DXB Airport to ${areaName}` },
    { transferType: 'Drop', from: AREA(key), to: AREA('dxb'), label: `${areaName} to DXB Airport` },
  ] as const;
  return directions.flatMap(({ transferType, from, to, label }) => {
    const common = { from, to, transferType, isStandAlone: true, ...SEASON };
    const sharing = (marketId: string): AreaTransfer => ({
      ...common,
      id: `dmc-at-${key}-${transferType === 'Pickup' ? 'arr' : 'dep'}-${marketId === INDIA ? 'india' : 'gcc'}-sic`,
      marketId,
      description: `Shared, ${label}`,
      sharingBasis: 'sharing',
      amount: usd(AIRPORT_SIC_AED * factor),
      isPerPax: true,
      minPax: null,
      maxPax: null,
    });
    const privates = (marketId: string): AreaTransfer[] =>
      VEHICLES.map((v, i) => ({
        ...common,
        id: `dmc-at-${key}-${transferType === 'Pickup' ? 'arr' : 'dep'}-${marketId === INDIA ? 'india' : 'gcc'}-${v.name}`,
        marketId,
        description: `Private ${v.name}, ${label}`,
        sharingBasis: 'private',
        amount: usd((AIRPORT_PVT_AED[i] as number) * factor),
        isPerPax: false,
        minPax: v.minPax,
        maxPax: v.maxPax,
      }));
    return [sharing(INDIA), ...privates(INDIA), ...privates(GCC)];
  });
});

export const DUBAI_DRIVERS: Driver[] = [
  { driverId: 'dmc-driver-imran', driverName: 'Imran Qureshi', phone: '+971 50 555 0131' },
  { driverId: 'dmc-driver-joseph', driverName: 'Joseph D’Souza', phone: '+971 55 555 0132' },
  { driverId: 'dmc-driver-rashid', driverName: 'Rashid Al Amiri', phone: '+971 52 555 0133' },
];

export const DUBAI_LOCATIONS: Location[] = [
  { id: 'dmc-loc-dxb-t1', location: 'DXB Terminal 1, arrivals meeting point' },
  { id: 'dmc-loc-dxb-t3', location: 'DXB Terminal 3, arrivals meeting point' },
  { id: 'dmc-loc-dwc', location: 'Al Maktoum International (DWC), arrivals' },
  { id: 'dmc-loc-dubai-mall', location: 'The Dubai Mall, Fashion Avenue entrance' },
  { id: 'dmc-loc-moe', location: 'Mall of the Emirates, Ski Dubai entrance' },
  { id: 'dmc-loc-marina-walk', location: 'Marina Walk, Pier 7' },
];

/** The whole destination, for a seeder or a spreadsheet export. */
export const DUBAI_DEMO = {
  siteId: DUBAI_DEMO_SITE_ID,
  cityId: DUBAI_CITY_ID,
  markets: DUBAI_MARKETS,
  areas: DUBAI_AREAS,
  accommodations: DUBAI_HOTELS,
  activities: DUBAI_ACTIVITIES,
  tourOptions: DUBAI_TOUR_OPTIONS,
  ticketRates: DUBAI_TICKET_RATES,
  transferRates: DUBAI_TRANSFER_RATES,
  stopSales: DUBAI_STOP_SALES,
  combos: DUBAI_COMBOS,
  areaTransfers: DUBAI_AREA_TRANSFERS,
  drivers: DUBAI_DRIVERS,
  locations: DUBAI_LOCATIONS,
} as const;
