/**
 * How each integration file uses the tier's stack (tests/support/stack-turn.ts takes the turns; scripts/test.ts
 * spreads the files over the tier's shards). Every file not named here takes the stack alone.
 */
/**
 * Files that never touch the shared stack (each starts a stack of its own on other ports): they take no turn, so
 * the long fuzz runs beside the whole queue of turns instead of holding a shared turn an exclusive file waits on.
 */
export const OWN_STACK = new Set<string>(['tests/integration/payments-faults.test.ts', 'tests/contract/fuzz.test.ts']);

export const SHARES_THE_STACK = new Set<string>([
  // Legal entities named model-<uuid>, written through the ledger functions only.
  'tests/integration/credit-ledger-model.test.ts',
  // Requests from loopback addresses of their own (their throttle budgets), users and drivers under unique tags.
  'tests/integration/users-throttle.test.ts',
  'tests/integration/driver-throttle.test.ts',
  // Customers of its own; mail looked up by their PNRs.
  'tests/integration/tickets-holds.test.ts',
  // An agent and staff of its own; bookings, purchases and imports found by their ids and PNRs.
  'tests/integration/ticket-extras.test.ts',
]);
