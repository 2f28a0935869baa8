import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mailOutboxApi, mailOutboxKeys, type TMailOutboxParams } from '../api/mail-outbox-api.ts';

/** Whether the server serves the outbox (development or MAIL_OUTBOX_UI=1); asked only by holders of its code. */
export function useMailOutboxStatus(canView: boolean) {
  return useQuery({ queryKey: mailOutboxKeys.status(), queryFn: ({ signal }) => mailOutboxApi.status(signal), enabled: canView, staleTime: 5 * 60_000, retry: false });
}

/** The list refreshes when the window regains focus and every 10 s: mail arrives from background jobs. */
export function useMailOutboxList(q: TMailOutboxParams) {
  return useQuery({ queryKey: mailOutboxKeys.list(q), queryFn: ({ signal }) => mailOutboxApi.list(q, signal), placeholderData: keepPreviousData, refetchInterval: 10_000 });
}

export function useMailMessage(id: string | null) {
  return useQuery({ queryKey: mailOutboxKeys.message(id ?? ''), queryFn: ({ signal }) => mailOutboxApi.message(id!, signal), enabled: id !== null });
}
