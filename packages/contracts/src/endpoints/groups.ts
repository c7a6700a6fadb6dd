import * as z from 'zod';
import { endpoint } from '../endpoint.ts';

// Endpoints of this area are declared here and collected by routes.ts.
export const groupsEndpoints = [] as ReturnType<typeof endpoint<z.ZodType, z.ZodType>>[];
