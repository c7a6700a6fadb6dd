import type { ComponentProps } from 'react';
import { FormDialog } from '#shared/FormDialog.tsx';
import { PermissionPage, type PermissionPageProps } from '#shared/PermissionPage.tsx';

/** The screen's own region (the e2e accessibility check looks there, not at the shell around it). */
const DMC_SCREEN_ID = 'dmc-screen';

/**
 * A DMC back-office screen: its content only for staff holding the permission its calls need
 * (contracts/endpoints/dmc.ts), so nobody is offered a screen that answers 403.
 */
export function DmcPage(props: Omit<PermissionPageProps, 'id'>) {
  return <PermissionPage id={DMC_SCREEN_ID} {...props} />;
}

/** A DMC create or edit dialog: the app's FormDialog, large by default (the DMC's forms are wide). */
export function DmcDialog({ size = 'lg', ...props }: ComponentProps<typeof FormDialog>) {
  return <FormDialog size={size} {...props} />;
}
