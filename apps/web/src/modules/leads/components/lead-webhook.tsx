import '../leads-i18n.ts';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAD_WEBHOOK_SIGNATURE_HEADER, LEAD_WEBHOOK_TIMESTAMP_HEADER, type TLeadWebhookDelivery } from '@pavilion/domain/leads/leads.schemas';
import { applyServerFieldErrors, errorMessage } from '../../../app/form-errors.ts';
import { leadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

const STATUS_COLOUR = { pending: 'blue.9', delivered: 'teal.9', failed: 'red.9' } as const;
const time = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One delivery of the log: the lead, its status, and a row per attempt (time, HTTP status or error, outcome). */
function DeliveryAttempts({ d }: { d: TLeadWebhookDelivery }) {
  const { t } = useTranslation();
  const result = (a: TLeadWebhookDelivery['attempts'][number]) =>
    a.httpStatus !== null ? t('leads.webhook.httpStatus', { status: a.httpStatus }) : a.error === 'timeout' || a.error === 'unreachable' ? t(`leads.webhook.error.${a.error}`) : (a.error ?? '');
  return (
    <Stack gap={4} component="li" aria-label={t('leads.webhook.logLead', { id: d.leadId.slice(-6) })}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('leads.webhook.logLead', { id: d.leadId.slice(-6) })}
        </Text>
        <Badge size="sm" variant="outline" color={STATUS_COLOUR[d.status]}>
          {t(`leads.webhook.status.${d.status}`)}
        </Badge>
        {d.nextAttemptAt && (
          <Text size="xs" c="dimmed">
            {t('leads.webhook.nextAt', { when: time(d.nextAttemptAt) })}
          </Text>
        )}
      </Group>
      {d.attempts.length > 0 && (
        <Table fz="xs" withRowBorders={false} horizontalSpacing="xs" verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('leads.webhook.logWhen')}</Table.Th>
              <Table.Th>{t('leads.webhook.logTime')}</Table.Th>
              <Table.Th>{t('leads.webhook.logResult')}</Table.Th>
              <Table.Th>{t('leads.webhook.logDuration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.attempts.map((a) => (
              <Table.Tr key={a.attempt}>
                <Table.Td>#{a.attempt}</Table.Td>
                <Table.Td>{time(a.at)}</Table.Td>
                <Table.Td>
                  {result(a)} · {t(`leads.webhook.outcome.${a.outcome}`)}
                </Table.Td>
                <Table.Td>{t('leads.webhook.ms', { ms: a.durationMs })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The newest 20 deliveries with their attempts; read again on demand (a retry may be an hour away). */
function DeliveryLog({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const log = useQuery({ queryKey: leadsKeys.webhookDeliveries(eventId), queryFn: ({ signal }) => leadsApi.webhookDeliveries(eventId, signal) });
  return (
    <Stack gap="xs" component="section" aria-labelledby="lead-webhook-log">
      <Group justify="space-between">
        <Title order={4} fz="h5" id="lead-webhook-log">
          {t('leads.webhook.log')}
        </Title>
        <Button size="compact-xs" variant="default" loading={log.isFetching} onClick={() => void qc.invalidateQueries({ queryKey: leadsKeys.webhook(eventId) })}>
          {t('leads.webhook.logRefresh')}
        </Button>
      </Group>
      {log.isError ? (
        <Text size="sm" c="red.8">
          {errorMessage(log.error, t)}
        </Text>
      ) : !log.data ? null : log.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('leads.webhook.logEmpty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, overflowX: 'auto' }}>
          {log.data.items.map((d) => (
            <DeliveryAttempts key={d.id} d={d} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

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
              <Group gap="xs" wrap="wrap">
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
        {hook.data?.url && <DeliveryLog eventId={eventId} />}
      </Stack>
    </Paper>
  );
}
