import '../ebadge-i18n.ts';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TEbadgeVerifyResult } from '@pavilion/domain/ebadge/ebadge.schemas';
import { httpStatusOf } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { ebadgeApi } from '../api/ebadge-api.ts';
import { EbadgeLayout, EbadgeLoading, EbadgeProblem } from '../components/ebadge-layout.tsx';
import { QrScanner } from '../components/qr-scanner.tsx';
import { useVerifyInfo } from '../hooks.ts';

const LOOK = {
  valid: { color: 'teal', Icon: IconCircleCheck },
  revoked: { color: 'red', Icon: IconCircleX },
  unknown: { color: 'gray', Icon: IconHelpCircle },
} as const;

function Result({ result, expectedName }: { result: TEbadgeVerifyResult; expectedName: string | null }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[result.status];
  const holder = result.holder;
  const holderName = holder ? [holder.firstName, holder.lastName].filter(Boolean).join(' ') : '';
  return (
    <Paper withBorder p="lg" radius="md" style={{ borderColor: `var(--mantine-color-${color}-6)`, borderWidth: 2 }} role="status" aria-live="polite" data-testid="verify-result" data-status={result.status}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" color={color} aria-hidden>
            <Icon size={30} />
          </ThemeIcon>
          <div>
            <Title order={2} fz={24} c={`${color}.9`}>
              {t(`ebadge.verify.${result.status}`)}
            </Title>
            <Text size="sm">{t(`ebadge.verify.${result.status}Body`, { event: result.eventName })}</Text>
          </div>
        </Group>
        {result.status === 'valid' && (
          <>
            {holder ? (
              <Stack gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t('ebadge.verify.holder')}
                </Text>
                <Text fw={700} fz="xl" data-testid="verify-holder">
                  {holderName}
                </Text>
                {holder.organisation && (
                  <Text>
                    {t('ebadge.verify.organisation')}: {holder.organisation}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('ebadge.verify.nothingShown')}
              </Text>
            )}
            {expectedName && result.isNameMatch !== null && (
              <Alert color={result.isNameMatch ? 'teal' : 'orange'} icon={result.isNameMatch ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}>
                {result.isNameMatch ? t('ebadge.verify.nameMatch') : t('ebadge.verify.nameMismatch')}
              </Alert>
            )}
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('ebadge.verify.checkedAt', { time: formatDateTime(result.checkedAt) })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `verify/ebadge/{eventId}`, `verify/ebadge/{origin}/{eventId}`, `verify/ebadge/{origin}/{eventId}/{userName}`:
 * paste or scan a credential and see valid, revoked or unknown. `origin` names who checks (a partner desk, a
 * sponsor's site) and is shown and sent along; `userName` is the holder the link expects, compared server-side
 * with the registration so the page can say "matches" without revealing more than the organiser allows.
 */
export function VerifyEbadgePage() {
  const { t } = useTranslation();
  const { eventId = '', origin, userName } = useParams();
  const info = useVerifyInfo(eventId);
  const [token, setToken] = useState('');
  const check = useMutation({ mutationFn: (raw: string) => ebadgeApi.verify(eventId, { token: raw.trim(), origin: origin || undefined, userName: userName || undefined }) });
  usePageTitle(t('ebadge.verify.title'));

  if (info.isPending) return <EbadgeLoading kicker={t('ebadge.verifyKicker')} />;
  if (info.isError) return <EbadgeProblem kicker={t('ebadge.verifyKicker')} error={info.error} message={t('ebadge.verify.eventNotFound')} onRetry={() => void info.refetch()} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim()) check.mutate(token);
  };
  const onScan = (text: string) => {
    setToken(text);
    check.mutate(text);
  };
  const errorText = check.isError ? (httpStatusOf(check.error) === 429 ? t('ebadge.verify.rateLimited') : errorMessage(check.error, t)) : null;

  return (
    <EbadgeLayout kicker={t('ebadge.verifyKicker')} title={info.data.eventName}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={22}>
            {t('ebadge.verify.title')}
          </Title>
          <Text c="dimmed">{t('ebadge.verify.intro', { event: info.data.eventName })}</Text>
          {origin && <Text size="sm">{t('ebadge.verify.origin', { origin })}</Text>}
          {userName && <Text size="sm">{t('ebadge.verify.expectedHolder', { name: userName })}</Text>}
        </Stack>
        <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
          <Stack gap="sm">
            <Textarea
              label={t('ebadge.verify.tokenLabel')}
              description={t('ebadge.verify.tokenHint')}
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={600}
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            />
            <Group gap="sm">
              <Button type="submit" loading={check.isPending} disabled={!token.trim()}>
                {t('ebadge.verify.check')}
              </Button>
              <QrScanner onScan={onScan} />
            </Group>
          </Stack>
        </Paper>
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        {check.data && !check.isPending && <Result result={check.data} expectedName={userName ?? null} />}
      </Stack>
    </EbadgeLayout>
  );
}
