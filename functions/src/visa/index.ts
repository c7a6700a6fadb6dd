/** The visa domain's public entry: the scheduled deletion of decided applications' documents. */
export { purgeDueDocuments } from './retention.ts';
