/**
 * The platform console's demo operator. Written on every start when missing (one read otherwise), outside the
 * demo data's version marker: a data folder seeded before the console existed gets it too.
 */
import { createOperator, operatorIdByEmail } from '../../functions/src/console/index.ts';
import { DEMO_OPERATOR } from './logins.ts';

export async function seedOperator(now = new Date()): Promise<void> {
  if (await operatorIdByEmail(DEMO_OPERATOR.email)) return;
  await createOperator(DEMO_OPERATOR, now);
}
