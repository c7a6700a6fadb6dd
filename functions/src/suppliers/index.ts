/** The suppliers domain's public entry: the active supplier link(s) of a site and a legal entity's TDS setting. */
export { activeSupplierLink, activeSupplierLinks } from './links.ts';
export { isTdsDeductable } from './operations/index.ts';
