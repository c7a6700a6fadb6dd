export * from './phone.ts';
export * from './permissions.ts';
export * from './supplier-links.ts';
export * from './pricing.ts';
export * from './passengers.ts';
export * from './look-to-book.ts';
