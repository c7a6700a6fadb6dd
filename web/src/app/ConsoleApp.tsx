import { BrowserRouter } from 'react-router-dom';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { ConsoleProviders } from './Providers.tsx';
import { ConsoleRoutes } from './console-router.tsx';

/** The SPA on the platform console's host (main.tsx picks it from the page's mark). */
export function ConsoleApp() {
  return (
    <ConsoleProviders>
      <BrowserRouter basename={SPA_BASENAME}>
        <ConsoleRoutes />
      </BrowserRouter>
    </ConsoleProviders>
  );
}
