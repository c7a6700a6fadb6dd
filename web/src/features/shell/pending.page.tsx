import { useCurrentRoute } from '#app/route-context.ts';
import { StatusPage } from './StatusPage.tsx';

export const NOT_AVAILABLE_TEXT = 'This screen is not available on this site yet';

/** A route whose screen is still being built: its title and a clear message, never a blank page. */
export function PendingScreen({ title }: { title: string }) {
  return <StatusPage title={title}>{NOT_AVAILABLE_TEXT}.</StatusPage>;
}

export default function PendingPage() {
  return <PendingScreen title={useCurrentRoute()?.title ?? ''} />;
}
