import { PermissionPage, type PermissionPageProps } from '#shared/PermissionPage.tsx';

export const MANAGE = 'packages.manage';

/** A staff package screen: its content only for staff holding packages.manage (else no 403s). */
export function StaffGate(props: Omit<PermissionPageProps, 'permission' | 'staffOnly'>) {
  return <PermissionPage permission={MANAGE} staffOnly maw={1200} w="100%" mx="auto" {...props} />;
}
