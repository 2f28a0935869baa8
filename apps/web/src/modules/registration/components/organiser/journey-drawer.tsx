import { Alert, Drawer, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconBan, IconCash, IconCheck, IconCreditCardOff, IconEdit, IconPrinter, IconUserMinus, IconUserPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_JOURNEY_EVENT_LABELS, type TUserJourneyEventType } from '@pavilion/domain/registration/registration.enums';
import type { TJourneyEntry, TRegistration } from '@pavilion/domain/registration/registration.schemas';
import { errorMessage } from '../../../../app/form-errors.ts';
import { useJourney } from '../../hooks/use-organiser-registration.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { formatMoney } from '../../lib/money.ts';

const ICONS: Record<TUserJourneyEventType, ReactNode> = {
  REG: <IconUserPlus size={14} aria-hidden />,
  APPRV: <IconCheck size={14} aria-hidden />,
  DISAPPRV: <IconX size={14} aria-hidden />,
  SPEND: <IconCash size={14} aria-hidden />,
  PAY_CAPTURED: <IconCash size={14} aria-hidden />,
  PAY_FAILED: <IconCreditCardOff size={14} aria-hidden />,
  USERDEL: <IconUserMinus size={14} aria-hidden />,
  UPDATE: <IconEdit size={14} aria-hidden />,
  PBADGE_PRINT: <IconPrinter size={14} aria-hidden />,
};

/** One line of detail for an entry: the amount spent, the suspension, the fields changed. */
export function journeyDetail(entry: TJourneyEntry): string {
  const d = entry.detail;
  if (typeof d.amount === 'number' && typeof d.currency === 'string') return formatMoney(d.amount, d.currency);
  if (entry.type === 'DISAPPRV' && d.status === 'suspended') return 'Suspended';
  if (typeof d.reason === 'string' && d.reason) return d.reason;
  if (typeof d.action === 'string') return d.action;
  if (Array.isArray(d.fields)) return d.fields.join(', ');
  return '';
}

/** SPEC §3.10 user journey of one registration, newest last, as a timeline. */
export function JourneyDrawer({ eventId, registration, onClose }: { eventId: string; registration: TRegistration | null; onClose: () => void }) {
  const { t } = useTranslation();
  const journey = useJourney(eventId, registration?.id ?? null);
  const name = registration ? `${registration.firstName} ${registration.lastName}`.trim() : '';
  return (
    <Drawer opened={!!registration} onClose={onClose} position="right" size="md" title={t('registration.org.journeyTitle', { name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {journey.isPending && (
        <Stack gap="sm" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      )}
      {journey.isError && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(journey.error, t)}
        </Alert>
      )}
      {journey.data?.length === 0 && <Text c="dimmed">{t('registration.org.journeyEmpty')}</Text>}
      {journey.data && journey.data.length > 0 && (
        <Timeline active={journey.data.length - 1} bulletSize={26} lineWidth={2} mt="sm">
          {journey.data.map((e) => (
            <Timeline.Item
              key={e.id}
              bullet={e.type === 'DISAPPRV' ? <IconBan size={14} aria-hidden /> : ICONS[e.type]}
              title={<Text fw={600} size="sm">{`${USER_JOURNEY_EVENT_LABELS[e.type]} (${e.type})`}</Text>}
            >
              {journeyDetail(e) && (
                <Text size="sm" c="gray.8">
                  {journeyDetail(e)}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(e.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
