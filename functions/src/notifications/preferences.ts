/**
 * Each user chooses, per kind of event offered to them, how they are told: mail, push, both or neither. The push
 * worker and the email worker both read the choice through `channelsFor` (a kind never chosen follows its defaults).
 */
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  notificationKindsFor,
  getNotificationPreferences,
  saveNotificationPreferences,
  type NotificationKind,
  type TNotificationPreference,
} from '@tp/contracts/endpoints/notifications';
import { fail } from '#lib/errors';
import { answers, reply, type SignedInScope } from '#lib/answers';
import type { SiteId } from '#lib/keys';
import * as repo from './repo.ts';

export interface Channels {
  mail: boolean;
  push: boolean;
}

/** The choices as shown: every kind offered to this user, stored or defaulted. */
export function effectivePreferences(userType: string, stored: repo.StoredChoices): TNotificationPreference[] {
  return notificationKindsFor(userType).map((kind) => ({
    kind,
    ...(stored[kind] ?? NOTIFICATION_KINDS[kind].defaults),
  }));
}

/** How one user is told about one kind of event. */
export async function channelsFor(siteId: SiteId, userId: string, kind: NotificationKind): Promise<Channels> {
  return (await repo.getPreferences(siteId, userId))[kind] ?? NOTIFICATION_KINDS[kind].defaults;
}

export async function preferencesOf(scope: SignedInScope): Promise<TNotificationPreference[]> {
  const { siteId, userId, userType } = scope.principal;
  return effectivePreferences(userType, await repo.getPreferences(siteId, userId));
}

/** Merges the sent kinds into the stored choices; a kind not offered to this user is refused, nothing saved. */
export async function savePreferences(
  scope: SignedInScope,
  preferences: readonly TNotificationPreference[],
): Promise<TNotificationPreference[]> {
  const { siteId, userId, userType } = scope.principal;
  const offered = new Set(notificationKindsFor(userType));
  if (preferences.some((p) => !offered.has(p.kind))) throw fail.validation(NOTIFICATION_MSG.notYourKind);
  const stored = await repo.getPreferences(siteId, userId);
  const next: repo.StoredChoices = { ...stored };
  for (const p of preferences) next[p.kind] = { mail: p.mail, push: p.push };
  await repo.putPreferences(siteId, userId, next, scope.now);
  return effectivePreferences(userType, next);
}

export const answerGetNotificationPreferences = answers(getNotificationPreferences, async (_input, scope) => ({
  preferences: await preferencesOf(scope),
}));

export const answerSaveNotificationPreferences = answers(saveNotificationPreferences, async (input, scope) =>
  reply(
    { preferences: await savePreferences(scope, input.preferences) },
    { message: NOTIFICATION_MSG.preferencesSaved },
  ),
);
