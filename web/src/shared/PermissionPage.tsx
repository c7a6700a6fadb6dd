import { useId, type ReactNode } from 'react';
import { Alert, Group, Stack, Text, Title, type StackProps } from '@mantine/core';
import * as MSG from '@tp/contracts/messages';
import { PageLoader } from './PageLoader.tsx';
import { usePermissionState, useUser } from '#lib/state.ts';
import { holdsPermission } from './usePermission.ts';

export interface PermissionPageProps extends Omit<StackProps, 'title' | 'children'> {
  title: string;
  /** The RBAC key the screen's calls need; its content is shown only to whoever holds it, so nobody gets 403s. */
  permission: string;
  /** A line on what the screen is for. */
  intro?: ReactNode;
  /** Buttons beside the title (Add …), shown with the content. */
  actions?: ReactNode;
  /** Staff only: customers are refused too (holdsPermission lets them through, their calls are governed otherwise). */
  staffOnly?: boolean;
  /** The screen's own region id (the e2e accessibility checks look there, not at the shell around it). */
  id?: string;
  children: ReactNode;
}

/** A screen with its title and intro, whose content appears only for a caller allowed to use its calls. */
export function PermissionPage({
  title,
  permission,
  intro,
  actions,
  staffOnly,
  children,
  ...stack
}: PermissionPageProps) {
  const state = usePermissionState();
  const user = useUser();
  const allowed = (!staffOnly || user?.userType === 'staff') && holdsPermission(user, state, permission);
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" {...stack}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        {allowed && actions}
      </Group>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      {allowed ? (
        children
      ) : user?.userType === 'staff' && state === null ? (
        // Staff permissions still loading.
        <PageLoader />
      ) : (
        <Alert color="gray" role="status">
          {MSG.forbidden}
        </Alert>
      )}
    </Stack>
  );
}
