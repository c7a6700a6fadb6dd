/** Airport name endings stored as an index in data/airports.json (shared by the build script and the decoder). */
export const AIRPORT_SUFFIXES = ['', ' Airport', ' International Airport'] as const;
