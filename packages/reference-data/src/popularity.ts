/**
 * Airports travellers on our sites search most, busiest first: India's airports by annual passengers
 * (AAI traffic figures), then the world's hubs by passengers (ACI). Only a tie-break for the city
 * autocomplete: two equally good matches ("goa" is Goa's name and Genoa's code) go to the airport
 * more people fly from. Airports not listed rank after these, alphabetically.
 */
// prettier-ignore
const BUSIEST = [
  // India
  'DEL', 'BOM', 'BLR', 'MAA', 'HYD', 'CCU', 'AMD', 'COK', 'PNQ', 'GOI', 'GOX', 'GAU', 'LKO', 'JAI', 'TRV',
  'CCJ', 'PAT', 'SXR', 'BBI', 'IXC', 'NAG', 'IXB', 'VNS', 'IDR', 'IXE', 'VTZ', 'CJB', 'IXR', 'ATQ', 'BDQ',
  'RPR', 'IXM', 'TRZ', 'IXZ', 'IXJ', 'DED', 'UDR', 'STV', 'IXA', 'RAJ', 'JDH', 'GAY', 'HBX', 'IXL', 'AGR',
  // World hubs
  'ATL', 'DXB', 'DFW', 'LHR', 'HND', 'DEN', 'IST', 'LAX', 'ORD', 'CDG', 'CAN', 'AMS', 'FRA', 'JFK', 'MAD',
  'SIN', 'ICN', 'PVG', 'PEK', 'BKK', 'DOH', 'KUL', 'HKG', 'SFO', 'BCN', 'LAS', 'MCO', 'MIA', 'SEA', 'EWR',
  'MUC', 'FCO', 'YYZ', 'SYD', 'MEL', 'AUH', 'JED', 'RUH', 'MCT', 'BAH', 'KWI', 'SHJ', 'CMB', 'KTM', 'DAC',
  'MLE', 'NRT', 'LGW', 'ZRH', 'VIE', 'CPH', 'DUB', 'MXP', 'BRU', 'LIS', 'ATH', 'DPS', 'CGK', 'MNL', 'TPE',
];

const RANK = new Map(BUSIEST.map((code, i) => [code, BUSIEST.length - i]));

/** Higher is busier; 0 for an airport not on the list. */
export const airportPopularity = (code: string): number => RANK.get(code) ?? 0;
