import { useTranslation } from 'react-i18next';
import { DownloadMenu } from '../../../ui/download-menu.tsx';
import { programmeOrgApi as api } from '../api/programme-api.ts';

/** Every session request of the event as CSV or XLSX (SPEC §2.7 T-98 Requests: Export, AP-347). */
export function RequestsDownload({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const r = 'programme.org.requests';
  return <DownloadMenu label={t(`${r}.export`)} csvLabel={t(`${r}.exportCsv`)} xlsxLabel={t(`${r}.exportXlsx`)} download={(format) => api.exportRequests(eventId, format)} />;
}
