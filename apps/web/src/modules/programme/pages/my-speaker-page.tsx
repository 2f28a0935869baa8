import '../programme-i18n.ts';
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconMicrophone } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TMySpeakerProfile } from '@pavilion/domain/programme/programme.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { mySpeakerApi, programmeKeys } from '../api/programme-api.ts';
import { SpeakerPhotoField } from '../components/speaker-photo.tsx';
import { clockOf, dayLabel } from '../lib/programme-format.ts';

type TErrors = Record<string, string>;

/** The event the speaker is signed in to (their invitation link's), or ?eventId=. */
function useSpeakerEventId(): string {
  const eventData = useEventData();
  const [search] = useSearchParams();
  return search.get('eventId') ?? eventData?.eventId ?? '';
}

/**
 * /attendium/speaker: "My speaker profile", where a speaker's invitation link lands. They confirm their profile, edit
 * how attendees see them (title, company, bio, links, photo) and see their sessions in the event's time zone.
 */
export function MySpeakerPage() {
  const { t } = useTranslation();
  const eventId = useSpeakerEventId();
  usePageTitle(t('programme.mySpeaker.title'));
  const profile = useQuery({ queryKey: programmeKeys.mySpeaker(eventId), queryFn: ({ signal }) => mySpeakerApi.profile(eventId, signal), enabled: !!eventId, retry: false });
  const home = `/attendium${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
  const isNotSpeaker = profile.isError && isApiError(profile.error) && profile.error.code === 'PROGRAMME_NOT_SPEAKER';
  return (
    <AttendeePage back={{ to: home, label: t('programme.mySpeaker.back') }} title={profile.data ? `${t('programme.mySpeaker.title')} · ${profile.data.eventName}` : t('programme.mySpeaker.title')} intro={t('programme.mySpeaker.intro')}>
      {!eventId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('programme.mySpeaker.noEvent')}
        </Alert>
      )}
      {profile.isPending && !!eventId && <ListLoading rows={3} />}
      {profile.isError && (
        <Alert color={isNotSpeaker ? 'blue' : 'red'} variant="light" role="alert" icon={<IconInfoCircle aria-hidden />}>
          {isNotSpeaker ? t('programme.mySpeaker.notSpeaker') : errorMessage(profile.error, t)}
        </Alert>
      )}
      {profile.data && <SpeakerProfile eventId={eventId} data={profile.data} />}
    </AttendeePage>
  );
}

function SpeakerProfile({ eventId, data }: { eventId: string; data: TMySpeakerProfile }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const put = (next: TMySpeakerProfile) => {
    qc.setQueryData(programmeKeys.mySpeaker(eventId), next);
    // The attendee's Speakers listing and session cards show the new words and photo.
    void qc.invalidateQueries({ queryKey: programmeKeys.speakers(eventId) });
    void qc.invalidateQueries({ queryKey: programmeKeys.schedule(eventId) });
  };
  const sp = data.speaker;
  const confirm = useMutation({
    mutationFn: () => mySpeakerApi.confirm(eventId),
    onSuccess: (next) => {
      put(next);
      toast(t('programme.mySpeaker.confirmedToast'), 'success');
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  return (
    <Stack gap="md">
      <Paper component="section" aria-labelledby="speaker-confirm" withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} fz="h4" id="speaker-confirm">
              {t('programme.mySpeaker.confirmTitle')}
            </Title>
            <Badge color={sp.confirmedAt ? 'teal.9' : 'gray.8'} variant="filled" leftSection={sp.confirmedAt ? <IconCircleCheck size={14} aria-hidden /> : null}>
              {sp.confirmedAt ? t('programme.mySpeaker.confirmedBadge') : t('programme.mySpeaker.notConfirmedBadge')}
            </Badge>
          </Group>
          {sp.confirmedAt ? (
            <Text size="sm">{t('programme.mySpeaker.confirmedOn', { date: new Date(sp.confirmedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) })}</Text>
          ) : (
            <>
              <Text size="sm">{t('programme.mySpeaker.confirmBody', { event: data.eventName })}</Text>
              <Button onClick={() => confirm.mutate()} loading={confirm.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('programme.mySpeaker.confirm')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>

      <ProfileForm eventId={eventId} data={data} onSaved={put} />

      <Paper component="section" aria-labelledby="speaker-sessions" withBorder p="md" radius="md">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h4" id="speaker-sessions">
              {t('programme.mySpeaker.sessionsTitle')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('programme.mySpeaker.timesIn', { zone: data.timeZone })}
            </Text>
          </div>
          {data.sessions.length === 0 ? (
            <ListEmpty icon={<IconMicrophone size={32} />} title={t('programme.mySpeaker.noSessions')} body={t('programme.mySpeaker.noSessionsBody')} />
          ) : (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.sessions.map((s) => (
                <Paper key={s.id} component="li" withBorder p="sm" radius="sm">
                  <Text fw={600}>{s.title}</Text>
                  <Text size="sm">
                    {dayLabel(s.start.slice(0, 10))} {clockOf(s.start)}–{clockOf(s.end)} · {s.room ?? t('programme.mySpeaker.noRoom')}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function ProfileForm({ eventId, data, onSaved }: { eventId: string; data: TMySpeakerProfile; onSaved: (next: TMySpeakerProfile) => void }) {
  const { t } = useTranslation();
  const sp = data.speaker;
  const [v, setV] = useState({ title: sp.title, company: sp.company, bio: sp.bio, links: sp.links.join('\n') });
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(useMutation({ mutationFn: (body: Parameters<typeof mySpeakerApi.update>[1]) => mySpeakerApi.update(eventId, body) }), {
    setFieldError: (field, message) => setErrors((p) => ({ ...p, [field]: message })),
    success: () => t('programme.mySpeaker.saved'),
    onSuccess: (next) => {
      onSaved(next);
      // The server's cleaned words (tags and control characters removed) replace what was typed.
      setV({ title: next.speaker.title, company: next.speaker.company, bio: next.speaker.bio, links: next.speaker.links.join('\n') });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit({ title: v.title, company: v.company, bio: v.bio, links: v.links.split('\n').map((l) => l.trim()).filter(Boolean) });
  };
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value });
  const linkError = Object.entries(errors).find(([k]) => k.startsWith('links'))?.[1];
  return (
    <Paper component="section" aria-labelledby="speaker-profile" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="speaker-profile">
          {t('programme.mySpeaker.profileTitle')}
        </Title>
        <Text fw={600}>{sp.name}</Text>
        <SpeakerPhotoField name={sp.name} photoUrl={sp.photoUrl} upload={async (body) => onSaved(await mySpeakerApi.uploadPhoto(eventId, body))} remove={async () => onSaved(await mySpeakerApi.removePhoto(eventId))} />
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('programme.org.speakerTitle')} maxLength={160} value={v.title} onChange={set('title')} error={errors.title} />
            <TextInput label={t('programme.org.company')} maxLength={160} value={v.company} onChange={set('company')} error={errors.company} />
            <Textarea label={t('programme.org.bio')} autosize minRows={4} maxLength={4000} value={v.bio} onChange={set('bio')} error={errors.bio} />
            <Textarea label={t('programme.org.links')} description={t('programme.mySpeaker.linksHint')} autosize minRows={2} value={v.links} onChange={set('links')} error={linkError} />
            {save.formError && (
              <Alert color="red" variant="light" role="alert">
                {save.formError}
              </Alert>
            )}
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('programme.mySpeaker.save')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
