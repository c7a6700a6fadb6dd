/** Writes docs/openapi.json from the route table (`npm run openapi`). */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENDPOINTS } from '@tp/contracts/routes';
import { openApiDocument } from '@tp/contracts/openapi';

const file = join(resolve(import.meta.dirname, '..'), 'docs', 'openapi.json');
writeFileSync(file, JSON.stringify(openApiDocument(ENDPOINTS), null, 2) + '\n');
process.stdout.write(`wrote ${file} (${ENDPOINTS.length} operations)\n`);
