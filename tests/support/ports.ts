/** Ports of the stack the test suite starts (distinct from `npm start`'s). */
export const TEST_PORTS = { gateway: 4500, dynamodb: 4501, sqs: 4502, ses: 4503 } as const;
