import '../organiser-i18n.ts';
import { Alert, Badge, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TEbadgeSettings, TVerificationReveal, TWalletConfigView } from '@pavilion/domain/ebadge/ebadge.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useAccess } from '../../../app/access.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { ebadgeOrgApi } from '../api/ebadge-api.ts';
import { ebadgeKeys } from '../api/ebadge-keys.ts';
import { ShareOptionsEditor } from '../components/share-options-editor.tsx';

const REVEALS: TVerificationReveal[] = ['nothing', 'firstName', 'fullName', 'fullNameOrganisation'];

function SettingsForm({ eventId, initial, canEdit }: { eventId: string; initial: TEbadgeSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial]);
  const save = useMutation({
    mutationFn: () => ebadgeOrgApi.saveSettings(eventId, value),
    onSuccess: (data) => {
      qc.setQueryData(ebadgeKeys.settings(eventId), data);
      void qc.invalidateQueries({ queryKey: ebadgeKeys.shareOptions(eventId) });
      toast(t('ebadge.org.saved'), 'success');
    },
  });
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Select
          label={t('ebadge.org.reveal')}
          description={t('ebadge.org.revealHint')}
          data={REVEALS.map((r) => ({ value: r, label: t(`ebadge.org.revealOptions.${r}`) }))}
          value={value.verificationReveal}
          onChange={(v) => v && setValue((s) => ({ ...s, verificationReveal: v as TVerificationReveal }))}
          allowDeselect={false}
          disabled={!canEdit}
          maw={420}
        />
        <Switch label={t('ebadge.org.showCategory')} checked={value.showCategory} onChange={(e) => {
          const showCategory = e.currentTarget.checked;
          setValue((s) => ({ ...s, showCategory }));
        }} disabled={!canEdit} />
        <div>
          <Title order={3} fz="md">
            {t('ebadge.org.share')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('ebadge.org.shareHint')}
          </Text>
          <ShareOptionsEditor value={value.shareOptions} onChange={(shareOptions) => setValue((v) => ({ ...v, shareOptions }))} canEdit={canEdit} />
        </div>
        {save.isError && <Alert color="red">{errorMessage(save.error, t)}</Alert>}
        {canEdit && (
          <Group>
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              {t('ebadge.org.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Status({ wallet }: { wallet: TWalletConfigView['google'] | TWalletConfigView['apple'] }) {
  const { t } = useTranslation();
  return wallet.isConfigured ? <Badge color="teal.9">{t('ebadge.org.configured', { source: wallet.source })}</Badge> : <Badge color="gray.7">{t('ebadge.org.notConfigured')}</Badge>;
}

function WalletKeys({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const wallet = useQuery({ queryKey: ebadgeKeys.wallet(), queryFn: ({ signal }) => ebadgeOrgApi.wallet(signal) });
  const [g, setG] = useState({ issuerId: '', serviceAccountEmail: '', privateKeyPem: '' });
  const [a, setA] = useState({ passTypeIdentifier: '', teamIdentifier: '', signerCertPem: '', signerKeyPem: '', signerKeyPassphrase: '', wwdrPem: '' });
  const save = useMutation({
    mutationFn: ebadgeOrgApi.saveWallet,
    onSuccess: (data) => {
      qc.setQueryData(ebadgeKeys.wallet(), data);
      setG({ issuerId: '', serviceAccountEmail: '', privateKeyPem: '' });
      setA({ passTypeIdentifier: '', teamIdentifier: '', signerCertPem: '', signerKeyPem: '', signerKeyPassphrase: '', wwdrPem: '' });
      toast(t('ebadge.org.keysSaved'), 'success');
    },
  });
  if (wallet.isPending) return <Skeleton h={120} />;
  if (wallet.isError) return <Alert color="red">{errorMessage(wallet.error, t)}</Alert>;
  const w = wallet.data;
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('ebadge.org.wallet')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ebadge.org.walletHint')}
          </Text>
        </div>
        {save.isError && <Alert color="red">{errorMessage(save.error, t)}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs">
            <Group gap="sm">
              <Title order={3} fz="md">
                {t('ebadge.org.google')}
              </Title>
              <Status wallet={w.google} />
            </Group>
            {w.google.source === 'env' ? (
              <Text size="sm">{t('ebadge.org.envNote')}</Text>
            ) : (
              canEdit && (
                <>
                  <TextInput label={t('ebadge.org.issuerId')} value={g.issuerId} onChange={(e) => setG({ ...g, issuerId: e.currentTarget.value })} placeholder={w.google.issuerId ?? ''} />
                  <TextInput label={t('ebadge.org.serviceAccountEmail')} value={g.serviceAccountEmail} onChange={(e) => setG({ ...g, serviceAccountEmail: e.currentTarget.value })} placeholder={w.google.serviceAccountEmail ?? ''} />
                  <Textarea label={t('ebadge.org.privateKeyPem')} value={g.privateKeyPem} onChange={(e) => setG({ ...g, privateKeyPem: e.currentTarget.value })} autosize minRows={3} maxRows={6} />
                  <Group gap="xs">
                    <Button onClick={() => save.mutate({ google: g })} loading={save.isPending} disabled={!g.issuerId || !g.serviceAccountEmail || !g.privateKeyPem}>
                      {t('ebadge.org.saveKeys')}
                    </Button>
                    {w.google.isConfigured && (
                      <Button variant="default" c="red.9" onClick={() => save.mutate({ google: null })}>
                        {t('ebadge.org.removeKeys')}
                      </Button>
                    )}
                  </Group>
                </>
              )
            )}
          </Stack>
          <Stack gap="xs">
            <Group gap="sm">
              <Title order={3} fz="md">
                {t('ebadge.org.apple')}
              </Title>
              <Status wallet={w.apple} />
            </Group>
            {w.apple.source === 'env' ? (
              <Text size="sm">{t('ebadge.org.envNote')}</Text>
            ) : (
              canEdit && (
                <>
                  <TextInput label={t('ebadge.org.passTypeIdentifier')} value={a.passTypeIdentifier} onChange={(e) => setA({ ...a, passTypeIdentifier: e.currentTarget.value })} placeholder={w.apple.passTypeIdentifier ?? 'pass.com.example.event'} />
                  <TextInput label={t('ebadge.org.teamIdentifier')} value={a.teamIdentifier} onChange={(e) => setA({ ...a, teamIdentifier: e.currentTarget.value })} placeholder={w.apple.teamIdentifier ?? ''} />
                  <Textarea label={t('ebadge.org.signerCertPem')} value={a.signerCertPem} onChange={(e) => setA({ ...a, signerCertPem: e.currentTarget.value })} autosize minRows={2} maxRows={5} />
                  <Textarea label={t('ebadge.org.signerKeyPem')} value={a.signerKeyPem} onChange={(e) => setA({ ...a, signerKeyPem: e.currentTarget.value })} autosize minRows={2} maxRows={5} />
                  <PasswordInput label={t('ebadge.org.signerKeyPassphrase')} value={a.signerKeyPassphrase} onChange={(e) => setA({ ...a, signerKeyPassphrase: e.currentTarget.value })} />
                  <Textarea label={t('ebadge.org.wwdrPem')} value={a.wwdrPem} onChange={(e) => setA({ ...a, wwdrPem: e.currentTarget.value })} autosize minRows={2} maxRows={5} />
                  <Group gap="xs">
                    <Button
                      onClick={() => save.mutate({ apple: { ...a, signerKeyPassphrase: a.signerKeyPassphrase || undefined } })}
                      loading={save.isPending}
                      disabled={!a.passTypeIdentifier || !a.teamIdentifier || !a.signerCertPem || !a.signerKeyPem || !a.wwdrPem}
                    >
                      {t('ebadge.org.saveKeys')}
                    </Button>
                    {w.apple.isConfigured && (
                      <Button variant="default" c="red.9" onClick={() => save.mutate({ apple: null })}>
                        {t('ebadge.org.removeKeys')}
                      </Button>
                    )}
                  </Group>
                </>
              )
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** E-Badge Settings (T-67): reveal level of verification pages, category, share options, wallet keys. */
export function EbadgeSettingsPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const canEdit = access.can('AP-234');
  const settings = useQuery({ queryKey: ebadgeKeys.settings(eventId ?? ''), queryFn: ({ signal }) => ebadgeOrgApi.settings(eventId!, signal), enabled: !!eventId });
  if (!eventId) return <Alert title={t('ebadge.org.noEvent')}>{t('ebadge.org.noEventBody')}</Alert>;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          {t('ebadge.org.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ebadge.org.subtitle')}
        </Text>
      </div>
      {settings.isPending ? <Skeleton h={240} /> : settings.isError ? <Alert color="red">{errorMessage(settings.error, t)}</Alert> : <SettingsForm eventId={eventId} initial={settings.data} canEdit={canEdit} />}
      <WalletKeys canEdit={canEdit} />
    </Stack>
  );
}
