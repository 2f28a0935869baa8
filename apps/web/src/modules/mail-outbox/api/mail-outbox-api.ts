import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

export type TMailOutboxParams = { page: number; pageSize: number; to?: string; subject?: string };

export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  status: () => [...mailOutboxKeys.all, 'status'] as const,
  lists: () => [...mailOutboxKeys.all, 'list'] as const,
  list: (q: TMailOutboxParams) => [...mailOutboxKeys.lists(), q] as const,
  message: (id: string) => [...mailOutboxKeys.all, 'message', id] as const,
};

export const mailOutboxApi = {
  status: (signal?: AbortSignal) => api.call('GET /api/notifyservices/api/mail-outbox/status', { signal, isSilent: true }),
  list: (q: TMailOutboxParams, signal?: AbortSignal) => api.call('GET /api/notifyservices/api/mail-outbox', { query: q, signal }),
  message: (mailId: string, signal?: AbortSignal) => api.call('GET /api/notifyservices/api/mail-outbox/:mailId', { params: { mailId }, signal }),
  /** Saves one attachment as a file (the bearer travels in a header, so a plain link cannot fetch it). */
  downloadAttachment: (mailId: string, index: number, fileName: string) =>
    downloadFile(api.url('GET /api/notifyservices/api/mail-outbox/:mailId/attachments/:index', { params: { mailId, index } }), {}, fileName),
};
