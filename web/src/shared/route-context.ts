import { createContext, use } from 'react';
import type { SpaRoute } from '@tp/contracts/spa-routes';

/** The SPA_ROUTES entry being shown, so a screen can read its own title and flags. */
export const CurrentRouteContext = createContext<SpaRoute | null>(null);

export const useCurrentRoute = (): SpaRoute | null => use(CurrentRouteContext);
