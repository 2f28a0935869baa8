import { Alert, Box, Button } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startQrCamera } from '../../../ui/qr-reader.ts';

/**
 * Camera QR scanning (ui/qr-reader.ts: jsQR), loaded only when the camera is switched on (the verification page stays
 * small for people who paste). Calls `onScan` once per distinct code.
 */
export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [isOn, setOn] = useState(false);
  const [hasError, setError] = useState(false);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!isOn || !video.current) return;
    let controls: { stop(): void } | null = null;
    let isCancelled = false;
    let last = '';
    void (async () => {
      try {
        const c = await startQrCamera(video.current!, (text) => {
          if (text !== last) {
            last = text;
            onScanRef.current(text);
          }
        });
        if (isCancelled) c.stop();
        else controls = c;
      } catch {
        if (!isCancelled) {
          setError(true);
          setOn(false);
        }
      }
    })();
    return () => {
      isCancelled = true;
      controls?.stop();
    };
  }, [isOn]);

  return (
    <Box>
      <Button
        variant="default"
        leftSection={isOn ? <IconCameraOff size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
        onClick={() => {
          setError(false);
          setOn((v) => !v);
        }}
      >
        {isOn ? t('ebadge.verify.stopScan') : t('ebadge.verify.scan')}
      </Button>
      {isOn && (
        <video ref={video} aria-label={t('ebadge.verify.cameraLabel')} muted playsInline style={{ display: 'block', width: '100%', maxWidth: 420, marginTop: 12, borderRadius: 8, background: '#000' }} />
      )}
      {hasError && (
        <Alert color="orange" mt="sm" role="alert">
          {t('ebadge.verify.cameraError')}
        </Alert>
      )}
    </Box>
  );
}
