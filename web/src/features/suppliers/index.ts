/** The suppliers feature's public pieces for other features. */
export { ActionButton } from './parts.tsx';
