/**
 * `npm run operator -- --stage prod --email ops@example.com --name "Ops Person"`: adds a platform operator to a
 * stage's table (the console's first account; the console has no self-service sign-up). Runs with the caller's
 * AWS credentials against the stage's region. The password is read from OPERATOR_PASSWORD (never an argument:
 * arguments end up in shell history and process lists) and is hashed here; only the hash is stored.
 */
import { parseArgs } from 'node:util';
import { TABLE } from '@tp/contracts/platform';
import { ZPassword } from '@tp/contracts/endpoints/users';
import { stageConfig } from '../infra/config/stages.ts';

const { values } = parseArgs({
  options: {
    stage: { type: 'string', default: 'dev' },
    email: { type: 'string' },
    name: { type: 'string' },
    region: { type: 'string' },
  },
});
const stage = stageConfig(values.stage);
const password = process.env.OPERATOR_PASSWORD ?? '';
if (!values.email || !values.name) throw new Error('Give --email and --name');
const strong = ZPassword.safeParse(password);
if (!strong.success) throw new Error(`OPERATOR_PASSWORD: ${strong.error.issues[0]?.message ?? 'not accepted'}`);

// The functions read these at first use: set them before the console's code loads.
process.env.TABLE_NAME = `${stage.name}-${TABLE.name}`;
process.env.AWS_REGION = values.region ?? stage.env.region;
const { createOperator } = await import('../functions/src/console/index.ts');
const made = await createOperator({ email: values.email, name: values.name, password }, new Date());
process.stdout.write(made ? `Operator ${made.email} added to ${process.env.TABLE_NAME}\n` : 'That address is taken\n');
