import type { Endpoint } from '../endpoint.ts';

export const ticketEndpoints: Endpoint[] = [];
