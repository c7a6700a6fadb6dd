// Light modules only: the city table (./geo) is imported by path where it is needed.
export * from './airports.ts';
export * from './airlines.ts';
export * from './countries.ts';
