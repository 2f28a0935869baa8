import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCompanyRequest,
  TInviteRequest,
  TMemberUpdateRequest,
  TRoleRequest,
  TRoleUpdateRequest,
  TWhiteLabelRequest,
  TWhiteLabelType,
} from '@pavilion/domain';
import { accessKeys } from '../../../app/access.ts';
import {
  workspaceApi,
  workspaceKeys,
  type TAuditListParams,
  type TCompanyListParams,
  type TTeamListParams,
} from '../api/workspace-api.ts';

// Roles
export function useRoles(isEnabled = true) {
  return useQuery({ queryKey: workspaceKeys.roles(), queryFn: ({ signal }) => workspaceApi.roles(signal), enabled: isEnabled });
}

/** Role and member changes can change what the current user may see: refresh my-access too. */
function useInvalidate() {
  const qc = useQueryClient();
  return (...keys: (readonly unknown[])[]) => {
    for (const key of keys) void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: accessKeys.all });
  };
}

export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: string | null; body: TRoleRequest | TRoleUpdateRequest }) =>
      roleId ? workspaceApi.updateRole(roleId, body) : workspaceApi.createRole(body as TRoleRequest),
    onSuccess: () => invalidate(workspaceKeys.roles(), workspaceKeys.audit()),
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: workspaceApi.deleteRole, onSuccess: () => invalidate(workspaceKeys.roles(), workspaceKeys.audit()) });
}

// Team
export function useTeam(q: TTeamListParams, isEnabled = true) {
  return useQuery({
    queryKey: workspaceKeys.teamList(q),
    queryFn: ({ signal }) => workspaceApi.team(q, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useInvitations(isEnabled = true) {
  return useQuery({ queryKey: workspaceKeys.invitations(), queryFn: ({ signal }) => workspaceApi.invitations(signal), enabled: isEnabled });
}

export function useInvite() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: TInviteRequest) => workspaceApi.invite(body), onSuccess: () => invalidate(workspaceKeys.invitations(), workspaceKeys.audit()) });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: workspaceApi.revokeInvitation, onSuccess: () => invalidate(workspaceKeys.invitations(), workspaceKeys.audit()) });
}

export function useUpdateMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TMemberUpdateRequest }) => workspaceApi.updateMember(userId, body),
    onSuccess: () => invalidate(workspaceKeys.team(), workspaceKeys.roles(), workspaceKeys.audit()),
  });
}

export function useSetSuspended() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, isSuspended }: { userId: string; isSuspended: boolean }) =>
      isSuspended ? workspaceApi.suspend(userId) : workspaceApi.reactivate(userId),
    onSuccess: () => invalidate(workspaceKeys.team(), workspaceKeys.audit()),
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, handOverTo }: { userId: string; handOverTo: string }) => workspaceApi.remove(userId, handOverTo),
    onSuccess: () => invalidate(workspaceKeys.team(), workspaceKeys.roles(), workspaceKeys.audit()),
  });
}

// Audit
export function useAuditLog(q: TAuditListParams) {
  return useQuery({ queryKey: workspaceKeys.auditList(q), queryFn: ({ signal }) => workspaceApi.audit(q, signal), placeholderData: keepPreviousData });
}

// White labels
export function useWhiteLabels() {
  return useQuery({ queryKey: workspaceKeys.whiteLabels(), queryFn: ({ signal }) => workspaceApi.whiteLabels(signal) });
}

export function useSaveWhiteLabel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: TWhiteLabelType; body: TWhiteLabelRequest }) => workspaceApi.saveWhiteLabel(type, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: workspaceKeys.whiteLabels() });
      void qc.invalidateQueries({ queryKey: workspaceKeys.audit() });
    },
  });
}

// Regions and companies
export function useRegions(isEnabled = true) {
  return useQuery({ queryKey: workspaceKeys.regions(), queryFn: ({ signal }) => workspaceApi.regions(signal), enabled: isEnabled, staleTime: 60_000 });
}

export function useCreateRegion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => workspaceApi.createRegion(name),
    onSuccess: () => void qc.invalidateQueries({ queryKey: workspaceKeys.regions() }),
  });
}

export function useCompanies(q: TCompanyListParams, isEnabled = true) {
  return useQuery({
    queryKey: workspaceKeys.companyList(q),
    queryFn: ({ signal }) => workspaceApi.companies(q, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyRequest) => workspaceApi.createCompany(body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: workspaceKeys.companies() }),
  });
}
