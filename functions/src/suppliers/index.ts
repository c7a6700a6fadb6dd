/** The suppliers domain's public entry: the active supplier link of a site and a legal entity's TDS setting. */
export { activeSupplierLink } from './links.ts';
export { isTdsDeductable } from './operations/index.ts';
