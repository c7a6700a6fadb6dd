import type { Endpoint } from '../endpoint.ts';

export const walletEndpoints: Endpoint[] = [];
