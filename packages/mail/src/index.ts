export * from './html.ts';
export * from './layout.ts';
export * from './templates.ts';
export * from './mime.ts';
export * from './eticket.ts';
export * from './trip.ts';
export * from './visa.ts';
