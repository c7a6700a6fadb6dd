/** Flight views other features (ticket screens) reuse. */
export { SegmentView } from './SegmentView.tsx';
export { PassengerView, extrasOf } from './PassengerView.tsx';
export { FareSummary, canToggleDetails } from './FareSummary.tsx';
