import { useEffect } from 'react';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TEvent } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { sessionStore, useEventData } from '../../../app/session-storage.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { EventFormFields, eventToFormValues, FormActions, toUpdateRequest, useEventForm } from '../components/event-form.tsx';
import { useEvent, useUpdateEvent } from '../hooks/use-events.ts';

function SettingsForm({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const form = useEventForm(true, event);
  const update = useFormMutation(useUpdateEvent(event.id), {
    setFieldError: form.setFieldError,
    success: () => t('events.saved'),
    onSuccess: (saved) => {
      form.resetDirty(eventToFormValues(saved));
      sessionStore.setSettingTabData({ domain: saved.domain, timeZone: saved.timeZone });
    },
  });

  // A refetch (or a same-URL reload) brings newer server values: show them unless the user is editing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues(eventToFormValues(event));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event]);

  const submit = form.onSubmit((values) => update.submit(toUpdateRequest(values) as Parameters<typeof update.submit>[0]));

  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={submit} noValidate aria-label={t('events.settingsTitle')}>
        <Stack gap="md">
          <FormAlert message={update.formError} />
          <EventFormFields form={form} isExtended />
        </Stack>
        <FormActions submitLabel={t('common.save')} isPending={update.isPending} />
      </form>
    </Paper>
  );
}

/** `/app/settings`: edit the selected event (PATCH). */
export function EventSettingsPage() {
  const { t } = useTranslation();
  const eventData = useEventData();
  const event = useEvent(eventData?.eventId);
  usePageTitle(t('events.settingsTitle'));

  return (
    <>
      <PageHeader title={t('events.settingsTitle')} description={event.data ? `${event.data.name} · ${t('events.settingsSubtitle')}` : t('events.settingsSubtitle')} />
      {!eventData?.eventId && (
        <Paper withBorder>
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('dashboard.noEventTitle')}
            description={t('dashboard.noEventBody')}
            action={
              <Button component={Link} to="/list/events">
                {t('dashboard.goToEvents')}
              </Button>
            }
          />
        </Paper>
      )}
      {event.isPending && eventData?.eventId && <Skeleton h={420} maw={760} radius="md" />}
      {event.isError && (
        <Alert color="red" variant="light" role="alert" title={t('events.loadEventError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(event.error, t)}
        </Alert>
      )}
      {event.data && <SettingsForm key={event.data.id} event={event.data} />}
    </>
  );
}
