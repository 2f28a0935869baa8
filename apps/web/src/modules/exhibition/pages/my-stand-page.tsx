import '../exhibition-i18n.ts';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/form-errors.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { myStandApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { formatPrice } from '../components/price.ts';
import { StatusBadge } from '../components/submission-parts.tsx';
import { MyInvoices } from '../components/my-invoices.tsx';
import { CompanyOrders } from '../components/company-orders.tsx';
import { MyProducts } from '../components/my-products.tsx';
import { MyVideos } from '../components/my-videos.tsx';
import { MyCompany, MyCompanyVideos, MyDocuments } from '../components/my-company.tsx';
import { StandLinks } from '../components/stand-links.tsx';
import { MyStaffBadges } from '../components/staff-badges.tsx';
import { myStandCompanyApi, myStandKeys } from '../api/my-stand-api.ts';

/** The event the exhibitor is signed in to (their invitation link's), or ?eventId=. */
export function useStandEventId(): string {
  const eventData = useEventData();
  const [search] = useSearchParams();
  return search.get('eventId') ?? eventData?.eventId ?? '';
}

/**
 * /attendium/stand ("My stand"): for the company's admin, the company, its booths and each booth's open forms, its
 * profile and staff emails, products, invoices, orders, documents and videos; for its staff, what they may use (reports, product orders, leads, videos).
 * The server decides who is which (`my-stand/membership`) and refuses the admin's routes to staff.
 */
export function MyStandPage() {
  const { t } = useTranslation();
  const eventId = useStandEventId();
  usePageTitle(t('exhibition.forms.stand.title'));
  const membership = useQuery({ queryKey: myStandKeys.membership(eventId), queryFn: ({ signal }) => myStandCompanyApi.membership(eventId, signal), enabled: !!eventId });
  const role = membership.data?.role ?? null;
  const stand = useQuery({ queryKey: exhibitionKeys.myStand(eventId), queryFn: ({ signal }) => myStandApi.stand(eventId, signal), enabled: !!eventId && role === 'admin' });
  const home = `/attendium${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
  const companyName = membership.data?.company?.name;
  const failure = membership.error ?? stand.error;
  return (
    <AttendeePage
      back={{ to: home, label: t('exhibition.forms.stand.back') }}
      title={companyName ? `${t('exhibition.forms.stand.title')} · ${companyName}` : t('exhibition.forms.stand.title')}
      intro={role === 'staff' && companyName ? t('exhibition.stand.staffIntro', { company: companyName }) : t('exhibition.forms.stand.intro')}
    >
      {!eventId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('exhibition.forms.stand.noEvent')}
        </Alert>
      )}
      {((membership.isPending && !!eventId) || (role === 'admin' && stand.isPending)) && <ListLoading rows={2} />}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(failure, t)}
        </Alert>
      )}
      {membership.data && !role && <ListEmpty icon={<IconBuildingStore size={32} />} title={t('exhibition.stand.notMember')} body={t('exhibition.stand.notMemberBody')} />}
      {role === 'staff' && (
        <>
          <StandLinks eventId={eventId} />
          <MyVideos eventId={eventId} />
        </>
      )}
      {stand.data && <StandLinks eventId={eventId} />}
      {stand.data && <MyCompany eventId={eventId} />}
      {stand.data && stand.data.booths.length === 0 && <ListEmpty icon={<IconBuildingStore size={32} />} title={t('exhibition.forms.stand.noBooths')} body={t('exhibition.forms.stand.noBoothsBody')} />}
      {stand.data?.booths.map((b) => (
        <Paper key={b.id} component="section" aria-labelledby={`booth-${b.id}`} withBorder p="md" radius="md">
          <Stack gap="sm">
            <div>
              <Title order={2} fz="h4" id={`booth-${b.id}`}>
                {t('exhibition.forms.stand.boothTitle', { number: b.number, hall: b.hall })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('exhibition.forms.stand.stallSize', { stall: b.stallType === 'shell' ? 'Shell' : 'Raw', size: b.sizeSqm })}
              </Text>
            </div>
            {b.forms.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('exhibition.forms.stand.noForms')}
              </Text>
            )}
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {b.forms.map((f) => {
                const canEdit = !f.isPastDeadline && (!f.submission || f.submission.status === 'draft' || f.submission.status === 'rejected');
                const action = canEdit ? t('exhibition.forms.stand.fill') : t('exhibition.forms.stand.view');
                return (
                  <Paper key={f.formCode} component="li" withBorder p="sm" radius="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2}>
                        <Text fw={600}>{f.formName}</Text>
                        <Group gap="xs">
                          {f.submission ? (
                            <StatusBadge status={f.submission.status} />
                          ) : (
                            <Badge variant="outline" color="gray" styles={{ root: { color: 'var(--mantine-color-gray-8)' } }}>
                              {t('exhibition.forms.stand.notStarted')}
                            </Badge>
                          )}
                          {f.submission && f.submission.total > 0 && (
                            <Text size="sm">
                              {f.submission.currency} {formatPrice(f.submission.total)}
                            </Text>
                          )}
                          {f.deadline && (
                            <Text size="xs" c={f.isPastDeadline ? 'red.9' : 'dimmed'}>
                              {f.isPastDeadline ? t('exhibition.forms.stand.closed') : t('exhibition.forms.stand.deadline', { deadline: f.deadline.replace('T', ' ') })}
                            </Text>
                          )}
                        </Group>
                      </Stack>
                      <Button
                        component={Link}
                        to={`/attendium/stand/${encodeURIComponent(b.id)}/${f.formCode}?eventId=${encodeURIComponent(eventId)}`}
                        size="sm"
                        variant={canEdit ? 'filled' : 'default'}
                        aria-label={t('exhibition.forms.stand.openForm', { action, form: f.formName, number: b.number })}
                      >
                        {action}
                      </Button>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Stack>
        </Paper>
      ))}
      {stand.data && <MyProducts eventId={eventId} companyId={stand.data.company.id} />}
      {stand.data && <MyInvoices eventId={eventId} />}
      {stand.data && <CompanyOrders eventId={eventId} />}
      {stand.data && <MyDocuments eventId={eventId} />}
      {stand.data && <MyCompanyVideos eventId={eventId} />}
      {stand.data && <MyStaffBadges eventId={eventId} />}
    </AttendeePage>
  );
}
