/**
 * Stable public logo URL pattern by IATA code (200×80 PNG). Its own module, free of the packed data,
 * so the results screen can import it without the airline table.
 */
export const airlineLogoUrl = (code: string): string => `https://pics.avs.io/200/80/${encodeURIComponent(code)}.png`;
