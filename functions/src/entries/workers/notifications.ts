/**
 * The notifications queue worker: pushes and mails each queued event (lib/notify.ts) to its users as they chose
 * (functions/src/notifications/worker.ts), with the site and the users read through their own domains.
 */
import { requireConfig } from '#lib/config';
import { enqueueEmail } from '#lib/mail';
import { log } from '#lib/logger';
import { permissionsOf } from '#lib/permissions';
import { siteById } from '#lib/tenancy';
import { createNotificationsHandler, type NotificationsWorkerWiring } from '../../notifications/index.ts';
import { getUser, getUsers, staffIdsPage } from '../../users/records.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

/** A page of the staff list; a site's staff is tens of users, read a page at a time. */
const STAFF_PAGE = 100;

export const wiring: NotificationsWorkerWiring = {
  site: siteById,
  async staffIds(siteId, permission) {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await staffIdsPage(siteId, { cursor, limit: STAFF_PAGE });
      for (const u of await getUsers(siteId, page.records)) {
        if (u.userType !== 'staff') continue;
        const holder = {
          siteId,
          userType: u.userType,
          isSuperAdmin: u.isUserSuperAdmin,
          rbacUserGroupId: u.rbacUserGroupId || null,
        };
        if ((await permissionsOf(holder)).has(permission)) ids.push(u.userId);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return ids;
  },
  async recipient(siteId, userId) {
    const user = await getUser(siteId, userId);
    if (!user) return null;
    return { email: user.email, active: !user.isBlocked && !user.deactivatedAt };
  },
  enqueueEmail,
  log,
  now: () => new Date(),
};

export const handler = createNotificationsHandler(wiring);
