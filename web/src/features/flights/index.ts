/** The flights feature's public pieces for other features. */
export { FareSummary } from './components/FareSummary.tsx';
export { bookingDone } from './payment-order.ts';
export { TryAgainButton } from './TryAgain.tsx';
