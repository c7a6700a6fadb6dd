import { StatusPage } from './StatusPage.tsx';

export default function NotFoundPage() {
  return (
    <StatusPage title="Page not found" code="404">
      The page you asked for does not exist on this site.
    </StatusPage>
  );
}
