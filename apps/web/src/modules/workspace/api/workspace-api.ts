import { CACHE_VERSION } from '@pavilion/domain';
import type {
  TAuditEntry,
  TCompany,
  TCompanyRequest,
  TInvitation,
  TInviteRequest,
  TMemberUpdateRequest,
  TPage,
  TPortal,
  TPortalInviteRequest,
  TRegion,
  TRole,
  TRoleRequest,
  TRoleUpdateRequest,
  TTeamMember,
  TWhiteLabel,
  TWhiteLabelRequest,
  TWhiteLabelType,
} from '@pavilion/domain';
import { api, isApiError } from '../../../app/api-client.ts';
import { sessionStore } from '../../../app/session-storage.ts';

export type TTeamListParams = { page: number; pageSize: number; search?: string; status?: 'active' | 'suspended' };
export type TAuditListParams = { page: number; pageSize: number; action?: string; actorUserId?: string; from?: string; to?: string };
export type TCompanyListParams = { page: number; pageSize: number; search?: string; regionId?: string };

/** The workspace module's one query-key factory; every cache read and update goes through it. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  roles: () => [...workspaceKeys.all, 'roles'] as const,
  team: () => [...workspaceKeys.all, 'team'] as const,
  teamList: (q: TTeamListParams) => [...workspaceKeys.team(), 'list', q] as const,
  invitations: () => [...workspaceKeys.team(), 'invitations'] as const,
  audit: () => [...workspaceKeys.all, 'audit'] as const,
  auditList: (q: TAuditListParams) => [...workspaceKeys.audit(), q] as const,
  whiteLabels: () => [...workspaceKeys.all, 'white-labels'] as const,
  regions: () => [...workspaceKeys.all, 'regions'] as const,
  companies: () => [...workspaceKeys.all, 'companies'] as const,
  companyList: (q: TCompanyListParams) => [...workspaceKeys.companies(), q] as const,
  portal: () => [...workspaceKeys.all, 'portal'] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const workspaceApi = {
  roles: (signal?: AbortSignal) => api.get<TRole[]>('auth/roles', { signal }),
  createRole: (body: TRoleRequest) => api.post<TRole>('auth/roles', body),
  updateRole: (roleId: string, body: TRoleUpdateRequest) => api.patch<TRole>(`auth/roles/${id(roleId)}`, body),
  deleteRole: (roleId: string) => api.delete<{ deleted: true }>(`auth/roles/${id(roleId)}`),

  team: (q: TTeamListParams, signal?: AbortSignal) => api.get<TPage<TTeamMember>>('auth/team', { query: q, signal }),
  invitations: (signal?: AbortSignal) => api.get<TInvitation[]>('auth/team/invitations', { signal }),
  invite: (body: TInviteRequest) => api.post<TInvitation>('auth/team/invitations', body),
  revokeInvitation: (invitationId: string) => api.delete<{ revoked: true }>(`auth/team/invitations/${id(invitationId)}`),
  updateMember: (userId: string, body: TMemberUpdateRequest) => api.patch<TTeamMember>(`auth/team/${id(userId)}`, body),
  suspend: (userId: string) => api.post<TTeamMember>(`auth/team/${id(userId)}/suspend`),
  reactivate: (userId: string) => api.post<TTeamMember>(`auth/team/${id(userId)}/reactivate`),
  remove: (userId: string, handOverTo: string) => api.post<{ handedOver: number }>(`auth/team/${id(userId)}/remove`, { handOverTo }),

  audit: (q: TAuditListParams, signal?: AbortSignal) => api.get<TPage<TAuditEntry>>('auth/audit-log', { query: q, signal }),

  whiteLabels: (signal?: AbortSignal) => api.get<TWhiteLabel[]>('auth/white-labels', { signal }),
  saveWhiteLabel: (type: TWhiteLabelType, body: TWhiteLabelRequest) => api.put<TWhiteLabel>(`auth/white-labels/${id(type)}`, body),

  regions: (signal?: AbortSignal) => api.get<TRegion[]>('auth/regions', { signal }),
  createRegion: (name: string) => api.post<TRegion>('auth/regions', { name }),
  companies: (q: TCompanyListParams, signal?: AbortSignal) => api.get<TPage<TCompany>>('auth/companies', { query: q, signal }),
  createCompany: (body: TCompanyRequest) => api.post<TCompany>('auth/companies', body),

  portal: (signal?: AbortSignal) => api.get<TPortal>('auth/portal', { signal }),
  portalInvite: (body: TPortalInviteRequest) => api.post<TInvitation>('auth/portal/invitations', body),
};

/**
 * The audit CSV: a file, not an envelope, so it is fetched directly with the session's bearer and saved as a
 * blob. The api client's JSON handling would read it as text and lose the download name.
 */
export async function downloadAuditCsv(q: Omit<TAuditListParams, 'page' | 'pageSize'>, fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<Blob> {
  const params = new URLSearchParams({ v: CACHE_VERSION });
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
  const auth = sessionStore.getAuth();
  const bearer = auth?.accessToken || auth?.refreshToken;
  const res = await fetchImpl(`/api/auth/audit-log/export?${params.toString()}`, {
    headers: { Accept: 'text/csv', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    credentials: 'same-origin',
  });
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // not JSON: fall through to a generic envelope
    }
    throw isApiError(body) ? body : { status: 'ERROR', code: res.status, message: res.statusText || `Export failed (${res.status})` };
  }
  return res.blob();
}

/** Offers a blob as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
