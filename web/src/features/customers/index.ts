/** The customers feature's public pieces for other features. */
export { CustomerGroupsPanel } from './CustomerGroupsDialog.tsx';
