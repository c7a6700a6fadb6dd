/** The enquiries domain's public entry: the inbox's export, for the exports worker. */
export { enquiriesExport } from './export.ts';
