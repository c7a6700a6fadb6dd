/** The flights feature's public pieces for other features. */
export { FareSummary } from './components/FareSummary.tsx';
export { bookingDone } from './payment-order.ts';
export { TryAgainButton } from './TryAgain.tsx';
// The passenger form and the wallet/gateway payment of an order, reused by fixed-departure bookings.
export { PassengerFields, type PassengersFormValues } from './PassengerFields.tsx';
export { initialPassengers, toPassengerInput, validatePassengerForm } from './passenger-form.ts';
export { payOrder } from './payment-order.ts';
export { eTicketPath, flightPaths } from './paths.ts';
