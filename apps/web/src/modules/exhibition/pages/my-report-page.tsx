import '../exhibition-i18n.ts';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { documentKeys, myReportApi } from '../api/company-documents-api.ts';
import { ExhibitorReportTabs } from '../components/exhibitor-report.tsx';
import { useStandEventId } from './my-stand-page.tsx';

/** /attendium/stand/report: the company admin's or staff member's exhibitor report (SPEC §2.6), their company only. */
export function MyReportPage() {
  const { t } = useTranslation();
  const eventId = useStandEventId();
  usePageTitle(t('exhibition.report.title'));
  const report = useQuery({ queryKey: documentKeys.myReport(eventId), queryFn: ({ signal }) => myReportApi.report(eventId, signal), enabled: !!eventId });
  const stand = `/attendium/stand${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
  return (
    <AttendeePage back={{ to: stand, label: t('exhibition.report.back') }} title={report.data ? `${t('exhibition.report.title')} · ${report.data.company.name}` : t('exhibition.report.title')} intro={t('exhibition.report.intro')}>
      {!eventId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('exhibition.forms.stand.noEvent')}
        </Alert>
      )}
      {report.isPending && !!eventId && <ListLoading rows={3} />}
      {report.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(report.error, t)}
        </Alert>
      )}
      {report.data && <ExhibitorReportTabs report={report.data} />}
    </AttendeePage>
  );
}
