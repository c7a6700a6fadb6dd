import * as MSG from '@tp/contracts/messages';
import { StatusPage } from './StatusPage.tsx';

export default function ForbiddenPage() {
  return (
    <StatusPage title="Access denied" code="403">
      {MSG.forbidden}
    </StatusPage>
  );
}
