import '../programme-i18n.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ActionIcon, Badge, Button, ColorInput, Group, MultiSelect, NativeSelect, NumberInput, Paper, ScrollArea, Stack, Switch, Table, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconArrowBackUp, IconBroadcast, IconCalendarEvent, IconDoor, IconMailForward, IconMicrophone, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SESSION_TAG_MAX_LENGTH, SESSION_TAGS_MAX, SESSION_TYPES, type TDraftState, type TProgramme, type TRoom, type TRoomInput, type TSession, type TSessionInput, type TSessionType, type TSpeaker, type TTrack } from '@pavilion/domain/programme/programme.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { programmeOrgApi as api } from '../api/programme-api.ts';
import { DayGrid } from '../components/day-grid.tsx';
import { DeletedSessions } from '../components/deleted-sessions.tsx';
import { PublishBar } from '../components/publish-bar.tsx';
import { SessionTableExtras, useSessionTableFilter } from '../components/session-table-extras.tsx';
import { SpeakerAvatar, SpeakerPhotoField } from '../components/speaker-photo.tsx';
import { areaChoiceBody, initialAreaChoice, RoomCheckinAreaField, type TAreaChoice } from '../components/room-checkin-area.tsx';
import { useProgramme, useProgrammeMutation, useRoomList, useSpeakerList, useTrackList } from '../api/use-programme.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';

type TErrors = Record<string, string>;
const fieldErrors = (setErrors: (f: (p: TErrors) => TErrors) => void) => (field: string, message: string) => setErrors((p) => ({ ...p, [field]: message }));

function ProgrammeFrame({ title, children }: { title: string; children: (p: TProgramme, eventId: string) => ReactNode }) {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const programme = useProgramme(eventId);
  usePageTitle(title);
  if (programme.isPending) return <ListLoading />;
  if (programme.isError) return <ListError error={programme.error} onRetry={() => void programme.refetch()} />;
  return (
    <Stack gap="md">
      <PublishBar p={programme.data} eventId={eventId} />
      <Text size="sm" c="dimmed">
        {t('programme.org.timeZoneNote', { zone: programme.data.timeZone })}
      </Text>
      {children(programme.data, eventId)}
    </Stack>
  );
}

/** A tab that lists one kind of item through its own endpoint, readable with that tab's view code alone. */
function ListFrame<T>({ title, useList, children }: { title: string; useList: (eventId: string) => UseQueryResult<{ items: T[] }>; children: (items: T[], eventId: string) => ReactNode }) {
  const eventId = useSectionEventId();
  const list = useList(eventId);
  usePageTitle(title);
  if (list.isPending) return <ListLoading />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  return <Stack gap="md">{children(list.data.items, eventId)}</Stack>;
}

function askDelete(t: (k: string, o?: Record<string, unknown>) => string, name: string, onConfirm: () => void) {
  openConfirmModal({
    title: t('programme.org.confirmDelete', { name }),
    labels: { confirm: t('programme.org.delete'), cancel: t('programme.org.cancel') },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
    onConfirm,
  });
}

function RowActions({ name, editCode, deleteCode, onEdit, onDelete }: { name: string; editCode: `AP-${number}`; deleteCode: `AP-${number}`; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Can rule={editCode}>
        <ActionIcon variant="subtle" aria-label={`${t('programme.org.edit')} ${name}`} onClick={onEdit}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Can>
      <Can rule={deleteCode}>
        <ActionIcon variant="subtle" color="red" aria-label={`${t('programme.org.delete')} ${name}`} onClick={() => askDelete(t, name, onDelete)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Can>
    </Group>
  );
}

/** Deletes and says what happened: gone at once, or (`pending`) kept for attendees until the next publish. */
function useDelete(eventId: string, fn: (id: string) => Promise<{ pending: boolean }>) {
  const { t } = useTranslation();
  const m = useProgrammeMutation(eventId, fn);
  return (id: string) =>
    m.mutate(id, {
      onSuccess: (done) => toast(t(done.pending ? 'programme.org.draft.deletedInDraft' : 'programme.org.deleted'), 'success'),
      onError: (err) => toast(errorMessage(err, t), 'error'),
    });
}

/**
 * How a room's or track's draft stands against what attendees see: "Unpublished changes" (a rename, a capacity, a
 * colour) or "Deleted — publish to apply"; nothing when they are the same.
 */
function DraftBadge({ state }: { state: TDraftState | undefined }) {
  const { t } = useTranslation();
  if (state === 'changed')
    return (
      <Badge variant="outline" color="teal.9" bg="white">
        {t('programme.org.draft.changed')}
      </Badge>
    );
  if (state === 'deleted')
    return (
      <Badge variant="outline" color="red.9" bg="white">
        {t('programme.org.draft.deleted')}
      </Badge>
    );
  return null;
}

/** A row deleted in the draft offers its undo (the delete code) instead of edit and delete. */
function UndoDelete({ name, code, onUndo }: { name: string; code: `AP-${number}`; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Can rule={code}>
        <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} aria-hidden />} aria-label={t('programme.org.draft.undoFor', { name })} onClick={onUndo}>
          {t('programme.org.draft.undo')}
        </Button>
      </Can>
    </Group>
  );
}

function useRestore(eventId: string, fn: (id: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const m = useProgrammeMutation(eventId, fn);
  return (id: string) =>
    m.mutate(id, {
      onSuccess: () => toast(t('programme.org.draft.restored'), 'success'),
      onError: (err) => toast(errorMessage(err, t), 'error'),
    });
}

/* ------------------------------------------------------------------ rooms */

function RoomModal({ eventId, room, onClose }: { eventId: string; room: TRoom | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState<number | string>(room?.capacity ?? '');
  const [area, setArea] = useState<TAreaChoice>(initialAreaChoice(room?.checkinAreaId));
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useProgrammeMutation(eventId, (body: TRoomInput) => (room ? api.updateRoom(eventId, room.id, body) : api.createRoom(eventId, body))),
    { setFieldError: fieldErrors(setErrors), success: () => t('programme.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const checkinArea = areaChoiceBody(area, room?.checkinAreaId);
    save.submit({ name, capacity: capacity === '' ? null : Number(capacity), ...(checkinArea ? { checkinArea } : {}) });
  };
  return (
    <FormModal opened onClose={onClose} title={room ? t('programme.org.editRoom') : t('programme.org.newRoom')} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('programme.org.save')} cancelLabel={t('programme.org.cancel')}>
      <TextInput label={t('programme.org.name')} withAsterisk maxLength={160} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
      <NumberInput label={t('programme.org.capacity')} description={t('programme.org.capacityHint')} min={1} max={100000} allowDecimal={false} value={capacity} onChange={setCapacity} error={errors.capacity} />
      <RoomCheckinAreaField eventId={eventId} value={area} onChange={setArea} error={errors['checkinArea.areaId'] ?? errors.checkinArea} />
    </FormModal>
  );
}

export function RoomsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TRoom | null | undefined>(undefined);
  return (
    <ListFrame title={t('programme.org.tabs.rooms')} useList={useRoomList}>
      {(items, eventId) => <RoomsList items={items} eventId={eventId} onEdit={setEditing} editing={editing} />}
    </ListFrame>
  );
}
function RoomsList({ items, eventId, editing, onEdit }: { items: TRoom[]; eventId: string; editing: TRoom | null | undefined; onEdit: (r: TRoom | null | undefined) => void }) {
  const { t } = useTranslation();
  const remove = useDelete(eventId, (id: string) => api.deleteRoom(eventId, id));
  const restore = useRestore(eventId, (id: string) => api.restoreRoom(eventId, id));
  const add = (
    <Can rule="AP-329">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => onEdit(null)} style={{ alignSelf: 'flex-start' }}>
        {t('programme.org.newRoom')}
      </Button>
    </Can>
  );
  return (
    <>
      {items.length === 0 ? (
        <ListEmpty icon={<IconDoor size={32} />} title={t('programme.org.noRooms')} body={t('programme.org.noRoomsBody')} action={add} />
      ) : (
        <>
          {add}
          <Paper withBorder>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('programme.org.name')}</Table.Th>
                  <Table.Th>{t('programme.org.capacity')}</Table.Th>
                  <Table.Th>{t('programme.attendance.area.column')}</Table.Th>
                  <Table.Th>{t('programme.org.draft.column')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.capacity ?? t('programme.org.unlimited')}</Table.Td>
                    <Table.Td>{r.checkinAreaId ? <Badge variant="light">{t('programme.attendance.area.linked')}</Badge> : t('programme.attendance.area.notLinked')}</Table.Td>
                    <Table.Td>
                      <DraftBadge state={r.draftState} />
                    </Table.Td>
                    <Table.Td>
                      {r.draftState === 'deleted' ? (
                        <UndoDelete name={r.name} code="AP-331" onUndo={() => restore(r.id)} />
                      ) : (
                        <RowActions name={r.name} editCode="AP-330" deleteCode="AP-331" onEdit={() => onEdit(r)} onDelete={() => remove(r.id)} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      {editing !== undefined && <RoomModal eventId={eventId} room={editing} onClose={() => onEdit(undefined)} />}
    </>
  );
}

/* ------------------------------------------------------------------ tracks */

function TrackModal({ eventId, track, onClose }: { eventId: string; track: TTrack | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(track?.name ?? '');
  const [colour, setColour] = useState(track?.colour ?? '#1c7ed6');
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useProgrammeMutation(eventId, (body: { name: string; colour: string }) => (track ? api.updateTrack(eventId, track.id, body) : api.createTrack(eventId, body))),
    { setFieldError: fieldErrors(setErrors), success: () => t('programme.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit({ name, colour });
  };
  return (
    <FormModal opened onClose={onClose} title={track ? t('programme.org.editTrack') : t('programme.org.newTrack')} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('programme.org.save')} cancelLabel={t('programme.org.cancel')}>
      <TextInput label={t('programme.org.name')} withAsterisk maxLength={160} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
      <ColorInput label={t('programme.org.colour')} format="hex" value={colour} onChange={setColour} error={errors.colour} />
    </FormModal>
  );
}

export function TracksPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TTrack | null | undefined>(undefined);
  return <ListFrame title={t('programme.org.tabs.tracks')} useList={useTrackList}>{(items, eventId) => <TracksList items={items} eventId={eventId} editing={editing} onEdit={setEditing} />}</ListFrame>;
}
function TracksList({ items, eventId, editing, onEdit }: { items: TTrack[]; eventId: string; editing: TTrack | null | undefined; onEdit: (r: TTrack | null | undefined) => void }) {
  const { t } = useTranslation();
  const remove = useDelete(eventId, (id: string) => api.deleteTrack(eventId, id));
  const restore = useRestore(eventId, (id: string) => api.restoreTrack(eventId, id));
  const add = (
    <Can rule="AP-308">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => onEdit(null)} style={{ alignSelf: 'flex-start' }}>
        {t('programme.org.newTrack')}
      </Button>
    </Can>
  );
  return (
    <>
      {items.length === 0 ? (
        <ListEmpty icon={<IconTag size={32} />} title={t('programme.org.noTracks')} body={t('programme.org.noTracksBody')} action={add} />
      ) : (
        <>
          {add}
          <Paper withBorder>
            <Table striped>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: r.colour, display: 'inline-block' }} />
                        {r.name}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <DraftBadge state={r.draftState} />
                    </Table.Td>
                    <Table.Td>
                      {r.draftState === 'deleted' ? (
                        <UndoDelete name={r.name} code="AP-310" onUndo={() => restore(r.id)} />
                      ) : (
                        <RowActions name={r.name} editCode="AP-309" deleteCode="AP-310" onEdit={() => onEdit(r)} onDelete={() => remove(r.id)} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      {editing !== undefined && <TrackModal eventId={eventId} track={editing} onClose={() => onEdit(undefined)} />}
    </>
  );
}

/* ------------------------------------------------------------------ speakers */

function SpeakerModal({ eventId, speaker, onClose }: { eventId: string; speaker: TSpeaker | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({ name: speaker?.name ?? '', title: speaker?.title ?? '', company: speaker?.company ?? '', bio: speaker?.bio ?? '', links: (speaker?.links ?? []).join('\n'), email: speaker?.email ?? '' });
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useProgrammeMutation(eventId, (body: Parameters<typeof api.createSpeaker>[1]) => (speaker ? api.updateSpeaker(eventId, speaker.id, body) : api.createSpeaker(eventId, body))),
    { setFieldError: fieldErrors(setErrors), success: () => t('programme.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const links = v.links.split('\n').map((l) => l.trim()).filter(Boolean);
    save.submit({ name: v.name, title: v.title, company: v.company, bio: v.bio, links, email: v.email.trim() || null });
  };
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value });
  const linkError = Object.entries(errors).find(([k]) => k.startsWith('links'))?.[1];
  // The photo is uploaded at once (not with the form), so the preview follows the answer.
  const [photoUrl, setPhotoUrl] = useState(speaker?.photoUrl ?? null);
  const photo = useProgrammeMutation(eventId, async (body: Parameters<typeof api.uploadSpeakerPhoto>[2]) => {
    const saved = await api.uploadSpeakerPhoto(eventId, speaker!.id, body);
    setPhotoUrl(saved.photoUrl);
    return saved;
  });
  const dropPhoto = useProgrammeMutation(eventId, async () => {
    const saved = await api.removeSpeakerPhoto(eventId, speaker!.id);
    setPhotoUrl(saved.photoUrl);
    return saved;
  });
  return (
    <FormModal opened onClose={onClose} title={speaker ? t('programme.org.editSpeaker') : t('programme.org.newSpeaker')} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('programme.org.save')} cancelLabel={t('programme.org.cancel')}>
      <TextInput label={t('programme.org.name')} withAsterisk maxLength={160} value={v.name} onChange={set('name')} error={errors.name} data-autofocus />
      <Group grow>
        <TextInput label={t('programme.org.speakerTitle')} maxLength={160} value={v.title} onChange={set('title')} error={errors.title} />
        <TextInput label={t('programme.org.company')} maxLength={160} value={v.company} onChange={set('company')} error={errors.company} />
      </Group>
      <TextInput label={t('programme.org.email')} type="email" value={v.email} onChange={set('email')} error={errors.email} />
      <Textarea label={t('programme.org.bio')} autosize minRows={3} maxLength={4000} value={v.bio} onChange={set('bio')} error={errors.bio} />
      <Textarea label={t('programme.org.links')} autosize minRows={2} value={v.links} onChange={set('links')} error={linkError} />
      {speaker && (
        <Stack gap={2}>
          <SpeakerPhotoField name={speaker.name} photoUrl={photoUrl} upload={(body) => photo.mutateAsync(body)} remove={() => dropPhoto.mutateAsync(undefined)} />
          <Text size="xs" c="dimmed">
            {t('programme.org.photoHintOrganiser')}
          </Text>
        </Stack>
      )}
    </FormModal>
  );
}

export function SpeakersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TSpeaker | null | undefined>(undefined);
  return <ListFrame title={t('programme.org.tabs.speakers')} useList={useSpeakerList}>{(items, eventId) => <SpeakersList items={items} eventId={eventId} editing={editing} onEdit={setEditing} />}</ListFrame>;
}
function SpeakersList({ items, eventId, editing, onEdit }: { items: TSpeaker[]; eventId: string; editing: TSpeaker | null | undefined; onEdit: (r: TSpeaker | null | undefined) => void }) {
  const { t } = useTranslation();
  const remove = useDelete(eventId, (id: string) => api.deleteSpeaker(eventId, id));
  const invite = useProgrammeMutation(eventId, (id: string) => api.inviteSpeaker(eventId, id));
  const sendInvite = (r: TSpeaker) =>
    invite.mutate(r.id, {
      onSuccess: (res) => toast(t('programme.org.invited', { email: res.sentTo }), 'success'),
      onError: (err) => toast(errorMessage(err, t), 'error'),
    });
  const add = (
    <Can rule="AP-336">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => onEdit(null)} style={{ alignSelf: 'flex-start' }}>
        {t('programme.org.newSpeaker')}
      </Button>
    </Can>
  );
  return (
    <>
      {items.length === 0 ? (
        <ListEmpty icon={<IconMicrophone size={32} />} title={t('programme.org.noSpeakers')} body={t('programme.org.noSpeakersBody')} action={add} />
      ) : (
        <>
          {add}
          <Paper withBorder>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('programme.org.name')}</Table.Th>
                  <Table.Th>{t('programme.org.company')}</Table.Th>
                  <Table.Th>{t('programme.org.email')}</Table.Th>
                  <Table.Th>{t('programme.org.invitation')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id} data-speaker={r.name}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <SpeakerAvatar name={r.name} photoUrl={r.photoUrl} size="md" />
                        <div>
                          <Text fw={500}>{r.name}</Text>
                          <Text size="xs" c="dimmed">
                            {r.title}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{r.company}</Table.Td>
                    <Table.Td>{r.email ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Badge
                          variant={r.invitation === 'none' ? 'outline' : 'filled'}
                          color={r.invitation === 'confirmed' ? 'teal.9' : r.invitation === 'invited' ? 'blue.9' : 'gray'}
                          styles={r.invitation === 'none' ? { root: { color: 'var(--mantine-color-gray-8)' } } : undefined}
                        >
                          {t(`programme.org.invitationStatus.${r.invitation}`)}
                        </Badge>
                        <Can rule="AP-337">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconMailForward size={14} aria-hidden />}
                            disabled={!r.email}
                            title={r.email ? undefined : t('programme.org.inviteNeedsEmail')}
                            aria-label={t('programme.org.inviteLabel', { action: r.invitation === 'none' ? t('programme.org.invite') : t('programme.org.inviteAgain'), name: r.name })}
                            loading={invite.isPending && invite.variables === r.id}
                            onClick={() => sendInvite(r)}
                          >
                            {r.invitation === 'none' ? t('programme.org.invite') : t('programme.org.inviteAgain')}
                          </Button>
                        </Can>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <RowActions name={r.name} editCode="AP-337" deleteCode="AP-338" onEdit={() => onEdit(r)} onDelete={() => remove(r.id)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      {editing !== undefined && <SpeakerModal eventId={eventId} speaker={editing} onClose={() => onEdit(undefined)} />}
    </>
  );
}

/* ------------------------------------------------------------------ sessions */

function inputOf(s: TSession | null, p: TProgramme): TSessionInput {
  const day = s?.start.slice(0, 10) ?? p.startDate;
  return {
    title: s?.title ?? '',
    descriptionHtml: s?.descriptionHtml ?? '',
    sessionType: s?.sessionType ?? 'talk',
    trackId: s?.trackId ?? null,
    roomId: s?.roomId ?? null,
    start: s?.start ?? `${day}T09:00`,
    end: s?.end ?? `${day}T10:00`,
    speakerIds: s?.speakerIds ?? [],
    moderatorIds: s?.moderatorIds ?? [],
    sponsorIds: s?.sponsorIds ?? [],
    tags: s?.tags ?? [],
    ticketIds: s?.ticketIds ?? [],
    streamUrl: s?.streamUrl ?? null,
    capacity: s?.capacity ?? null,
    bookingRequired: s?.bookingRequired ?? false,
  };
}

function SessionModal({ eventId, p, session, onClose }: { eventId: string; p: TProgramme; session: TSession | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<TSessionInput>(() => inputOf(session, p));
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useProgrammeMutation(eventId, (body: TSessionInput) => (session ? api.updateSession(eventId, session.id, body) : api.createSession(eventId, body))),
    { setFieldError: fieldErrors(setErrors), success: () => t('programme.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit(v);
  };
  const set = <K extends keyof TSessionInput>(k: K, value: TSessionInput[K]) => setV((d) => ({ ...d, [k]: value }));
  const err = (k: string) => (errors[k] ? errors[k] : undefined);
  const listError = (field: string) => Object.entries(errors).find(([k]) => k === field || k.startsWith(`${field}.`))?.[1];
  const speakerError = listError('speakerIds');
  // A stream (or the built-in live page) is for virtual and hybrid events (SPEC §2.5 mode 2 is in person).
  const hasStream = p.eventMode !== 2;
  return (
    <FormModal opened onClose={onClose} size="lg" title={session ? t('programme.org.editSession') : t('programme.org.newSession')} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('programme.org.save')} cancelLabel={t('programme.org.cancel')}>
      <TextInput label={t('programme.org.sessionTitle')} withAsterisk maxLength={160} value={v.title} onChange={(e) => set('title', e.currentTarget.value)} error={err('title')} data-autofocus />
      <Group grow align="flex-start">
        <NativeSelect label={t('programme.org.type')} data={SESSION_TYPES.map((x) => ({ value: x, label: t(`programme.types.${x}`) }))} value={v.sessionType} onChange={(e) => set('sessionType', e.currentTarget.value as TSessionType)} />
        <NativeSelect label={t('programme.org.room')} data={[{ value: '', label: t('programme.org.noRoom') }, ...p.rooms.filter((r) => r.draftState !== 'deleted').map((r) => ({ value: r.id, label: r.name }))]} value={v.roomId ?? ''} onChange={(e) => set('roomId', e.currentTarget.value || null)} error={err('roomId')} />
        <NativeSelect label={t('programme.org.track')} data={[{ value: '', label: t('programme.org.noTrack') }, ...p.tracks.filter((r) => r.draftState !== 'deleted').map((r) => ({ value: r.id, label: r.name }))]} value={v.trackId ?? ''} onChange={(e) => set('trackId', e.currentTarget.value || null)} error={err('trackId')} />
      </Group>
      <Group grow align="flex-start">
        <TextInput type="datetime-local" label={t('programme.org.start')} description={p.timeZone} value={v.start} onChange={(e) => set('start', e.currentTarget.value.slice(0, 16))} error={err('start')} withAsterisk />
        <TextInput type="datetime-local" label={t('programme.org.end')} description={p.timeZone} value={v.end} onChange={(e) => set('end', e.currentTarget.value.slice(0, 16))} error={err('end')} withAsterisk />
      </Group>
      <MultiSelect label={t('programme.org.speakers')} data={p.speakers.map((s) => ({ value: s.id, label: s.name }))} value={v.speakerIds} onChange={(ids) => set('speakerIds', ids)} searchable error={speakerError} />
      <MultiSelect
        label={t('programme.org.moderators')}
        description={t('programme.org.moderatorsHint')}
        data={p.speakers.map((s) => ({ value: s.id, label: s.name, disabled: v.speakerIds.includes(s.id) }))}
        value={v.moderatorIds}
        onChange={(ids) => set('moderatorIds', ids)}
        searchable
        error={listError('moderatorIds')}
      />
      <Group grow align="flex-start">
        <MultiSelect
          label={t('programme.org.sponsors')}
          description={p.sponsors.length === 0 ? t('programme.org.noSponsorsHint') : undefined}
          data={p.sponsors.map((s) => ({ value: s.id, label: s.name }))}
          value={v.sponsorIds}
          onChange={(ids) => set('sponsorIds', ids)}
          searchable
          disabled={p.sponsors.length === 0}
          error={listError('sponsorIds')}
        />
        <TagsInput label={t('programme.org.tags')} description={t('programme.org.tagsHint')} value={v.tags} onChange={(tags) => set('tags', tags.map((x) => x.trim().slice(0, SESSION_TAG_MAX_LENGTH)).filter(Boolean))} maxTags={SESSION_TAGS_MAX} error={listError('tags')} />
      </Group>
      <MultiSelect label={t('programme.org.tickets')} description={t('programme.org.ticketsHint')} data={p.tickets.map((x) => ({ value: x.id, label: x.name }))} value={v.ticketIds} onChange={(ids) => set('ticketIds', ids)} searchable error={listError('ticketIds')} />
      {hasStream && (
        <TextInput label={t('programme.org.streamUrl')} description={t('programme.org.streamUrlHint')} type="url" maxLength={500} placeholder="https://" value={v.streamUrl ?? ''} onChange={(e) => set('streamUrl', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)} error={err('streamUrl')} />
      )}
      <Group grow align="flex-end">
        <NumberInput label={t('programme.org.capacity')} description={t('programme.org.capacityHint')} min={1} max={100000} allowDecimal={false} value={v.capacity ?? ''} onChange={(x) => set('capacity', x === '' ? null : Number(x))} error={err('capacity')} />
        <Switch label={t('programme.org.bookingRequired')} checked={v.bookingRequired} onChange={(e) => set('bookingRequired', e.currentTarget.checked)} mb={8} />
      </Group>
      <Textarea label={t('programme.org.description')} description={t('programme.org.descriptionHint')} autosize minRows={3} maxRows={10} value={v.descriptionHtml} onChange={(e) => set('descriptionHtml', e.currentTarget.value)} error={err('descriptionHtml')} />
    </FormModal>
  );
}

function useSessionEditor() {
  const [editing, setEditing] = useState<TSession | null | undefined>(undefined);
  return { editing, open: setEditing, close: () => setEditing(undefined) };
}

export function SessionsPage() {
  const { t } = useTranslation();
  const editor = useSessionEditor();
  return (
    <ProgrammeFrame title={t('programme.org.tabs.sessions')}>
      {(p, eventId) => (
        <>
          <SessionsTable p={p} eventId={eventId} onEdit={editor.open} />
          {editor.editing !== undefined && <SessionModal eventId={eventId} p={p} session={editor.editing} onClose={editor.close} />}
        </>
      )}
    </ProgrammeFrame>
  );
}

function NewSessionButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Can rule="AP-301">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onClick} style={{ alignSelf: 'flex-start' }}>
        {t('programme.org.newSession')}
      </Button>
    </Can>
  );
}

function SessionsTable({ p, eventId, onEdit }: { p: TProgramme; eventId: string; onEdit: (s: TSession | null) => void }) {
  const { t } = useTranslation();
  const remove = useDelete(eventId, (id: string) => api.deleteSession(eventId, id));
  const rooms = new Map(p.rooms.map((r) => [r.id, r.name]));
  const tracks = new Map(p.tracks.map((r) => [r.id, r]));
  const speakers = new Map(p.speakers.map((r) => [r.id, r.name]));
  const filter = useSessionTableFilter(p);
  if (p.sessions.length === 0) {
    return (
      <>
        <ListEmpty icon={<IconCalendarEvent size={32} />} title={t('programme.org.noSessions')} body={t('programme.org.noSessionsBody')} action={<NewSessionButton onClick={() => onEdit(null)} />} />
        <DeletedSessions p={p} eventId={eventId} />
      </>
    );
  }
  return (
    <>
      <NewSessionButton onClick={() => onEdit(null)} />
      {filter.filters}
      <Paper withBorder>
        <ScrollArea type="auto">
          <Table striped miw={960}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('programme.org.when')}</Table.Th>
                <Table.Th>{t('programme.org.sessionTitle')}</Table.Th>
                <Table.Th>{t('programme.org.room')}</Table.Th>
                <Table.Th>{t('programme.org.speakers')}</Table.Th>
                <Table.Th>{t('programme.org.details')}</Table.Th>
                <Table.Th>{t('programme.org.seats')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filter.sessions.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" size="sm" ta="center" py="sm">
                      {t('programme.org.noMatches')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {filter.sessions.map((s) => {
                const track = s.trackId ? tracks.get(s.trackId) : undefined;
                return (
                  <Table.Tr key={s.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {dayLabel(s.start.slice(0, 10))} · {clockOf(s.start)}–{clockOf(s.end)}
                    </Table.Td>
                    <Table.Td>
                      <Text fw={500}>{s.title}</Text>
                      <Group gap={4}>
                        <Badge variant="light" size="sm">
                          {t(`programme.types.${s.sessionType}`)}
                        </Badge>
                        {s.draftState === 'changed' && <DraftBadge state="changed" />}
                        {track && (
                          <Badge size="sm" variant="outline" style={{ borderColor: track.colour }} c="dark">
                            {track.name}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.roomId ? rooms.get(s.roomId) : ''}</Table.Td>
                    <Table.Td>{s.speakerIds.map((id) => speakers.get(id)).join(', ')}</Table.Td>
                    <Table.Td>
                      <SessionTableExtras s={s} p={p} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {s.bookingRequired && s.capacity !== null ? t('programme.org.booked', { booked: s.bookedCount, capacity: s.capacity }) : (s.capacity ?? '')}
                      {s.waitlistCount > 0 && (
                        <Text size="xs" c="dimmed">
                          {t('programme.org.waitlist', { count: s.waitlistCount })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {/* The session's moderator console (modules/live): Q&A, polls, now playing. */}
                        <ActionIcon component={Link} to={`/app/sessions/live?eventId=${encodeURIComponent(eventId)}&session=${encodeURIComponent(s.id)}`} variant="subtle" aria-label={t('programme.org.liveConsole', { title: s.title })}>
                          <IconBroadcast size={16} aria-hidden />
                        </ActionIcon>
                        <RowActions name={s.title} editCode="AP-302" deleteCode="AP-303" onEdit={() => onEdit(s)} onDelete={() => remove(s.id)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      <DeletedSessions p={p} eventId={eventId} />
    </>
  );
}

/* ------------------------------------------------------------------ day × room grid */

export function GridPage() {
  const { t } = useTranslation();
  const editor = useSessionEditor();
  return (
    <ProgrammeFrame title={t('programme.org.tabs.grid')}>
      {(p, eventId) => (
        <>
          <DayGrid p={p} eventId={eventId} onEdit={editor.open} actions={<NewSessionButton onClick={() => editor.open(null)} />} />
          {editor.editing !== undefined && <SessionModal eventId={eventId} p={p} session={editor.editing} onClose={editor.close} />}
        </>
      )}
    </ProgrammeFrame>
  );
}
