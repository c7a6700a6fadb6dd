/** The console domain's public entry: operator accounts (the seed's demo operator; a platform script for real ones). */
export { createOperator } from './operators.ts';
export { operatorIdByEmail } from './repo.ts';
