/**
 * Hand-kept corrections applied by build-reference.ts on top of the OpenFlights / country-state-city
 * sources. OpenFlights' airline list in particular is stale (codes re-issued since), so the carriers
 * this platform sells most are pinned here with their current names.
 */

/** OpenFlights country names that differ from country-state-city's → ISO 3166-1 alpha-2. */
export const COUNTRY_ALIASES: Record<string, string> = {
  "Cote d'Ivoire": 'CI',
  Guernsey: 'GG',
  'Isle of Man': 'IM',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  Gambia: 'GM',
  Bahamas: 'BS',
  Fiji: 'FJ',
  'Wallis and Futuna': 'WF',
  'Midway Islands': 'UM',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
  'Virgin Islands': 'VI',
  'British Virgin Islands': 'VG',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Burma: 'MM',
  Palestine: 'PS',
  'Netherlands Antilles': 'BQ',
};

/** Per-airport country where the source's country no longer exists (Netherlands Antilles). */
export const AIRPORT_COUNTRY: Record<string, string> = { CUR: 'CW', SXM: 'SX' };

/** Countries country-state-city lacks. */
export const EXTRA_COUNTRY_NAMES: Record<string, string> = { CW: 'Curaçao' };

/** IANA legacy zone names OpenFlights still uses → their current names. */
export const TZ_ALIASES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Harbin': 'Asia/Shanghai',
  'Asia/Kashgar': 'Asia/Urumqi',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
};

/**
 * Airports that share a metropolitan (multi-airport city) IATA code. Airports not listed use their
 * own code as the city code (BOM, DEL, DXB are both airport and city codes).
 */
const METROS: Record<string, string[]> = {
  LON: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'],
  NYC: ['JFK', 'LGA', 'EWR'],
  CHI: ['ORD', 'MDW'],
  WAS: ['IAD', 'DCA', 'BWI'],
  HOU: ['IAH', 'HOU'],
  DTT: ['DTW'],
  YTO: ['YYZ', 'YTZ'],
  YMQ: ['YUL'],
  SAO: ['GRU', 'CGH', 'VCP'],
  RIO: ['GIG', 'SDU'],
  BUE: ['EZE', 'AEP'],
  PAR: ['CDG', 'ORY', 'BVA'],
  MIL: ['MXP', 'LIN', 'BGY'],
  ROM: ['FCO', 'CIA'],
  STO: ['ARN', 'BMA', 'NYO'],
  OSL: ['OSL', 'TRF'],
  MOW: ['SVO', 'DME', 'VKO'],
  IST: ['IST', 'SAW'],
  BER: ['BER'],
  EAP: ['BSL', 'MLH'],
  TYO: ['NRT', 'HND'],
  OSA: ['KIX', 'ITM', 'UKB'],
  SEL: ['ICN', 'GMP'],
  BJS: ['PEK', 'PKX'],
  SHA: ['PVG', 'SHA'],
  BKK: ['BKK', 'DMK'],
  JKT: ['CGK', 'HLP'],
  DXB: ['DXB', 'DWC'],
};
export const METRO_CODES: Record<string, string> = Object.fromEntries(
  Object.entries(METROS).flatMap(([city, airports]) =>
    airports.filter((code) => code !== city).map((code) => [code, city]),
  ),
);

/** Fields with no scheduled passenger service (military, heliports, seaplane bases, strips). */
export const EXCLUDED_AIRPORT_NAME =
  /\b(air ?base|air force|afb|heliport|helipad|military|naval|navy|army|air station|seaplane|sea plane|water aerodrome|airstrip|strip|ranch|station\b|base\b)/i;

/** Low-cost carriers (hand list: the data sources carry no business model). */
export const LCC_CODES = new Set([
  '6E',
  'SG',
  'G8',
  'I5',
  'IX',
  'QP', // India
  'FR',
  'U2',
  'W6',
  'W4',
  'W9',
  'VY',
  'HV',
  'TO',
  'DY',
  'D8',
  'EW',
  'PC',
  'LS',
  'V7',
  'BY',
  'X3',
  '0B', // Europe
  'AK',
  'D7',
  'FD',
  'QZ',
  'Z2',
  'DJ',
  'TR',
  '3K',
  'VJ',
  'QG',
  'JT',
  'ID',
  'IU',
  '5J',
  'DG',
  'SL',
  'JQ',
  'GK',
  'MM',
  'BC',
  '7C',
  'LJ',
  'TW',
  'ZE',
  'BX',
  'RS',
  '9C',
  'HO',
  'UO',
  'VZ',
  'FD', // Asia-Pacific
  'FZ',
  'G9',
  '3O',
  'E5',
  'J9',
  'XY',
  'F3',
  'OV', // Middle East / North Africa
  'WN',
  'B6',
  'NK',
  'F9',
  'G4',
  'SY',
  'WS',
  'F8',
  'Y4',
  'VB',
  'G3',
  'H2',
  'JA', // Americas
  'FA',
  'LN', // Africa
]);

/** Current names for re-issued / renamed carriers; `null` drops a code that is no longer used. */
export const AIRLINE_OVERRIDES: Record<string, { name: string; country: string } | null> = {
  '6E': { name: 'IndiGo', country: 'India' },
  AI: { name: 'Air India', country: 'India' },
  SG: { name: 'SpiceJet', country: 'India' },
  IX: { name: 'Air India Express', country: 'India' },
  I5: { name: 'AIX Connect', country: 'India' },
  QP: { name: 'Akasa Air', country: 'India' },
  G8: { name: 'Go First', country: 'India' },
  UK: { name: 'Vistara', country: 'India' },
  '9I': { name: 'Alliance Air', country: 'India' },
  S5: { name: 'Star Air', country: 'India' },
  VJ: { name: 'VietJet Air', country: 'Vietnam' },
  TR: { name: 'Scoot', country: 'Singapore' },
  '3K': { name: 'Jetstar Asia', country: 'Singapore' },
  FZ: { name: 'flydubai', country: 'United Arab Emirates' },
  G9: { name: 'Air Arabia', country: 'United Arab Emirates' },
  XY: { name: 'flynas', country: 'Saudi Arabia' },
  F3: { name: 'flyadeal', country: 'Saudi Arabia' },
  OV: { name: 'SalamAir', country: 'Oman' },
  J9: { name: 'Jazeera Airways', country: 'Kuwait' },
  W6: { name: 'Wizz Air', country: 'Hungary' },
  HV: { name: 'Transavia', country: 'Netherlands' },
  EW: { name: 'Eurowings', country: 'Germany' },
  QZ: { name: 'Indonesia AirAsia', country: 'Indonesia' },
  FD: { name: 'Thai AirAsia', country: 'Thailand' },
  D7: { name: 'AirAsia X', country: 'Malaysia' },
  Z2: { name: 'Philippines AirAsia', country: 'Philippines' },
  '5J': { name: 'Cebu Pacific', country: 'Philippines' },
  SL: { name: 'Thai Lion Air', country: 'Thailand' },
  JT: { name: 'Lion Air', country: 'Indonesia' },
  EY: { name: 'Etihad Airways', country: 'United Arab Emirates' },
  WY: { name: 'Oman Air', country: 'Oman' },
  UL: { name: 'SriLankan Airlines', country: 'Sri Lanka' },
  BG: { name: 'Biman Bangladesh Airlines', country: 'Bangladesh' },
  RA: { name: 'Nepal Airlines', country: 'Nepal' },
  KB: { name: 'Druk Air', country: 'Bhutan' },
};
