/** Supplier-link operations, one file per side; the suppliers Lambda and other domains bind these. */
export * from './deps.ts';
export * from './offering.ts';
export * from './consumer.ts';
export * from './supplier.ts';
export * from './for-domains.ts';
