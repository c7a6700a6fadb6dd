/**
 * Writes data/common-passwords.br (the Lambda sidecar) from the installed `@zxcvbn-ts/language-common`:
 * `npm run common-passwords -w packages/contracts`. common-passwords.test.ts fails when they differ.
 */
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { commonPasswordList } from './common-passwords.node.ts';

const text = commonPasswordList().join('\n');
const file = brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
writeFileSync(new URL('./data/common-passwords.br', import.meta.url), file);
console.log(`data/common-passwords.br: ${text.split('\n').length} passwords, ${file.length} bytes`);
