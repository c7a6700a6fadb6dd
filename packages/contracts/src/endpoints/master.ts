import type { Endpoint } from '../endpoint.ts';

export const masterEndpoints: Endpoint[] = [];
