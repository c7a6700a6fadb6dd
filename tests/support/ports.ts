/**
 * Ports of the stack the test suite starts, distinct from `npm start`'s. TEST_PORT_BASE moves them
 * (several suites on one machine, e.g. parallel work).
 */
const base = Number(process.env.TEST_PORT_BASE ?? 4500);
export const TEST_PORTS = { gateway: base, dynamodb: base + 1, sqs: base + 2, ses: base + 3 } as const;
