import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconPhotoScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { readQrFromImage, startQrCamera, type TQrCamera } from '../../../../ui/qr-reader.ts';

/**
 * Camera QR scanning with jsQR (ui/qr-reader.ts, loaded on demand). Calls `onCode` for every
 * decoded frame; the caller debounces repeats. A picture from the gallery can be scanned too, for laptops without
 * a camera or a screenshot of an e-badge.
 */
export function CameraScanner({ isPaused, onCode }: { isPaused: boolean; onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<TQrCamera | null>(null);
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(isPaused);
  const [isOn, setIsOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = isPaused;
  }, [onCode, isPaused]);

  const stop = () => {
    controlsRef.current?.stop();
    controlsRef.current = null;
    setIsOn(false);
  };

  const start = async () => {
    if (!videoRef.current) return;
    setError(null);
    setIsStarting(true);
    try {
      controlsRef.current = await startQrCamera(videoRef.current, (text) => {
        if (!pausedRef.current) onCodeRef.current(text);
      });
      setIsOn(true);
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      setError(name === 'NotAllowedError' ? t('checkin.scanner.cameraDenied') : t('checkin.scanner.cameraUnavailable'));
      setIsOn(false);
    } finally {
      setIsStarting(false);
    }
  };

  useEffect(() => () => controlsRef.current?.stop(), []);

  const scanFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const text = await readQrFromImage(file);
      if (text) onCodeRef.current(text);
      else setError(t('checkin.scanner.imageNoCode'));
    } catch {
      setError(t('checkin.scanner.imageNoCode'));
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        style={{ background: '#111', borderRadius: 12, overflow: 'hidden', aspectRatio: '4 / 3', display: isOn ? 'block' : 'none' }}
      >
        <video ref={videoRef} muted playsInline aria-label={t('checkin.scanner.cameraPreview')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        <Box
          aria-hidden
          style={{ position: 'absolute', inset: '15%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 12, pointerEvents: 'none' }}
        />
      </Box>
      <Stack gap="xs">
        {isOn ? (
          <Button variant="default" leftSection={<IconCameraOff size={18} aria-hidden />} onClick={stop}>
            {t('checkin.scanner.stopCamera')}
          </Button>
        ) : (
          <Button size="md" leftSection={<IconCamera size={18} aria-hidden />} loading={isStarting} onClick={() => void start()}>
            {t('checkin.scanner.startCamera')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconPhotoScan size={18} aria-hidden />} onClick={() => fileRef.current?.click()}>
          {t('checkin.scanner.scanImage')}
        </Button>
      </Stack>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        data-testid="scan-image-input"
        aria-label={t('checkin.scanner.scanImage')}
        style={{ display: 'none' }}
        onChange={(e) => void scanFile(e.currentTarget.files?.[0])}
      />
      {error && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {error}
        </Alert>
      )}
      {!isOn && !error && (
        <Text size="xs" c="dimmed">
          {t('checkin.scanner.cameraHint')}
        </Text>
      )}
    </Stack>
  );
}
