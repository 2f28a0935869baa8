import { AccessLevel, withAncestors } from '@pavilion/domain';
import type { Caller } from '../../platform/auth-guard.ts';
import type { ActiveUserBase } from '../auth/index.ts';
import type { WorkspaceRepository } from './workspace.repository.ts';

/**
 * Workspace's access port: the guard's view of a user (grants from the role, item scope, region) and whether a
 * region exists. Built from the database and auth's port alone, so auth, events and the auth guard get it before
 * any module service exists (no late binding). Runs on every authenticated call: two reads at most, as before.
 */
export function createWorkspaceAccess(deps: { repo: Pick<WorkspaceRepository, 'roleCodes' | 'itemAccess' | 'listRegions'>; activeUserBase: (userId: string) => Promise<ActiveUserBase | null> }) {
  const { repo } = deps;
  return {
    async loadCaller(userId: string): Promise<Caller | null> {
      const base = await deps.activeUserBase(userId);
      if (!base) return null;
      let grants: ReadonlySet<string> = new Set();
      const itemScope = new Map<string, Set<string>>();
      if (base.organisationId && base.accessLevel !== AccessLevel.AdminAccess) {
        const codes = base.roleId ? await repo.roleCodes(base.organisationId, base.roleId) : null;
        grants = withAncestors(codes ?? []);
        for (const item of await repo.itemAccess(userId)) {
          const set = itemScope.get(item.itemType) ?? new Set<string>();
          set.add(item.itemId);
          itemScope.set(item.itemType, set);
        }
      }
      return {
        userId: base.id,
        organisationId: base.organisationId,
        role: base.role,
        userType: base.userType,
        accessLevel: base.accessLevel,
        grants,
        itemScope,
        regionId: base.regionId,
        isRegionTeam: base.isRegionTeam,
      };
    },
    async regionExists(organisationId: string, regionId: string): Promise<boolean> {
      return (await repo.listRegions(organisationId)).some((r) => r.id === regionId);
    },
  };
}

export type WorkspaceAccess = ReturnType<typeof createWorkspaceAccess>;
