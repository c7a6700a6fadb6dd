import { AuditTrail, useAuditTrail } from './AuditTrail.tsx';
import { ConsolePage } from './shared.tsx';

/** /console/audit: every operator's sign-ins and changes to resellers, newest first; entries are never changed. */
export default function ConsoleAuditPage() {
  const trail = useAuditTrail();
  return (
    <ConsolePage
      title="Audit log"
      intro="Who signed in to the console and every change an operator made to a reseller, newest first."
    >
      <AuditTrail trail={trail} label="Audit log" />
    </ConsolePage>
  );
}
