/** The push feature's public entry: the profile shows the notification preferences. */
export { NotificationPreferences } from './NotificationPreferences.tsx';
