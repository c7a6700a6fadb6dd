/** The auth feature's public pieces for other features. */
export { default as ChangePasswordDialog } from './ChangePasswordDialog.tsx';
