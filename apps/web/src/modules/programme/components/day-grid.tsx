import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ActionIcon, Group, Loader, Paper, ScrollArea, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProgramme, TSession, TSessionInput } from '@pavilion/domain/programme/programme.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { programmeOrgApi as api } from '../api/programme-api.ts';
import { useProgrammeMutation } from '../api/use-programme.ts';
import { DAY_MINUTES, clockOfMinute, dropSlot, durationMinutes, minuteOfDay, movedTimes, nudgeSlot, type TGridLayout, type TSlot } from '../lib/grid-move.ts';
import { clockOf, dayLabel, eventDays } from '../lib/programme-format.ts';
import { DeletedSessionBadge, UndoSessionDelete, useRestoreSession } from './deleted-sessions.tsx';
import { MoveToModal, type TMoveTarget } from './move-to-modal.tsx';

const PX = 1.2; // pixels per minute
const DRAG_THRESHOLD_PX = 5;
const colKey = (roomId: string | null) => roomId ?? 'none';

type TDrag = { id: string; pointerId: number; x0: number; y0: number; grabOffsetY: number; active: boolean };
/** A move being saved; `saved` once the server took it (it is drawn where it goes until the refetched programme shows it there). */
type TPending = { id: string; roomId: string | null; start: string; end: string; saved?: boolean };
type TMoveVars = { session: TSession; roomId: string | null; start: string; end: string };

/** The whole session as the update route takes it, with the new room and times. */
function movedInput({ session: s, roomId, start, end }: TMoveVars): TSessionInput {
  const { title, descriptionHtml, sessionType, trackId, speakerIds, moderatorIds, sponsorIds, tags, ticketIds, streamUrl, capacity, bookingRequired } = s;
  return { title, descriptionHtml, sessionType, trackId, roomId, start, end, speakerIds, moderatorIds, sponsorIds, tags, ticketIds, streamUrl, capacity, bookingRequired };
}

/**
 * The organiser's day × room grid (issue 16, schedule builder). A block opens the session's form; with sessions edit
 * (AP-302) it can be dragged to another time (snapped to 15 minutes) or room column, keeping its length, and to
 * another day by holding it over that day's tab (the grid switches to that day) before dropping it; or moved with the
 * keyboard (M, the arrow keys, Enter; Escape cancels) or its "Move to…" form (day, room, time). The move is saved
 * through the session update route, which refuses a room or speaker clash with 409 naming the other session: that
 * message is shown and the block goes back. A saved move is a draft change until "Publish changes".
 */
export function DayGrid({ p, eventId, onEdit, actions }: { p: TProgramme; eventId: string; onEdit: (s: TSession) => void; actions?: ReactNode }) {
  const { t } = useTranslation();
  const canMove = useAccess().can('AP-302');
  const hintId = useId();
  const days = useMemo(() => {
    const set = new Set([...eventDays(p.startDate, p.endDate), ...p.sessions.map((s) => s.start.slice(0, 10))]);
    return [...set].sort();
  }, [p]);
  const [day, setDay] = useState(days[0] ?? p.startDate);
  const [preview, setPreview] = useState<{ id: string; slot: TSlot } | null>(null);
  const [keyboard, setKeyboard] = useState<{ id: string; slot: TSlot } | null>(null);
  const [pending, setPending] = useState<TPending | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moveTo, setMoveTo] = useState<TSession | null>(null);
  const drag = useRef<TDrag | null>(null);
  const endDrag = useRef<(() => void) | null>(null);
  const dayBar = useRef<HTMLDivElement>(null);
  const suppressClick = useRef(false);
  const refocus = useRef<string | null>(null);
  const cells = useRef(new Map<string, HTMLDivElement>());
  const container = useRef<HTMLDivElement>(null);
  const save = useProgrammeMutation(eventId, (v: TMoveVars) => api.updateSession(eventId, v.session.id, movedInput(v)));
  // Sessions deleted in the draft keep their place (attendees still see them), marked, with their undo; not movable.
  const undo = useRestoreSession(eventId);
  const deleted = (p.deletedSessions ?? []).filter((s) => s.start.startsWith(day));

  // A session being saved is shown where it goes; the rest where the server has them.
  const shown = (s: TSession) => (pending?.id === s.id ? { ...s, roomId: pending.roomId, start: pending.start, end: pending.end } : s);
  const sessions = p.sessions.map(shown).filter((s) => s.start.startsWith(day));
  const columns: { id: string | null; name: string }[] = [...p.rooms.filter((r) => r.draftState !== 'deleted').map((r) => ({ id: r.id as string | null, name: r.name })), ...([...sessions, ...p.sessions.filter((s) => s.start.startsWith(day))].some((s) => !s.roomId) ? [{ id: null, name: t('programme.org.gridUnassigned') }] : [])];
  const roomName = (roomId: string | null) => columns.find((c) => c.id === roomId)?.name ?? t('programme.org.gridUnassigned');
  const tracks = new Map(p.tracks.map((x) => [x.id, x.colour]));
  const endOnDay = (s: { end: string }) => (s.end.startsWith(day) ? minuteOfDay(s.end) : DAY_MINUTES);
  // The hours shown: the day's sessions (and a keyboard move in progress) with an hour either side to drag into.
  const starts = [...sessions.map((s) => minuteOfDay(s.start)), ...(keyboard ? [keyboard.slot.startMinute] : [])];
  const first = starts.length ? Math.max(Math.floor(Math.min(...starts) / 60) * 60 - 60, 0) : 9 * 60;
  const last = sessions.length ? Math.min(Math.ceil(Math.max(...sessions.map(endOnDay), ...(keyboard ? [keyboard.slot.startMinute + 60] : [])) / 60) * 60 + 60, DAY_MINUTES) : 18 * 60;
  const hours = Array.from({ length: (last - first) / 60 + 1 }, (_, i) => first + i * 60);

  // A saved move stops being drawn by hand once the refetched programme has the session there (the query's new data
  // can reach this component after the mutation's callbacks); a time the server reads differently (a daylight-saving
  // gap) is let go after a few seconds.
  useEffect(() => {
    if (!pending?.saved) return;
    const server = p.sessions.find((s) => s.id === pending.id);
    if (!server || (server.roomId === pending.roomId && server.start === pending.start && server.end === pending.end)) {
      setPending(null);
      return;
    }
    const timer = setTimeout(() => setPending((cur) => (cur === pending ? null : cur)), 3000);
    return () => clearTimeout(timer);
  }, [p, pending]);

  // After a keyboard move the block is drawn in its new column: give it the focus back.
  useEffect(() => {
    if (!refocus.current) return;
    const el = container.current?.querySelector<HTMLElement>(`[data-session-id="${refocus.current}"]`);
    if (el && document.activeElement !== el) el.focus();
    if (!pending) refocus.current = null;
  });

  const measure = (): TGridLayout => {
    const rects = columns.map((c) => ({ roomId: c.id, rect: cells.current.get(colKey(c.id))?.getBoundingClientRect() }));
    return {
      top: rects[0]?.rect?.top ?? 0,
      firstMinute: first,
      lastMinute: last,
      pxPerMinute: PX,
      columns: rects.filter((r) => r.rect).map((r) => ({ roomId: r.roomId, left: r.rect!.left, right: r.rect!.right })),
    };
  };
  /** "10:30–11:30, Studio"; with the day in front when the session would change day. */
  const slotText = (s: TSession, slot: TSlot, toDay = day) => {
    const times = movedTimes(s, toDay, slot.startMinute);
    const time = `${clockOf(times.start)}–${clockOf(times.end)}`;
    const room = slot.roomId === null ? t('programme.org.gridUnassigned') : (p.rooms.find((r) => r.id === slot.roomId)?.name ?? roomName(slot.roomId));
    return toDay === s.start.slice(0, 10) ? t('programme.org.gridMoveAt', { time, room }) : t('programme.org.gridMoveAtDay', { day: dayLabel(toDay), time, room });
  };

  /** Saves the move; `done` hears the server's refusal as text (null when saved). A refused move to another day shows the session's own day again. */
  const move = (s: TSession, slot: TSlot, toDay = day, done?: (refusal: string | null) => void) => {
    const times = movedTimes(s, toDay, slot.startMinute);
    if (times.start === s.start && slot.roomId === s.roomId) {
      setAnnouncement(t('programme.org.gridMoveUnchanged'));
      done?.(null);
      return;
    }
    const where = slotText(s, slot, toDay);
    const fromDay = s.start.slice(0, 10);
    setPending({ id: s.id, roomId: slot.roomId, ...times });
    setAnnouncement(t('programme.org.gridSavingMove', { title: s.title, where }));
    save.mutate(
      { session: s, roomId: slot.roomId, ...times },
      {
        onSuccess: () => {
          setPending((cur) => (cur?.id === s.id ? { ...cur, saved: true } : cur));
          const text = t('programme.org.gridMoved', { title: s.title, where });
          setAnnouncement(text);
          toast(text, 'success');
          done?.(null);
        },
        onError: (err) => {
          const text = errorMessage(err, t);
          setAnnouncement(t('programme.org.gridMoveFailed', { message: text }));
          setPending(null);
          if (!done) setDay(fromDay);
          toast(text, 'error');
          done?.(text);
        },
      },
    );
  };

  /** The day whose tab is under the pointer, if any (the tabs are the day bar's labels). */
  const dayAt = (x: number, y: number): string | null => {
    for (const el of dayBar.current?.querySelectorAll<HTMLElement>('[data-grid-day]') ?? []) {
      const r = (el.closest('label') ?? el).getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return el.dataset.gridDay ?? null;
    }
    return null;
  };

  // The drag follows the pointer on the window: held over another day's tab, the grid shows that day and the dragged
  // block (drawn on its own day) leaves the screen, so its own handlers would stop hearing the pointer.
  const dragMove = (e: globalThis.PointerEvent) => {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    if (!d.active && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_THRESHOLD_PX) return;
    d.active = true;
    const overDay = dayAt(e.clientX, e.clientY);
    if (overDay) {
      if (overDay !== day) {
        setDay(overDay);
        setAnnouncement(t('programme.org.gridDragDay', { day: dayLabel(overDay) }));
      }
      if (preview) setPreview(null);
      return;
    }
    const slot = dropSlot(measure(), { x: e.clientX, y: e.clientY }, d.grabOffsetY);
    if (slot && (preview?.slot.startMinute !== slot.startMinute || preview.slot.roomId !== slot.roomId)) setPreview({ id: d.id, slot });
  };
  const dragEnd = (e: globalThis.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d || !d.active) return;
    // The click that follows this pointerup (if the block is still there) must not open the form.
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    setPreview(null);
    const s = p.sessions.find((x) => x.id === d.id);
    // Dropped on a day's tab: that day is shown, nothing moves.
    if (!s || dayAt(e.clientX, e.clientY)) return;
    const slot = dropSlot(measure(), { x: e.clientX, y: e.clientY }, d.grabOffsetY);
    if (slot) move(s, slot);
  };
  const dragCancel = () => {
    drag.current = null;
    setPreview(null);
  };
  const live = useRef({ dragMove, dragEnd, dragCancel });
  live.current = { dragMove, dragEnd, dragCancel };
  useEffect(() => () => endDrag.current?.(), []);

  const onPointerDown = (s: TSession) => (e: PointerEvent<HTMLElement>) => {
    suppressClick.current = false;
    if (!canMove || e.button !== 0 || keyboard || pending) return;
    const rect = e.currentTarget.getBoundingClientRect();
    endDrag.current?.();
    drag.current = { id: s.id, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, grabOffsetY: e.clientY - rect.top, active: false };
    const onMove = (ev: globalThis.PointerEvent) => live.current.dragMove(ev);
    const onUp = (ev: globalThis.PointerEvent) => {
      stop();
      live.current.dragEnd(ev);
    };
    const onCancel = () => {
      stop();
      live.current.dragCancel();
    };
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      endDrag.current = null;
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    endDrag.current = stop;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };

  const onKeyDown = (s: TSession) => (e: KeyboardEvent<HTMLElement>) => {
    if (!canMove) return;
    if (keyboard?.id === s.id) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setKeyboard(null);
        setAnnouncement(t('programme.org.gridMoveCancelled'));
      } else if (e.key === 'Enter') {
        e.preventDefault();
        setKeyboard(null);
        refocus.current = s.id;
        move(s, keyboard.slot);
      } else {
        const next = nudgeSlot(keyboard.slot, e.key, columns.map((c) => c.id));
        if (next) {
          e.preventDefault();
          setKeyboard({ id: s.id, slot: next });
          setAnnouncement(slotText(s, next));
        } else if (e.key === ' ') e.preventDefault();
      }
      return;
    }
    if ((e.key === 'm' || e.key === 'M') && !e.ctrlKey && !e.metaKey && !e.altKey && !pending) {
      e.preventDefault();
      const slot = { roomId: s.roomId, startMinute: minuteOfDay(s.start) };
      setKeyboard({ id: s.id, slot });
      setAnnouncement(t('programme.org.gridMoveStart', { title: s.title, where: slotText(s, slot) }));
    }
  };
  const onBlur = (s: TSession) => () => {
    if (keyboard?.id !== s.id) return;
    setKeyboard(null);
    setAnnouncement(t('programme.org.gridMoveCancelled'));
  };

  // The outline of where the dragged (or keyboard-moved) block would go.
  const target = preview ?? keyboard;
  const targetSession = target ? p.sessions.find((s) => s.id === target.id) : undefined;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div ref={dayBar}>
          <SegmentedControl aria-label={t('programme.org.gridDay')} data={days.map((d) => ({ value: d, label: <span data-grid-day={d}>{dayLabel(d)}</span> }))} value={day} onChange={setDay} />
        </div>
        {actions}
      </Group>
      {canMove && sessions.length > 0 && (
        <Text id={hintId} size="sm" c="dimmed">
          {t('programme.org.gridHint')}
        </Text>
      )}
      {sessions.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('programme.org.gridEmpty')}
        </Text>
      )}
      <VisuallyHidden role="status" aria-live="polite" data-testid="grid-announcer">
        {announcement}
      </VisuallyHidden>
      <ScrollArea type="auto">
        <div ref={container} role="table" aria-label={t('programme.org.gridCaption', { day: dayLabel(day) })} style={{ display: 'grid', gridTemplateColumns: `56px repeat(${Math.max(columns.length, 1)}, minmax(160px, 1fr))`, gap: 4, paddingBottom: 12 }}>
          <div role="row" style={{ display: 'contents' }}>
            <div role="columnheader" />
            {columns.map((c) => (
              <div key={colKey(c.id)} role="columnheader" style={{ fontWeight: 600, padding: 4 }}>
                {c.name}
              </div>
            ))}
          </div>
          <div role="row" style={{ display: 'contents' }}>
            <div role="rowheader" style={{ position: 'relative', height: (last - first) * PX }}>
              {hours.map((h) => (
                <Text key={h} size="xs" c="dimmed" style={{ position: 'absolute', top: (h - first) * PX - 6 }}>
                  {clockOfMinute(h % DAY_MINUTES)}
                </Text>
              ))}
            </div>
            {columns.map((c) => (
              <div
                key={colKey(c.id)}
                ref={(el) => {
                  if (el) cells.current.set(colKey(c.id), el);
                  else cells.current.delete(colKey(c.id));
                }}
                role="cell"
                data-room={c.name}
                style={{ position: 'relative', height: (last - first) * PX, background: 'var(--mantine-color-gray-0)', borderRadius: 4 }}
              >
                {target && targetSession && target.slot.roomId === c.id && (
                  <div
                    aria-hidden
                    data-testid="grid-drop-preview"
                    style={{
                      position: 'absolute',
                      top: (target.slot.startMinute - first) * PX,
                      left: 2,
                      right: 2,
                      height: Math.max((Math.min(target.slot.startMinute + durationMinutes(targetSession.start, targetSession.end), last) - target.slot.startMinute) * PX - 2, 22),
                      border: '2px dashed var(--mantine-color-blue-7)',
                      borderRadius: 4,
                      background: 'var(--mantine-color-blue-0)',
                      zIndex: 2,
                      pointerEvents: 'none',
                      padding: 4,
                    }}
                  >
                    <Text size="xs" fw={700} c="blue.9">
                      {slotText(targetSession, target.slot)}
                    </Text>
                  </div>
                )}
                {sessions
                  .filter((s) => s.roomId === c.id)
                  .map((s) => {
                    const top = (minuteOfDay(s.start) - first) * PX;
                    const colour = (s.trackId && tracks.get(s.trackId)) || 'var(--mantine-color-blue-6)';
                    const saving = pending?.id === s.id;
                    const moving = target?.id === s.id;
                    return (
                      <Fragment key={s.id}>
                        <Paper
                          withBorder
                          p={4}
                          pr={canMove ? 28 : 4}
                          component={canMove ? 'button' : 'div'}
                          data-session-id={s.id}
                          onClick={
                            canMove
                              ? () => {
                                  if (suppressClick.current) suppressClick.current = false;
                                  else if (!keyboard && !saving) onEdit(p.sessions.find((x) => x.id === s.id) ?? s);
                                }
                              : undefined
                          }
                          onPointerDown={onPointerDown(s)}
                          onKeyDown={onKeyDown(s)}
                          onBlur={onBlur(s)}
                          aria-label={`${s.title}, ${clockOf(s.start)}–${clockOf(s.end)}`}
                          aria-describedby={canMove ? hintId : undefined}
                          aria-keyshortcuts={canMove ? 'M' : undefined}
                          aria-busy={saving || undefined}
                          style={{
                            position: 'absolute',
                            top,
                            left: 2,
                            right: 2,
                            height: Math.max((endOnDay(s) - minuteOfDay(s.start)) * PX - 2, 22),
                            overflow: 'hidden',
                            borderLeft: `4px solid ${colour}`,
                            textAlign: 'left',
                            cursor: canMove ? (moving && preview ? 'grabbing' : 'grab') : 'default',
                            outline: saving || moving ? '2px dashed var(--mantine-color-blue-7)' : undefined,
                            outlineOffset: -2,
                            userSelect: 'none',
                            zIndex: moving ? 1 : undefined,
                          }}
                        >
                          {saving && <Loader size={12} aria-hidden style={{ position: 'absolute', top: 4, right: canMove ? 26 : 4 }} />}
                          <Text size="xs" fw={600} lineClamp={2}>
                            {s.title}
                          </Text>{' '}
                          <Text size="xs" c="dimmed">
                            {clockOf(s.start)}–{clockOf(s.end)}
                          </Text>
                        </Paper>
                        {canMove && (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="gray.8"
                            aria-label={t('programme.org.moveToLabel', { title: s.title })}
                            title={t('programme.org.moveTo')}
                            disabled={saving || !!keyboard}
                            onClick={() => setMoveTo(p.sessions.find((x) => x.id === s.id) ?? s)}
                            style={{ position: 'absolute', top: top + 3, right: 5, zIndex: moving ? 2 : 1 }}
                          >
                            <IconArrowsMove size={14} aria-hidden />
                          </ActionIcon>
                        )}
                      </Fragment>
                    );
                  })}
                {deleted
                  .filter((s) => s.roomId === c.id)
                  .map((s) => (
                    <Paper
                      key={s.id}
                      withBorder
                      p={4}
                      data-deleted-session-id={s.id}
                      aria-label={`${s.title}, ${clockOf(s.start)}–${clockOf(s.end)}`}
                      style={{
                        position: 'absolute',
                        top: (minuteOfDay(s.start) - first) * PX,
                        left: 2,
                        right: 2,
                        minHeight: Math.max((endOnDay(s) - minuteOfDay(s.start)) * PX - 2, 22),
                        border: '1px dashed var(--mantine-color-red-9)',
                        background: 'var(--mantine-color-gray-1)',
                        zIndex: 1,
                      }}
                    >
                      <Text size="xs" fw={600} td="line-through" lineClamp={2}>
                        {s.title}
                      </Text>
                      <Group gap={4} mt={2}>
                        <DeletedSessionBadge />
                        <UndoSessionDelete session={s} onUndo={undo.restore} isPending={undo.pendingId === s.id} compact />
                      </Group>
                    </Paper>
                  ))}
              </div>
            ))}
          </div>
        </div>
      </ScrollArea>
      {moveTo && (
        <MoveToModal
          session={moveTo}
          days={days}
          rooms={[...p.rooms.filter((r) => r.draftState !== 'deleted').map((r) => ({ id: r.id as string | null, name: r.name })), { id: null, name: t('programme.org.gridUnassigned') }]}
          onMove={(to: TMoveTarget) =>
            new Promise<string | null>((resolve) =>
              move(moveTo, { roomId: to.roomId, startMinute: to.startMinute }, to.day, (refusal) => {
                if (!refusal) {
                  setDay(to.day);
                  refocus.current = moveTo.id;
                }
                resolve(refusal);
              }),
            )
          }
          onClose={() => setMoveTo(null)}
        />
      )}
    </Stack>
  );
}
