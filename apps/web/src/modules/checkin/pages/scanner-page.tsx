import '../scanner-i18n.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Container, Group, Paper, Radio, SegmentedControl, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCloudOff, IconDownload, IconLogout, IconMapPin, IconRefresh, IconScan, IconWifi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TScanDirection } from '@pavilion/domain/checkin/checkin.enums';
import { rememberScannerPaired } from '../../../app/first-view-scanner.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { DeviceApiError, deviceApi } from '../api/device-api.ts';
import { CameraScanner } from '../components/scanner/camera-scanner.tsx';
import { ScanResultOverlay } from '../components/scanner/scan-result-overlay.tsx';
import { WedgeInput } from '../components/scanner/wedge-input.tsx';
import { useScannerEngine, type TScanOutcome } from '../hooks/use-scanner-engine.ts';
import { chosenArea, deviceSession, type TDeviceSession } from '../lib/device-session.ts';
import { OfflineStore } from '../lib/offline-store.ts';
import { linkScannerManifest, registerScannerWorker } from '../lib/pwa.ts';
import { createRepeatGuard } from '../lib/scan-text.ts';

/** A camera keeps seeing the badge: the same code counts again only after this long. */
const REPEAT_QUIET_MS = 4000;

function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function ScannerFrame({ children, session }: { children: React.ReactNode; session?: TDeviceSession | null }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="brand.9" c="white" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" maw={560} mx="auto">
          <Group gap={8} wrap="nowrap">
            <IconScan size={22} aria-hidden />
            <Text fw={700}>{t('checkin.scanner.appName')}</Text>
          </Group>
          {session && (
            <Text size="sm" truncate maw={200}>
              {session.device.name}
            </Text>
          )}
        </Group>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size={560} px="md" py="md" style={{ outline: 'none' }}>
        {children}
      </Container>
    </Box>
  );
}

function PairingView({ onPaired, notice }: { onPaired: (s: TDeviceSession) => void; notice: string | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const triedLink = useRef(false);

  const pair = useCallback(
    async (value: string) => {
      const clean = value.trim();
      if (clean.length < 4) {
        setError(t('checkin.scanner.pairFailed'));
        return;
      }
      setIsBusy(true);
      setError(null);
      try {
        const res = await deviceApi.pair(clean);
        const areaId = res.device.areas.length === 1 ? res.device.areas[0]!.id : null;
        const session: TDeviceSession = { token: res.deviceToken, device: res.device, areaId, direction: 'in' };
        deviceSession.save(session);
        if (params.has('code')) {
          const next = new URLSearchParams(params);
          next.delete('code');
          setParams(next, { replace: true });
        }
        onPaired(session);
      } catch (err) {
        const e = err instanceof DeviceApiError ? err : null;
        setError(e?.isNetwork ? t('checkin.scanner.pairOffline') : e?.code === 'DEVICE_REVOKED' ? t('checkin.scanner.pairRevoked') : t('checkin.scanner.pairFailed'));
      } finally {
        setIsBusy(false);
      }
    },
    [onPaired, params, setParams, t],
  );

  // The provisioning link (`/scanner?code=...`, the QR in the dashboard) pairs at once.
  useEffect(() => {
    const linked = params.get('code');
    if (linked && !triedLink.current) {
      triedLink.current = true;
      void pair(linked);
    }
  }, [params, pair]);

  return (
    <Paper withBorder shadow="xs" p="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void pair(code);
        }}
      >
        <Stack gap="md">
          <Title order={1} fz={24}>
            {t('checkin.scanner.pairTitle')}
          </Title>
          {notice && (
            <Alert color="orange" variant="light" role="status">
              {notice}
            </Alert>
          )}
          <Text c="dimmed">{t('checkin.scanner.pairBody')}</Text>
          <TextInput
            label={t('checkin.scanner.codeLabel')}
            description={t('checkin.scanner.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            size="lg"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            styles={{ input: { letterSpacing: 3, fontFamily: 'ui-monospace, monospace' } }}
            error={error}
            data-autofocus
          />
          <Button type="submit" size="lg" loading={isBusy}>
            {t('checkin.scanner.pair')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function SetupView({ session, onStart }: { session: TDeviceSession; onStart: (areaId: string, direction: TScanDirection) => void }) {
  const { t } = useTranslation();
  const areas = session.device.areas;
  const [areaId, setAreaId] = useState<string>(chosenArea(session)?.id ?? areas[0]?.id ?? '');
  const [direction, setDirection] = useState<TScanDirection>(session.direction);
  const area = areas.find((a) => a.id === areaId);
  const canExit = area?.tracksExit ?? true;
  return (
    <Paper withBorder shadow="xs" p="lg">
      <Stack gap="md">
        <Title order={1} fz={24}>
          {t('checkin.scanner.setupTitle')}
        </Title>
        <Text c="dimmed">{t('checkin.scanner.setupBody')}</Text>
        {areas.length === 0 ? (
          <Alert color="orange" variant="light">
            {t('checkin.scanner.noAreas')}
          </Alert>
        ) : (
          <>
            <Radio.Group label={t('checkin.scanner.areaLabel')} value={areaId} onChange={setAreaId}>
              <Stack gap="xs" mt="xs">
                {areas.map((a) => (
                  <Radio.Card key={a.id} value={a.id} p="md" radius="md" withBorder>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Box>
                        <Text fw={600}>{a.name}</Text>
                        <Text size="sm" c="dimmed">
                          {t(`checkin.areaKinds.${a.kind}`, { defaultValue: a.kind })}
                        </Text>
                      </Box>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
            <Box>
              <Text size="sm" fw={500} mb={4} id="direction-label">
                {t('checkin.scanner.directionLabel')}
              </Text>
              <SegmentedControl
                fullWidth
                size="md"
                aria-labelledby="direction-label"
                value={canExit ? direction : 'in'}
                onChange={(v) => setDirection(v as TScanDirection)}
                data={[
                  { value: 'in', label: t('checkin.scanner.directionIn') },
                  { value: 'out', label: t('checkin.scanner.directionOut'), disabled: !canExit },
                ]}
              />
              {!canExit && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('checkin.scanner.exitNotTracked')}
                </Text>
              )}
            </Box>
            <Button size="lg" disabled={!area} onClick={() => onStart(areaId, canExit ? direction : 'in')}>
              {t('checkin.scanner.start')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ScanningView({
  session,
  onChangeArea,
  onLoggedOut,
  onDeviceChanged,
}: {
  session: TDeviceSession;
  onChangeArea: () => void;
  onLoggedOut: (reason: 'logout' | 'invalid') => void;
  onDeviceChanged: (s: TDeviceSession) => void;
}) {
  const { t } = useTranslation();
  const engine = useScannerEngine(session, onLoggedOut, onDeviceChanged);
  const [outcome, setOutcome] = useState<TScanOutcome | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const busy = useRef(false);
  const guard = useRef(createRepeatGuard(REPEAT_QUIET_MS));
  const area = chosenArea(session);
  const { status } = engine;

  const handleCode = useCallback(
    async (text: string, isCamera: boolean) => {
      if (busy.current) return;
      if (isCamera && !guard.current.accept(text)) return;
      busy.current = true;
      try {
        const result = await engine.scan(text);
        if (result) {
          setOutcome(result);
          const name = result.attendee ? `${result.attendee.firstName} ${result.attendee.lastName}` : '';
          setAnnouncement(t('checkin.scanner.announce', { label: t(`checkin.results.${result.result}`), name }));
        }
      } finally {
        busy.current = false;
      }
    },
    [engine, t],
  );

  const dismiss = useCallback(() => setOutcome(null), []);
  const notice = status.notice;

  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
              <IconMapPin size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Box style={{ minWidth: 0 }} data-testid="scanner-area">
                <Text fw={700} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                  {area?.name ?? ''}
                </Text>
                <Text size="sm" c="dimmed">
                  {session.direction === 'out' ? t('checkin.scanner.directionOut') : t('checkin.scanner.directionIn')}
                </Text>
              </Box>
            </Group>
            {status.isOffline ? (
              <Badge color="#9c3b00" variant="filled" size="lg" style={{ flex: 'none' }} leftSection={<IconCloudOff size={14} aria-hidden />} data-testid="mode-badge">
                {t('checkin.scanner.offline')}
              </Badge>
            ) : (
              <Badge color="#1e6b30" variant="filled" size="lg" style={{ flex: 'none' }} leftSection={<IconWifi size={14} aria-hidden />} data-testid="mode-badge">
                {t('checkin.scanner.online')}
              </Badge>
            )}
          </Group>
          {status.isOffline && (
            <Text size="sm" c="dimmed">
              {t('checkin.scanner.offlineBody')}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder shadow="xs" p="md">
        <Stack gap="md">
          <CameraScanner isPaused={!!outcome} onCode={(text) => void handleCode(text, true)} />
          <WedgeInput isEnabled={!outcome} onCode={(text) => void handleCode(text, false)} />
        </Stack>
      </Paper>

      <Paper withBorder shadow="xs" p="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} data-testid="queue-length">
              {t('checkin.scanner.queue', { count: status.queueLength })}
            </Text>
            <Button size="sm" leftSection={<IconRefresh size={16} aria-hidden />} loading={status.isSyncing} onClick={() => void engine.syncNow()}>
              {t('checkin.scanner.syncNow')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" data-testid="last-sync">
            {status.lastSync ? t('checkin.scanner.lastSync', { time: formatTime(status.lastSync.at) }) : t('checkin.scanner.neverSynced')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="offline-data">
            {status.snapshot
              ? t('checkin.scanner.offlineData', { count: status.snapshot.credentialCount, time: formatTime(status.snapshot.downloadedAt) })
              : t('checkin.scanner.noOfflineData')}
          </Text>
          {notice && (
            <Alert color={notice.kind === 'error' ? 'red' : 'blue'} variant="light" withCloseButton closeButtonLabel={t('common.close')} onClose={engine.dismissNotice} data-testid="scanner-notice">
              {t(`checkin.scanner.notices.${notice.key}`, notice.values)}
            </Alert>
          )}
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void engine.downloadSnapshot(true)}>
              {t('checkin.scanner.download')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconMapPin size={14} aria-hidden />} onClick={onChangeArea}>
              {t('checkin.scanner.change')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={() => {
                if (!window.confirm(t('checkin.scanner.signOutConfirm'))) return;
                void OfflineStore.destroy(session.device.id).finally(() => {
                  deviceSession.clear();
                  onLoggedOut('logout');
                });
              }}
            >
              {t('checkin.scanner.signOut')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-testid="scan-announcement">
        {announcement}
      </VisuallyHidden>
      {outcome && <ScanResultOverlay key={outcome.id} outcome={outcome} onDismiss={dismiss} />}
    </Stack>
  );
}

/**
 * `/scanner`: the check-in scanner PWA for phones and laptops (an addition to SPEC §2.1's route list). Pair with a
 * one-time code, choose the area and direction, then scan with the camera or a USB keyboard-wedge scanner, online or
 * offline. It loads no dashboard code and works at 390 px.
 */
export function ScannerPage() {
  const { t } = useTranslation();
  usePageTitle(t('checkin.scanner.title'));
  const [session, setSession] = useState<TDeviceSession | null>(() => deviceSession.load());
  const [isChoosing, setIsChoosing] = useState(() => !session || !chosenArea(session));
  const [notice, setNotice] = useState<string | null>(null);

  // The server's first view of this page is the pairing form only where no device is paired (app/first-view.ts).
  useEffect(() => rememberScannerPaired(session !== null), [session]);
  useEffect(() => {
    const unlink = linkScannerManifest();
    void registerScannerWorker();
    return unlink;
  }, []);

  const onLoggedOut = useCallback(
    (reason: 'logout' | 'invalid') => {
      setSession(null);
      setIsChoosing(true);
      setNotice(reason === 'logout' ? t('checkin.scanner.loggedOut') : t('checkin.scanner.tokenInvalid'));
    },
    [t],
  );
  const onDeviceChanged = useCallback((next: TDeviceSession) => {
    setSession(next);
    if (!chosenArea(next)) setIsChoosing(true);
  }, []);

  if (!session) {
    return (
      <ScannerFrame>
        <PairingView
          notice={notice}
          onPaired={(s) => {
            setNotice(null);
            setSession(s);
            setIsChoosing(!chosenArea(s) || s.device.areas.length > 1);
          }}
        />
      </ScannerFrame>
    );
  }

  return (
    <ScannerFrame session={session}>
      {isChoosing ? (
        <SetupView
          session={session}
          onStart={(areaId, direction) => {
            const next = { ...session, areaId, direction };
            deviceSession.save(next);
            setSession(next);
            setIsChoosing(false);
          }}
        />
      ) : (
        <ScanningView session={session} onChangeArea={() => setIsChoosing(true)} onLoggedOut={onLoggedOut} onDeviceChanged={onDeviceChanged} />
      )}
    </ScannerFrame>
  );
}
