import { AREA_AUDIT_ENTITIES, DMC_AUDIT_ENTITIES, getDmcAuditTrail } from '@tp/contracts/endpoints/dmc';
import { getAreasAuditTrail } from '@tp/contracts/endpoints/areas';
import { auditSource, HistoryButton as RecordHistoryButton } from '#shared/AuditHistory.tsx';

export type AuditEntity = (typeof DMC_AUDIT_ENTITIES)[number] | (typeof AREA_AUDIT_ENTITIES)[number];
const isAreaEntity = (e: AuditEntity): e is (typeof AREA_AUDIT_ENTITIES)[number] =>
  (AREA_AUDIT_ENTITIES as readonly string[]).includes(e);

/**
 * A DMC row's "History" button: the shared history dialog (#shared/AuditHistory.tsx, also
 * the site audit log's), read through the DMC calls (`dmc.masters` / `dmc.areas`, not `audit.view`).
 */
export function HistoryButton({ entity, id, subject }: { entity: AuditEntity; id: string; subject: string }) {
  return (
    <RecordHistoryButton
      subject={subject}
      source={
        isAreaEntity(entity)
          ? auditSource(getAreasAuditTrail, { id, entity })
          : auditSource(getDmcAuditTrail, { id, entity })
      }
    />
  );
}
