import { useEffect } from 'react';
import { crmHref } from '#app/menus.ts';
import { useCurrentRoute } from '#app/route-context.ts';
import { useSite } from '#app/site.tsx';
import { leaveApp } from '#api/navigation.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { PendingScreen } from './pending.page.tsx';

/** The CRM is another application on the core site; without a core site it is not available here. */
export default function CrmPage() {
  const href = crmHref(useSite());
  const title = useCurrentRoute()?.title ?? 'CRM';
  useEffect(() => {
    if (href) leaveApp(href);
  }, [href]);
  return href ? <PageLoader /> : <PendingScreen title={title} />;
}
