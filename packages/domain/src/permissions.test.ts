import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  grantedKeys,
  isGroupActive,
  isModuleActive,
  toggleGroup,
  toggleModule,
  togglePermission,
  type ModuleState,
} from './permissions.ts';

const arbModules: fc.Arbitrary<ModuleState[]> = fc
  .uniqueArray(fc.stringMatching(/^[A-Z][a-z]{2,6}$/), { minLength: 1, maxLength: 4 })
  .chain((names) =>
    fc.tuple(
      ...names.map((moduleName, mi) =>
        fc
          .uniqueArray(fc.stringMatching(/^[a-z]{3,6}$/), { minLength: 1, maxLength: 3 })
          .chain((groups) =>
            fc.tuple(
              ...groups.map((name, gi) =>
                fc
                  .array(fc.record({ isActive: fc.boolean(), defaultAllowed: fc.boolean() }), {
                    minLength: 1,
                    maxLength: 4,
                  })
                  .map((ps) => ({ name, permissions: ps.map((p, pi) => ({ ...p, key: `${mi}.${gi}.${pi}` })) })),
              ),
            ),
          )
          .map((groups) => ({ moduleName, groups })),
      ),
    ),
  );

describe('permission toggles (properties)', () => {
  it('module off leaves no active permission in it and touches no other module', () => {
    fc.assert(
      fc.property(arbModules, fc.nat(), (mods, i) => {
        const target = mods[i % mods.length]!;
        const out = toggleModule(mods, target.moduleName, false);
        const after = out.find((m) => m.moduleName === target.moduleName)!;
        expect(isModuleActive(after)).toBe(false);
        for (const m of out)
          if (m.moduleName !== target.moduleName) expect(m).toEqual(mods.find((x) => x.moduleName === m.moduleName));
      }),
    );
  });

  it('group on activates exactly its default-allowed permissions', () => {
    fc.assert(
      fc.property(arbModules, fc.nat(), fc.nat(), (mods, i, j) => {
        const m = mods[i % mods.length]!;
        const g = m.groups[j % m.groups.length]!;
        const out = toggleGroup(mods, m.moduleName, g.name, true);
        const after = out.find((x) => x.moduleName === m.moduleName)!.groups.find((x) => x.name === g.name)!;
        for (const p of after.permissions) expect(p.isActive).toBe(p.defaultAllowed);
        expect(isGroupActive(after)).toBe(g.permissions.some((p) => p.defaultAllowed));
      }),
    );
  });

  it('a group is active exactly when one of its permissions is', () => {
    fc.assert(
      fc.property(arbModules, fc.nat(), fc.boolean(), (mods, k, on) => {
        const all = mods.flatMap((m) => m.groups.flatMap((g) => g.permissions.map((p) => ({ m, p }))));
        const { m, p } = all[k % all.length]!;
        const out = togglePermission(mods, m.moduleName, p.key, on);
        for (const mod of out)
          for (const g of mod.groups) expect(isGroupActive(g)).toBe(g.permissions.some((x) => x.isActive));
        expect(grantedKeys(out).includes(p.key)).toBe(on);
      }),
    );
  });

  it('group off deactivates every permission of that group only', () => {
    const mods: ModuleState[] = [
      {
        moduleName: 'Flights',
        groups: [
          { name: 'Booking', permissions: [{ key: 'a', isActive: true, defaultAllowed: true }] },
          { name: 'Queues', permissions: [{ key: 'b', isActive: true, defaultAllowed: false }] },
        ],
      },
    ];
    expect(grantedKeys(toggleGroup(mods, 'Flights', 'Booking', false))).toEqual(['b']);
  });
});
