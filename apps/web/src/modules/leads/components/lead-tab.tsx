import '../leads-i18n.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, FileButton, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { IconAddressBook, IconCamera, IconCameraOff, IconCloudUpload, IconDownload, IconId } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLead, TLeadQuestion, TLeadRating, TLeadScanInput, TVisitingCardList } from '@pavilion/domain/leads/leads.schemas';
import { httpStatusOf, isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { startQrCamera, type TQrCamera } from '../../../ui/qr-reader.ts';
import { leadsApi, cardsApi } from '../api/leads-api.ts';
import { BoothDocuments, BriefBag } from './brief-bag.tsx';
import { CompanyCards } from './company-cards.tsx';
import { CompanyInquiries, MyInquiries } from './inquiries.tsx';
import { LeadWebhook } from './lead-webhook.tsx';
import { leadsKeys } from '../api/leads-keys.ts';
import { idbQueueStorage, newNonce, syncQueue, type TQueueStorage } from '../lib/offline-queue.ts';

const errorText = (err: unknown, fallback: string) => (isApiError(err) ? err.message : fallback);

/** The camera, decoding with the check-in scanner's reader (ui/qr-reader.ts, jsQR on demand). */
function LeadCamera({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const controls = useRef<TQrCamera | null>(null);
  const onCodeRef = useRef(onCode);
  const [isOn, setIsOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => () => controls.current?.stop(), []);
  const start = async () => {
    if (!videoRef.current) return;
    setError(null);
    try {
      controls.current = await startQrCamera(videoRef.current, (text) => onCodeRef.current(text));
      setIsOn(true);
    } catch (err) {
      setError((err as { name?: string } | null)?.name === 'NotAllowedError' ? t('leads.staff.cameraDenied') : t('leads.staff.cameraUnavailable'));
    }
  };
  const stop = () => {
    controls.current?.stop();
    controls.current = null;
    setIsOn(false);
  };
  return (
    <Stack gap="xs">
      <Box style={{ background: '#111', borderRadius: 12, overflow: 'hidden', aspectRatio: '4 / 3', display: isOn ? 'block' : 'none' }}>
        <video ref={videoRef} muted playsInline aria-label={t('leads.staff.cameraPreview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
      {isOn ? (
        <Button variant="default" leftSection={<IconCameraOff size={18} aria-hidden />} onClick={stop}>
          {t('leads.staff.stopCamera')}
        </Button>
      ) : (
        <Button size="md" leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void start()}>
          {t('leads.staff.startCamera')}
        </Button>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}

/** The lead being worked on: rating, notes, the company's questions, and taking the visitor's card. */
function LeadEditor({ eventId, lead, questions, onSaved }: { eventId: string; lead: TLead; questions: TLeadQuestion[]; onSaved: (l: TLead) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rating, setRating] = useState<TLeadRating | ''>(lead.rating ?? '');
  const [notes, setNotes] = useState(lead.notes);
  const [answers, setAnswers] = useState<Record<string, string>>(lead.answers);
  useEffect(() => {
    setRating(lead.rating ?? '');
    setNotes(lead.notes);
    setAnswers(lead.answers);
  }, [lead]);
  const save = useMutation({
    mutationFn: () => leadsApi.update(eventId, lead.id, { rating: rating || null, notes, answers }),
    onSuccess: (l) => {
      toast(t('leads.staff.saved'), 'success');
      onSaved(l);
      void qc.invalidateQueries({ queryKey: leadsKeys.lists(eventId) });
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  const card = useMutation({
    mutationFn: () => leadsApi.takeCard(eventId, lead.id),
    onSuccess: () => {
      toast(t('leads.staff.cardTaken'), 'success');
      onSaved({ ...lead, isCardTaken: true });
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
      void qc.invalidateQueries({ queryKey: leadsKeys.companyCards(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  const photo = useMutation({
    mutationFn: async (file: File) => {
      const dataBase64 = await new Promise<string>((resolve, reject) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
        r.onerror = () => reject(r.error);
        r.readAsDataURL(file);
      });
      return leadsApi.cardPhoto(eventId, lead.id, { fileName: file.name, dataBase64 });
    },
    onSuccess: () => {
      toast(t('leads.staff.photoSaved'), 'success');
      onSaved({ ...lead, isCardTaken: true });
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
      void qc.invalidateQueries({ queryKey: leadsKeys.companyCards(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="lead-editor">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={3} fz="h4">
              {lead.firstName} {lead.lastName}
            </Title>
            <Text size="sm" c="dimmed">
              {[lead.email, t('leads.staff.regNo', { no: lead.registrationNo }), lead.ticketName].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={500} id="lead-rating-label" mb={4}>
              {t('leads.staff.rating')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="lead-rating-label"
              value={rating}
              onChange={(v) => setRating(v as TLeadRating | '')}
              data={[
                { value: 'hot', label: t('leads.rating.hot') },
                { value: 'warm', label: t('leads.rating.warm') },
                { value: 'cold', label: t('leads.rating.cold') },
                { value: '', label: t('leads.rating.none') },
              ]}
            />
          </div>
          <Textarea label={t('leads.staff.notes')} autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          {questions.map((q) => (
            <TextInput key={q.id} label={q.label} maxLength={500} value={answers[q.id] ?? ''} onChange={(e) => {
                const value = e.currentTarget.value;
                setAnswers((a) => ({ ...a, [q.id]: value }));
              }} />
          ))}
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
              {t('leads.staff.save')}
            </Button>
            <Button variant="light" leftSection={<IconId size={18} aria-hidden />} disabled={lead.isCardTaken} loading={card.isPending} onClick={() => card.mutate()}>
              {lead.isCardTaken ? t('leads.staff.cardIsTaken') : t('leads.staff.takeCard')}
            </Button>
            <FileButton onChange={(f) => f && photo.mutate(f)} accept="image/png,image/jpeg,image/webp,image/gif" capture="environment">
              {(props) => (
                <Button {...props} variant="default" loading={photo.isPending}>
                  {t('leads.staff.cardPhoto')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The company's qualifying questions (up to 10), edited by its staff. */
function QuestionsEditor({ eventId, questions }: { eventId: string; questions: TLeadQuestion[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rows, setRows] = useState<{ id?: string; label: string }[]>(questions);
  useEffect(() => setRows(questions), [questions]);
  const save = useMutation({
    mutationFn: () => leadsApi.saveQuestions(eventId, { questions: rows.filter((r) => r.label.trim() !== '') }),
    onSuccess: () => {
      toast(t('leads.questions.saved'), 'success');
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('leads.questions.title')}
        </Title>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('leads.questions.none')}
          </Text>
        )}
        {rows.map((r, i) => (
          <Group key={r.id ?? `new-${i}`} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput style={{ flex: 1 }} label={t('leads.questions.label', { n: i + 1 })} maxLength={200} value={r.label} onChange={(e) => {
                const label = e.currentTarget.value;
                setRows((all) => all.map((x, j) => (j === i ? { ...x, label } : x)));
              }} />
            <Button variant="subtle" color="red" onClick={() => setRows((all) => all.filter((_, j) => j !== i))} aria-label={t('leads.questions.remove', { n: i + 1 })}>
              ×
            </Button>
          </Group>
        ))}
        <Group gap="xs">
          <Button variant="default" disabled={rows.length >= 10} onClick={() => setRows((all) => [...all, { label: '' }])}>
            {t('leads.questions.add')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t('leads.questions.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

// Warm is a darker orange than Mantine's orange.9 (4.3:1 on white, under WCAG AA's 4.5:1 for this small text): 5.4:1.
const ratingColour: Record<TLeadRating, string> = { hot: 'red.9', warm: '#b54708', cold: 'blue.9' };

function StaffView({ eventId, company, questions, counts }: { eventId: string; company: { id: string; name: string }; questions: TLeadQuestion[]; counts: { leads: number; cardsTaken: number; cardsDropped: number } }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const storage: TQueueStorage = useMemo(() => idbQueueStorage(eventId), [eventId]);
  const [current, setCurrent] = useState<TLead | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(0);
  const lastCode = useRef<{ text: string; at: number } | null>(null);
  const list = useQuery({ queryKey: leadsKeys.list(eventId, ''), queryFn: ({ signal }) => leadsApi.list(eventId, '', signal) });

  const refreshPending = useCallback(async () => setPending((await storage.all()).length), [storage]);
  const sync = useCallback(async () => {
    const outcome = await syncQueue(storage, (scans) => leadsApi.sync(eventId, scans));
    await refreshPending();
    if (outcome.saved + outcome.duplicates > 0) {
      toast(t('leads.staff.synced', { count: outcome.saved + outcome.duplicates }), 'success');
      void qc.invalidateQueries({ queryKey: leadsKeys.lists(eventId) });
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
    }
    for (const r of outcome.refused) toast(r.message ?? t('leads.staff.scanError'), 'error');
  }, [storage, eventId, qc, refreshPending, t]);

  useEffect(() => {
    void refreshPending().then(() => sync().catch(() => undefined));
    const onOnline = () => void sync().catch(() => undefined);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refreshPending, sync]);

  const scan = useMutation({
    mutationFn: (input: TLeadScanInput) => leadsApi.scan(eventId, input),
    onSuccess: (r) => {
      setCurrent(r.lead);
      setScanError(null);
      toast(r.isNew ? t('leads.staff.newLead', { name: `${r.lead.firstName} ${r.lead.lastName}` }) : t('leads.staff.knownLead', { name: `${r.lead.firstName} ${r.lead.lastName}` }), 'success');
      void qc.invalidateQueries({ queryKey: leadsKeys.lists(eventId) });
      void qc.invalidateQueries({ queryKey: leadsKeys.me(eventId) });
    },
    onError: async (err, input) => {
      if (isApiError(err) && err.code === 'NETWORK_ERROR') {
        // Offline: kept on the phone with its nonce, sent when the connection is back.
        await storage.put({ ...input, nonce: input.nonce, queuedAt: new Date().toISOString(), label: input.registrationNo ?? t('leads.staff.queuedBadge') });
        await refreshPending();
        setScanError(null);
        toast(t('leads.staff.queued'), 'info');
        return;
      }
      setScanError(errorText(err, t('leads.staff.scanError')));
    },
  });

  const submit = (input: { credential: string } | { registrationNo: string }) => scan.mutate({ ...input, nonce: newNonce(), scannedAt: new Date().toISOString() });
  const onCode = (text: string) => {
    const now = Date.now();
    // The camera reads the same badge many times a second: one scan per badge every 3 s.
    if (lastCode.current && lastCode.current.text === text && now - lastCode.current.at < 3000) return;
    lastCode.current = { text, at: now };
    if (!scan.isPending) submit({ credential: text });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Title order={2} fz="h3">
            {t('leads.staff.title', { company: company.name })}
          </Title>
          <Group gap="xs">
            <Badge variant="light" size="lg" styles={{ root: { textTransform: 'none' } }}>
              {t('leads.counts.leads', { count: counts.leads })}
            </Badge>
            <Badge variant="outline" color="teal.9" size="lg" styles={{ root: { textTransform: 'none' } }}>
              {t('leads.counts.cardTaken', { count: counts.cardsTaken })}
            </Badge>
            <Badge variant="outline" color="grape.9" size="lg" styles={{ root: { textTransform: 'none' } }}>
              {t('leads.counts.cardDropped', { count: counts.cardsDropped })}
            </Badge>
          </Group>
        </Stack>
      </Paper>
      <LeadCamera onCode={onCode} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) submit({ registrationNo: typed.trim() });
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('leads.staff.typeNumber')} maxLength={40} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
          <Button type="submit" loading={scan.isPending} disabled={!typed.trim()}>
            {t('leads.staff.addLead')}
          </Button>
        </Group>
      </form>
      {scanError && (
        <Alert color="red" role="alert" title={t('leads.staff.refused')}>
          {scanError}
        </Alert>
      )}
      {pending > 0 && (
        <Alert color="yellow" icon={<IconCloudUpload size={18} aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('leads.staff.pending', { count: pending })}</Text>
            <Button size="xs" variant="white" onClick={() => void sync().catch(() => toast(t('leads.staff.scanError'), 'error'))}>
              {t('leads.staff.syncNow')}
            </Button>
          </Group>
        </Alert>
      )}
      {current && <LeadEditor eventId={eventId} lead={current} questions={questions} onSaved={setCurrent} />}
      <Group justify="space-between" align="center">
        <Title order={3} fz="h4">
          {t('leads.staff.myLeads')}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void leadsApi.exportCsv(eventId).catch(() => toast(t('leads.staff.exportError'), 'error'))}>
            {t('leads.staff.exportCsv')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void leadsApi.exportXlsx(eventId).catch(() => toast(t('leads.staff.exportError'), 'error'))}>
            {t('leads.staff.exportXlsx')}
          </Button>
        </Group>
      </Group>
      {list.isPending && <Skeleton h={80} />}
      {list.isError && <Alert color="red">{t('leads.staff.loadError')}</Alert>}
      {list.data && list.data.items.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconAddressBook size={32} />} title={t('leads.staff.empty')} description={t('leads.staff.emptyBody')} headingLevel={3} />
        </Paper>
      )}
      {list.data && list.data.items.length > 0 && (
        <Paper withBorder radius="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, overflow: 'hidden' }} data-testid="lead-list">
          {list.data.items.map((l, i) => (
            <li key={l.id} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
              <UnstyledButton w="100%" p="sm" onClick={() => setCurrent(l)}>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600}>
                      {l.firstName} {l.lastName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.email}
                    </Text>
                  </Stack>
                  {l.rating && (
                    <Badge color={ratingColour[l.rating]} variant="filled">
                      {t(`leads.rating.${l.rating}`)}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Paper>
      )}
      <CompanyCards eventId={eventId} />
      <QuestionsEditor eventId={eventId} questions={questions} />
      <CompanyInquiries eventId={eventId} />
      <BoothDocuments eventId={eventId} />
      <LeadWebhook eventId={eventId} />
    </Stack>
  );
}

/** A visitor's cards: taken from them by staff and dropped by them at booths. */
export function CardList({ cards }: { cards: TVisitingCardList }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="outline" color="teal.9" size="lg" styles={{ root: { textTransform: 'none' } }}>
          {t('leads.counts.cardTaken', { count: cards.taken })}
        </Badge>
        <Badge variant="outline" color="grape.9" size="lg" styles={{ root: { textTransform: 'none' } }}>
          {t('leads.counts.cardDropped', { count: cards.dropped })}
        </Badge>
      </Group>
      {cards.items.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconId size={32} />} title={t('leads.cards.empty')} description={t('leads.cards.emptyBody')} headingLevel={3} />
        </Paper>
      ) : (
        <Paper withBorder radius="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="card-list">
          {cards.items.map((c, i) => (
            <li key={c.id} style={{ padding: 12, ...(i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : {}) }}>
              <Text fw={600}>{c.kind === 'taken' ? t('leads.cards.takenBy', { company: c.companyName }) : t('leads.cards.droppedAt', { company: c.companyName })}</Text>
              <Text size="xs" c="dimmed">
                {new Date(c.at).toLocaleString()}
              </Text>
            </li>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

function VisitorView({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const cards = useQuery({ queryKey: leadsKeys.myCards(eventId), queryFn: ({ signal }) => cardsApi.mine(eventId, signal) });
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('leads.cards.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('leads.cards.intro')}
      </Text>
      {cards.isPending && <Skeleton h={80} />}
      {cards.isError && <Alert color="red">{httpStatusOf(cards.error) === 403 ? t('leads.cards.noRegistration') : t('leads.staff.loadError')}</Alert>}
      {cards.data && <CardList cards={cards.data} />}
      <BriefBag eventId={eventId} />
      <MyInquiries eventId={eventId} />
    </Stack>
  );
}

/**
 * The app tab `lead` (SPEC §2.4 "Leads"): exhibitor staff get the lead scanner for their company; everyone else
 * sees their visiting cards. Both need the `ei/{eventId}` sign-in.
 */
export function LeadTab({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const isParticipant = eventData?.eventId === eventId;
  const me = useQuery({ queryKey: leadsKeys.me(eventId), queryFn: ({ signal }) => leadsApi.me(eventId, signal), enabled: isParticipant });
  if (!isParticipant) {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text>{t('leads.signIn')}</Text>
          <Button component={Link} to={`/ei/${encodeURIComponent(eventId)}`} w="fit-content">
            {t('leads.signInButton')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (me.isPending) return <Skeleton h={160} />;
  if (me.isError) return <Alert color="red">{errorText(me.error, t('leads.staff.loadError'))}</Alert>;
  if (!me.data.company) return <VisitorView eventId={eventId} />;
  return <StaffView eventId={eventId} company={me.data.company} questions={me.data.questions} counts={me.data.counts ?? { leads: 0, cardsTaken: 0, cardsDropped: 0 }} />;
}
