import type {
  TCompanyRequest,
  TInviteRequest,
  TMemberUpdateRequest,
  TPortalInviteRequest,
  TRoleRequest,
  TRoleUpdateRequest,
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

export const workspaceApi = {
  roles: (signal?: AbortSignal) => api.call('GET /api/auth/roles', { signal }),
  createRole: (body: TRoleRequest) => api.call('POST /api/auth/roles', { body }),
  updateRole: (roleId: string, body: TRoleUpdateRequest) => api.call('PATCH /api/auth/roles/:id', { params: { id: roleId }, body }),
  deleteRole: (roleId: string) => api.call('DELETE /api/auth/roles/:id', { params: { id: roleId } }),

  team: (q: TTeamListParams, signal?: AbortSignal) => api.call('GET /api/auth/team', { query: q, signal }),
  invitations: (signal?: AbortSignal) => api.call('GET /api/auth/team/invitations', { signal }),
  invite: (body: TInviteRequest) => api.call('POST /api/auth/team/invitations', { body }),
  revokeInvitation: (invitationId: string) => api.call('DELETE /api/auth/team/invitations/:id', { params: { id: invitationId } }),
  updateMember: (userId: string, body: TMemberUpdateRequest) => api.call('PATCH /api/auth/team/:id', { params: { id: userId }, body }),
  suspend: (userId: string) => api.call('POST /api/auth/team/:id/suspend', { params: { id: userId } }),
  reactivate: (userId: string) => api.call('POST /api/auth/team/:id/reactivate', { params: { id: userId } }),
  remove: (userId: string, handOverTo: string) => api.call('POST /api/auth/team/:id/remove', { params: { id: userId }, body: { handOverTo } }),

  audit: (q: TAuditListParams, signal?: AbortSignal) => api.call('GET /api/auth/audit-log', { query: q, signal }),

  whiteLabels: (signal?: AbortSignal) => api.call('GET /api/auth/white-labels', { signal }),
  saveWhiteLabel: (type: TWhiteLabelType, body: TWhiteLabelRequest) => api.call('PUT /api/auth/white-labels/:type', { params: { type }, body }),

  regions: (signal?: AbortSignal) => api.call('GET /api/auth/regions', { signal }),
  createRegion: (name: string) => api.call('POST /api/auth/regions', { body: { name } }),
  companies: (q: TCompanyListParams, signal?: AbortSignal) => api.call('GET /api/auth/companies', { query: q, signal }),
  createCompany: (body: TCompanyRequest) => api.call('POST /api/auth/companies', { body }),

  portal: (signal?: AbortSignal) => api.call('GET /api/auth/portal', { signal }),
  portalInvite: (body: TPortalInviteRequest) => api.call('POST /api/auth/portal/invitations', { body }),
};

/**
 * The audit CSV: a file, not an envelope, so it is fetched directly with the session's bearer and saved as a
 * blob. The api client's JSON handling would read it as text and lose the download name.
 */
export async function downloadAuditCsv(q: Omit<TAuditListParams, 'page' | 'pageSize'>, fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<Blob> {
  const auth = sessionStore.getAuth();
  const bearer = auth?.accessToken || auth?.refreshToken;
  const res = await fetchImpl(api.url('GET /api/auth/audit-log/export', { query: q }), {
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
