import type { Endpoint } from '../endpoint.ts';

export const markupEndpoints: Endpoint[] = [];
