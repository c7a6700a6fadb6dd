/** The wallet feature's public pieces for other features. */
export { BalanceCard } from './BalanceCard.tsx';
export { CursorPager, useCursorPages } from './cursor.tsx';
export { newRequestId } from './money.ts';
