import { Group, Paper, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import type { TModuleEdit, TModuleState } from '@tp/contracts/endpoints/rbac';
import {
  isGroupActive,
  isModuleActive,
  toggleGroup,
  toggleModule,
  togglePermission,
  type ModuleState,
} from '@tp/domain/permissions';

const LABELS = new Map(
  PERMISSION_CATALOGUE.flatMap((m) => m.groups.flatMap((g) => g.permissions.map((p) => [p.key, p.label] as const))),
);

/** The catalogue with nothing granted: a new permission group. */
export const emptyModules = (): ModuleState[] =>
  PERMISSION_CATALOGUE.map((m) => ({
    moduleName: m.moduleName,
    groups: m.groups.map((g) => ({
      name: g.name,
      permissions: g.permissions.map((p) => ({ key: p.key, isActive: false, defaultAllowed: p.defaultAllowed })),
    })),
  }));

/** A stored group's state (as the server describes it) in the toggle rules' shape. */
export const fromServer = (modules: TModuleState[]): ModuleState[] =>
  modules.map((m) => ({
    moduleName: m.moduleName,
    groups: m.groups.map((g) => ({
      name: g.name,
      permissions: g.permissions.map((p) => ({ key: p.key, isActive: p.isActive, defaultAllowed: p.defaultAllowed })),
    })),
  }));

/**
 * What the save sends: every permission's final state, no module or group switch. The server applies
 * the permission switches one by one, so it stores exactly what the editor shows.
 */
export const toEdits = (modules: ModuleState[]): TModuleEdit[] =>
  modules.map((m) => ({
    moduleName: m.moduleName,
    groups: m.groups.map((g) => ({
      name: g.name,
      permissions: g.permissions.map((p) => ({ key: p.key, isActive: p.isActive })),
    })),
  }));

/**
 * Modules → groups → permissions as switches, with the toggle rules of spec 000 §4 (from the domain
 * package): a module off switches off everything in it; a group on switches on only its permissions
 * allowed by default; a group (and a module) shows as on while any of its permissions is on.
 */
export function PermissionEditor({
  modules,
  onChange,
}: {
  modules: ModuleState[];
  onChange: (next: ModuleState[]) => void;
}) {
  return (
    <Stack gap="md">
      {modules.map((m) => (
        <Paper key={m.moduleName} withBorder p="md" component="section" aria-label={`${m.moduleName} module`}>
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h5">
              {m.moduleName}
            </Title>
            <Switch
              aria-label={`${m.moduleName} module`}
              checked={isModuleActive(m)}
              onChange={(e) => onChange(toggleModule(modules, m.moduleName, e.currentTarget.checked))}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {m.groups.map((g) => (
              <Stack key={g.name} gap={6} role="group" aria-label={`${m.moduleName}: ${g.name}`}>
                <Switch
                  fw={600}
                  label={g.name}
                  aria-label={`${m.moduleName}: ${g.name} group`}
                  checked={isGroupActive(g)}
                  onChange={(e) => onChange(toggleGroup(modules, m.moduleName, g.name, e.currentTarget.checked))}
                />
                <Stack gap={4} pl="lg">
                  {g.permissions.map((p) => (
                    <Switch
                      key={p.key}
                      size="xs"
                      checked={p.isActive}
                      onChange={(e) =>
                        onChange(togglePermission(modules, m.moduleName, p.key, e.currentTarget.checked))
                      }
                      label={LABELS.get(p.key) ?? p.key}
                      aria-label={LABELS.get(p.key) ?? p.key}
                      description={p.defaultAllowed ? undefined : 'Not switched on with its group'}
                    />
                  ))}
                </Stack>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
