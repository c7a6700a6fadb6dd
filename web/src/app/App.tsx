import { BrowserRouter } from 'react-router-dom';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { Providers } from './Providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <Providers>
      <BrowserRouter basename={SPA_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
