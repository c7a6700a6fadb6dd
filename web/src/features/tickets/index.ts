/** The tickets feature's public pieces for other features. */
export { eTicketOf } from './links.ts';
