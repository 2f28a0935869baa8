import '../leads-i18n.ts';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAD_WEBHOOK_SIGNATURE_HEADER, LEAD_WEBHOOK_TIMESTAMP_HEADER } from '@pavilion/domain/leads/leads.schemas';
import { applyServerFieldErrors, errorMessage } from '../../../app/form-errors.ts';
import { leadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/**
 * The company's lead webhook (SPEC §2.6 exhibitor tab Webhooks): where each new lead is POSTed, signed; the secret
 * is shown once, when the address is saved, and the deliveries are counted.
 */
export function LeadWebhook({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const hook = useQuery({ queryKey: leadsKeys.webhook(eventId), queryFn: ({ signal }) => leadsApi.webhook(eventId, signal) });
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (hook.data?.url) setUrl(hook.data.url);
  }, [hook.data?.url]);
  const save = useMutation({
    mutationFn: () => leadsApi.saveWebhook(eventId, url),
    onSuccess: () => qc.invalidateQueries({ queryKey: leadsKeys.webhook(eventId) }),
  });
  const fields: Record<string, string> = {};
  applyServerFieldErrors(save.error, (field, message) => (fields[field] ??= message), t);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lead-webhook-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconWebhook size={20} aria-hidden />
          <Title order={3} fz="h4" id="lead-webhook-title">
            {t('leads.webhook.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('leads.webhook.intro', { signature: LEAD_WEBHOOK_SIGNATURE_HEADER, timestamp: LEAD_WEBHOOK_TIMESTAMP_HEADER })}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput label={t('leads.webhook.url')} placeholder="https://crm.example.com/pavilion-leads" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={fields.url} style={{ flex: 1, minWidth: 220 }} maxLength={500} required />
            <Button type="submit" loading={save.isPending}>
              {t('leads.webhook.save')}
            </Button>
          </Group>
        </form>
        {save.error && Object.keys(fields).length === 0 && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        {save.data && (
          <Alert color="teal">
            <Stack gap={6}>
              <Text fw={700}>{t('leads.webhook.secretTitle')}</Text>
              <Text size="sm">{t('leads.webhook.secretBody')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="webhook-secret" style={{ overflowWrap: 'anywhere' }}>
                  {save.data.secret}
                </Code>
                <CopyButton value={save.data.secret}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? t('leads.webhook.copied') : t('leads.webhook.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        {hook.data?.url && (
          <Group gap="xs" aria-label={t('leads.webhook.deliveries')}>
            <Badge color="teal.9" variant="outline">
              {t('leads.webhook.delivered', { count: hook.data.delivered })}
            </Badge>
            <Badge color="blue.9" variant="outline">
              {t('leads.webhook.pending', { count: hook.data.pending })}
            </Badge>
            <Badge color="red.9" variant="outline">
              {t('leads.webhook.failed', { count: hook.data.failed })}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
