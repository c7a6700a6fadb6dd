/** The route matching shared with the build and the served page (`@tp/contracts/route-match`). */
export { byRank, patternRegex } from '@tp/contracts/route-match';
