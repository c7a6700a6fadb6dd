export * from './phone.ts';
export * from './permissions.ts';
