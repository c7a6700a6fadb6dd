import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useSite } from '#shared/site.tsx';
import { leaveApp } from '#api/navigation.ts';
import { FLIGHT_HOME_PATH, safeUrl } from '#lib/redirects.ts';
import { PageLoader } from '#shared/PageLoader.tsx';

/** `/` belongs to the site's core site when it has one (a full navigation); otherwise flights are home. */
export default function HomePage() {
  const core = safeUrl(useSite()?.coreSiteUrl);
  useEffect(() => {
    if (core) leaveApp(core);
  }, [core]);
  return core ? <PageLoader /> : <Navigate to={FLIGHT_HOME_PATH} replace />;
}
