/**
 * The packages domain's public entry: what another domain may ask about a package (the enquiries name the package a
 * traveller asked about): the title of a package the site's travellers may see, or null.
 */
export { visiblePackageTitle } from './lookup.ts';
