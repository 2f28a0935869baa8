import type { TMailOutboxItem, TMailOutboxMessage, TMailOutboxStatusResponse, TPage } from '@pavilion/domain';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

export type TMailOutboxParams = { page: number; pageSize: number; to?: string; subject?: string };

const BASE = 'notifyservices/api/mail-outbox';
const enc = encodeURIComponent;

export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  status: () => [...mailOutboxKeys.all, 'status'] as const,
  lists: () => [...mailOutboxKeys.all, 'list'] as const,
  list: (q: TMailOutboxParams) => [...mailOutboxKeys.lists(), q] as const,
  message: (id: string) => [...mailOutboxKeys.all, 'message', id] as const,
};

export const mailOutboxApi = {
  status: (signal?: AbortSignal) => api.get<TMailOutboxStatusResponse>(`${BASE}/status`, { signal, isSilent: true }),
  list: (q: TMailOutboxParams, signal?: AbortSignal) => api.get<TPage<TMailOutboxItem>>(BASE, { query: q, signal }),
  message: (id: string, signal?: AbortSignal) => api.get<TMailOutboxMessage>(`${BASE}/${enc(id)}`, { signal }),
  /** Saves one attachment as a file (the bearer travels in a header, so a plain link cannot fetch it). */
  downloadAttachment: (id: string, index: number, fileName: string) => downloadFile(`/api/${BASE}/${enc(id)}/attachments/${index}`, {}, fileName),
};
