/** The fixed-departures feature's public pieces for other features. */
export { printPath } from './paths.ts';
