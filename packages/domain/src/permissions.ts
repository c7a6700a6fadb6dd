/**
 * Permission toggle rules (spec 000 §4), pure:
 * - turning a module off sets all its permissions inactive;
 * - a group is active when any of its permissions is active;
 * - turning a group on activates only the permissions allowed by default (off: all inactive);
 * - turning a module on activates the default-allowed permissions of every group in it.
 */
export interface PermissionState {
  key: string;
  isActive: boolean;
  defaultAllowed: boolean;
}
export interface GroupState {
  name: string;
  permissions: PermissionState[];
}
export interface ModuleState {
  moduleName: string;
  groups: GroupState[];
}

export const isGroupActive = (g: GroupState): boolean => g.permissions.some((p) => p.isActive);
export const isModuleActive = (m: ModuleState): boolean => m.groups.some(isGroupActive);

const mapModule = (mods: ModuleState[], moduleName: string, f: (m: ModuleState) => ModuleState): ModuleState[] =>
  mods.map((m) => (m.moduleName === moduleName ? f(m) : m));

const setAll = (g: GroupState, on: boolean): GroupState => ({
  ...g,
  permissions: g.permissions.map((p) => ({ ...p, isActive: on && p.defaultAllowed })),
});

export function toggleModule(mods: ModuleState[], moduleName: string, on: boolean): ModuleState[] {
  return mapModule(mods, moduleName, (m) => ({ ...m, groups: m.groups.map((g) => setAll(g, on)) }));
}

export function toggleGroup(mods: ModuleState[], moduleName: string, groupName: string, on: boolean): ModuleState[] {
  return mapModule(mods, moduleName, (m) => ({
    ...m,
    groups: m.groups.map((g) => (g.name === groupName ? setAll(g, on) : g)),
  }));
}

export function togglePermission(mods: ModuleState[], moduleName: string, key: string, on: boolean): ModuleState[] {
  return mapModule(mods, moduleName, (m) => ({
    ...m,
    groups: m.groups.map((g) => ({
      ...g,
      permissions: g.permissions.map((p) => (p.key === key ? { ...p, isActive: on } : p)),
    })),
  }));
}

/** The set of granted keys, for storage and enforcement. */
export const grantedKeys = (mods: ModuleState[]): string[] =>
  mods.flatMap((m) => m.groups.flatMap((g) => g.permissions.filter((p) => p.isActive).map((p) => p.key)));
