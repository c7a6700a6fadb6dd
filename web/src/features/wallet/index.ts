/** The wallet feature's public pieces for other features. */
export { BalanceCard } from './BalanceCard.tsx';
export { newRequestId } from './money.ts';
