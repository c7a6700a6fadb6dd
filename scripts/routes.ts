/** Prints the route table, one `METHOD /path` a line (npm run -s routes). */
import { ENDPOINTS } from '@tp/contracts/routes';
import { urlPath } from '@tp/contracts/endpoint';

for (const e of ENDPOINTS) process.stdout.write(`${e.method} ${urlPath(e)}\n`);
