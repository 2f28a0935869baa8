import { useEffect, useState } from 'react';
import { Alert, Box, Button, Center, CopyButton, Group, Image, Modal, MultiSelect, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_KINDS, type TDeviceKind } from '@pavilion/domain/checkin/checkin.enums';
import type { TArea, TDevice, TDeviceWithCode } from '@pavilion/domain/checkin/checkin.schemas';
import { FormFooter } from './form-footer.tsx';
import { errorMessage } from '../../../../app/form-errors.ts';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { checkinKeys } from '../../api/checkin-keys.ts';
import { organiserCheckinApi as api } from '../../api/organiser-checkin-api.ts';
import { useCheckinMutation } from '../../hooks/use-organiser-checkin.ts';
import { formatShortDateTime } from '../../lib/datetime-local.ts';

/** The scanner's set-up link: opening it on the device pairs it with the one-time code. */
export function scannerSetupUrl(code: string): string {
  return `${window.location.origin}/scanner?code=${encodeURIComponent(code)}`;
}

/** Create a device (name, kind, areas, relay URL for turnstiles) or edit one (name, kind, areas). */
export function DeviceFormModal({
  eventId,
  device,
  areas,
  isOpen,
  onClose,
  onCreated,
}: {
  eventId: string;
  device: TDevice | null;
  areas: TArea[];
  isOpen: boolean;
  onClose: () => void;
  onCreated: (created: TDeviceWithCode) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TDeviceKind>('scanner');
  const [areaIds, setAreaIds] = useState<string[]>([]);
  const [relayUrl, setRelayUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCheckinMutation(async () => {
    if (device) return { kind: 'updated' as const, value: await api.updateDevice(eventId, device.id, { name, kind, areaIds }) };
    return { kind: 'created' as const, value: await api.createDevice(eventId, { name, kind, areaIds, relayUrl: relayUrl.trim() ? relayUrl.trim() : null }) };
  }, [checkinKeys.devices(eventId)]);
  const form = useFormMutation(save, {
    setFieldError: (field, message) => setErrors((prev) => ({ ...prev, [field]: message })),
    // A new device shows its one-time code instead of a toast.
    success: (res) => (res.kind === 'updated' ? t('checkin.org.saved') : null),
    onSuccess: (res) => {
      onClose();
      if (res.kind === 'created') onCreated(res.value);
    },
  });

  useEffect(() => {
    if (!isOpen) return;
    setName(device?.name ?? '');
    setKind(device?.kind ?? 'scanner');
    setAreaIds(device?.areaIds ?? (areas.length === 1 ? [areas[0]!.id] : []));
    setRelayUrl('');
    setErrors({});
    save.reset();
    form.setFormError(null);
    // Reset only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, device]);

  const submit = () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t('validation.required');
    if (areaIds.length === 0) next.areaIds = t('validation.required');
    if (relayUrl.trim() && !/^https?:\/\/[^\s/@]+/i.test(relayUrl.trim())) next.relayUrl = t('validation.invalid');
    setErrors(next);
    if (Object.keys(next).length) return;
    form.submit(undefined);
  };

  return (
    <Modal opened={isOpen} onClose={onClose} title={device ? t('checkin.org.editDevice', { name: device.name }) : t('checkin.org.newDevice')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput label={t('checkin.org.deviceName')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
          <Select
            label={t('checkin.org.deviceKind')}
            value={kind}
            allowDeselect={false}
            onChange={(v) => v && setKind(v as TDeviceKind)}
            data={DEVICE_KINDS.map((k) => ({ value: k, label: t(`checkin.org.deviceKinds.${k}`) }))}
          />
          <MultiSelect
            label={t('checkin.org.areasLabel')}
            description={t('checkin.org.areasHint')}
            required
            data={areas.map((a) => ({ value: a.id, label: a.name }))}
            value={areaIds}
            onChange={setAreaIds}
            error={errors.areaIds}
          />
          {!device && (
            <TextInput label={t('checkin.org.relayUrl')} description={t('checkin.org.relayUrlHint')} placeholder="http://192.168.1.50/relay/0?turn=on" value={relayUrl} onChange={(e) => setRelayUrl(e.currentTarget.value)} error={errors.relayUrl} />
          )}
          <FormFooter error={form.formError} isSaving={form.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The one-time code, large, with its expiry and a QR code of the set-up link (shown once: the server keeps a hash). */
export function DeviceCodeModal({ value, onClose }: { value: TDeviceWithCode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const url = value ? scannerSetupUrl(value.code) : '';
  const qr = useQuery({
    queryKey: ['checkin', 'setup-qr', url],
    queryFn: async () => (await import('qrcode')).toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    enabled: !!url,
    staleTime: Infinity,
  });
  return (
    <Modal opened={!!value} onClose={onClose} title={value ? t('checkin.org.codeTitle', { name: value.device.name }) : ''} size="md">
      {value && (
        <Stack gap="md">
          <Text size="sm">{t('checkin.org.codeBody')}</Text>
          <Box bg="gray.0" p="md" style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)' }}>
            <Title order={2} ta="center" fz={44} ff="monospace" lts={4} data-testid="device-code">
              {value.code}
            </Title>
            <Text ta="center" size="sm" c="dimmed">
              {t('checkin.org.codeExpires', { time: formatShortDateTime(value.codeExpiresAt) })}
            </Text>
          </Box>
          <Center>{qr.data && <Image src={qr.data} alt={t('checkin.org.codeQr')} w={200} h={200} />}</Center>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label={t('checkin.org.scannerLink')} value={url} readOnly style={{ flex: 1 }} data-testid="device-setup-url" />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('checkin.org.copied') : t('checkin.org.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('checkin.org.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Relay URL and switch of a device (AP-278/279), and a test PUT (AP-280). */
export function RelayModal({ eventId, device, onClose }: { eventId: string; device: TDevice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: [...checkinKeys.devices(eventId), 'relay', device?.id ?? ''],
    queryFn: ({ signal }) => api.relay(eventId, device!.id, signal),
    enabled: !!device,
  });
  const [url, setUrl] = useState('');
  const [isEnabled, setIsEnabled] = useState(false);
  useEffect(() => {
    if (config.data) {
      setUrl(config.data.relayUrl ?? '');
      setIsEnabled(config.data.relayEnabled);
    }
  }, [config.data]);
  const save = useCheckinMutation(() => api.putRelay(eventId, device!.id, { relayUrl: url.trim() || null, relayEnabled: isEnabled }), [checkinKeys.devices(eventId)]);
  const test = useCheckinMutation(() => api.toggleRelay(eventId, device!.id), [checkinKeys.devices(eventId)]);
  const form = useFormMutation(save, { success: () => t('checkin.org.saved'), onSuccess: onClose });
  return (
    <Modal opened={!!device} onClose={onClose} title={device ? t('checkin.org.relayTitle', { name: device.name }) : ''}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          form.submit(undefined);
        }}
      >
        <Stack gap="md">
          <TextInput label={t('checkin.org.relayUrl')} description={t('checkin.org.relayUrlHint')} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <Switch label={t('checkin.org.relayEnabled')} checked={isEnabled} onChange={(e) => setIsEnabled(e.currentTarget.checked)} />
          {config.data?.lastRelayAt && (
            <Text size="sm" c="dimmed">
              {t('checkin.org.relayLast', { time: formatShortDateTime(config.data.lastRelayAt), status: config.data.lastRelayStatus ?? '' })}
            </Text>
          )}
          {test.data && (
            <Alert color={test.data.ok ? 'green' : 'red'} variant="light" role="status">
              {test.data.ok ? t('checkin.org.relayOk', { ms: test.data.ms }) : t('checkin.org.relayFailed', { error: test.data.error ?? test.data.httpStatus ?? '' })}
            </Alert>
          )}
          {(form.formError || test.isError) && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
              {form.formError ?? errorMessage(test.error, t)}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="light" loading={test.isPending} disabled={!config.data?.relayUrl} onClick={() => test.mutate(undefined)}>
              {t('checkin.org.relayTest')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('checkin.org.cancel')}
              </Button>
              <Button type="submit" loading={form.isPending}>
                {t('checkin.org.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
