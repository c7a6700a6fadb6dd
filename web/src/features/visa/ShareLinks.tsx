/** The visa pages share with the app's one share component (WhatsApp and copy link). */
export { ShareLinks } from '#shared/ShareLinks.tsx';
