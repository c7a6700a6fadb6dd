/** The notifications domain's public entry: the push worker's body and each user's choice of channels. */
export { channelsFor } from './preferences.ts';
export { createNotificationsHandler, type NotificationsWorkerWiring } from './worker.ts';
