export * from './phone.ts';
export * from './permissions.ts';
export * from './supplier-links.ts';
export * from './pricing.ts';
