/**
 * A customer is told what happened to their activity cart or quotation (docs/notifications.md "In-app news"): the
 * mail of packages/mail's `agentStatusMail` (sent only while they keep mail on for the kind), and the notification,
 * which the worker keeps for the app's banner and pushes when they chose push. After the change committed; never
 * throws (the change stands).
 */
import type { NotificationKind } from '@tp/contracts/endpoints/notifications';
import { agentStatusMail, type AgentStatusMailData } from '@tp/mail';
import { createLogger } from './logger.ts';
import { appLink, enqueueEmail, mailBrand } from './mail.ts';
import { notify } from './notify.ts';
import type { SiteRecord } from './tenancy.ts';

export interface StatusNews extends Omit<AgentStatusMailData, 'link'> {
  kind: NotificationKind;
  userId: string;
  /** The customer's address; none: the banner and push only. */
  email: string | null;
  /** Where the news opens in the SPA. */
  path: string;
  idempotencyKey: string;
}

export async function tellStatus(site: SiteRecord, n: StatusNews): Promise<void> {
  const mail = agentStatusMail(mailBrand(site), { ...n, link: appLink(site, n.path) });
  if (n.email)
    await enqueueEmail({
      siteId: site.siteId,
      to: n.email,
      ...mail,
      notice: { userId: n.userId, kind: n.kind },
      idempotencyKey: `status#${n.idempotencyKey}`,
    }).catch((err: unknown) =>
      createLogger({ siteId: site.siteId }).error('status mail not queued', { kind: n.kind, error: String(err) }),
    );
  await notify({
    siteId: site.siteId,
    kind: n.kind,
    to: { userIds: [n.userId] },
    title: mail.subject.split(':')[0]!.slice(0, 120),
    body: `"${n.name}" (${n.reference}) is ${n.step}.${n.note ? ` ${n.note}` : ''}`.slice(0, 400),
    path: n.path,
    mailedByProducer: true,
    idempotencyKey: n.idempotencyKey,
  });
}
