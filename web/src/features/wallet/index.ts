/** The wallet feature's public pieces for other features. */
export { newRequestId } from './money.ts';
