import '../leads-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TInquiry } from '@pavilion/domain/leads/leads.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { inquiriesApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

// Outline on white: the filled orange of an open inquiry failed contrast (axe) on the company page.
const statusColour = { open: 'red.9', answered: 'teal.9', closed: 'gray.9' } as const;
const errorText = (err: unknown, fallback: string) => (isApiError(err) ? err.message : fallback);

function InquiryCard({ inquiry, children }: { inquiry: TInquiry; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {inquiry.productName ? t('leads.inquiries.about', { company: inquiry.companyName, product: inquiry.productName }) : inquiry.companyName} · {inquiry.askerName}
          </Text>
          <Badge color={statusColour[inquiry.status]} variant="outline" bg="white" style={{ flexShrink: 0 }}>
            {t(`leads.inquiries.status.${inquiry.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{inquiry.message}</Text>
        {inquiry.answer && (
          <Text size="sm" c="dimmed">
            {t('leads.inquiries.answerBy', { name: inquiry.answeredBy ?? '' })}: {inquiry.answer}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** Sends one inquiry (to the company, or about one of its products) and refreshes the asker's list. */
function useAsk(eventId: string, companyId: string, productId: string | null, onSent: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => inquiriesApi.ask(eventId, { companyId, productId, message }),
    onSuccess: () => {
      onSent();
      toast(t('leads.inquiries.sent'), 'success');
      void qc.invalidateQueries({ queryKey: leadsKeys.myInquiries(eventId) });
    },
    onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error'),
  });
}

/** The signed-in participant's questions to this company, with their answers (where the answer mail's link lands). */
function MyInquiriesHere({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: leadsKeys.myInquiries(eventId), queryFn: ({ signal }) => inquiriesApi.mine(eventId, signal) });
  const here = list.data?.filter((i) => i.companyId === companyId) ?? [];
  if (here.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="my-inquiries-here">
      <Title order={3} fz="h5">
        {t('leads.inquiries.here', { company: here[0]!.companyName })}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {here.map((i) => (
          <InquiryCard key={i.id} inquiry={i}>
            {!i.answer && (
              <Text size="xs" c="dimmed">
                {t('leads.inquiries.noAnswer')}
              </Text>
            )}
          </InquiryCard>
        ))}
      </Stack>
    </Stack>
  );
}

/** "Ask about this product" on a product of a company page, for a signed-in participant: the product goes with the question. */
export function AskProduct({ eventId, companyId, product }: { eventId: string; companyId: string; product: { id: string; name: string } }) {
  const { t } = useTranslation();
  const isParticipant = useEventData()?.eventId === eventId;
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState('');
  const ask = useAsk(eventId, companyId, product.id, () => {
    setMessage('');
    setIsOpen(false);
  });
  if (!isParticipant) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMessageQuestion size={18} aria-hidden />} w="fit-content" onClick={() => setIsOpen(true)} aria-label={t('leads.inquiries.askProductLabel', { name: product.name })}>
        {t('leads.inquiries.askProduct')}
      </Button>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={t('leads.inquiries.askProductTitle', { name: product.name })}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (message.trim()) ask.mutate(message.trim());
          }}
        >
          <Stack gap="sm">
            <Textarea label={t('leads.inquiries.yourQuestion')} autosize minRows={3} maxLength={2000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setIsOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!message.trim()} loading={ask.isPending}>
                {t('leads.inquiries.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** "Ask this company" on a company page, for a signed-in participant, with their questions here and the answers. */
export function AskCompany({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const isParticipant = useEventData()?.eventId === eventId;
  const [message, setMessage] = useState('');
  const ask = useAsk(eventId, companyId, null, () => setMessage(''));
  if (!isParticipant) return null;
  return (
    <Stack gap="md">
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (message.trim()) ask.mutate(message.trim());
      }}
    >
      <Stack gap="xs">
        <Textarea label={t('leads.inquiries.ask')} autosize minRows={2} maxLength={2000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
        <Button type="submit" variant="light" disabled={!message.trim()} loading={ask.isPending} w="fit-content">
          {t('leads.inquiries.send')}
        </Button>
      </Stack>
    </form>
    <MyInquiriesHere eventId={eventId} companyId={companyId} />
    </Stack>
  );
}

/** The attendee's inquiries and their answers. */
export function MyInquiries({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: leadsKeys.myInquiries(eventId), queryFn: ({ signal }) => inquiriesApi.mine(eventId, signal) });
  if (!list.data || list.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3">
        {t('leads.inquiries.mine')}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data.map((i) => (
          <InquiryCard key={i.id} inquiry={i} />
        ))}
      </Stack>
    </Stack>
  );
}

function AnswerForm({ eventId, inquiry }: { eventId: string; inquiry: TInquiry }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [answer, setAnswer] = useState('');
  const done = () => void qc.invalidateQueries({ queryKey: leadsKeys.companyInquiries(eventId) });
  const send = useMutation({ mutationFn: () => inquiriesApi.answer(eventId, inquiry.id, answer.trim()), onSuccess: () => (setAnswer(''), done()), onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error') });
  const close = useMutation({ mutationFn: () => inquiriesApi.close(eventId, inquiry.id), onSuccess: done, onError: (err) => toast(errorText(err, t('leads.staff.saveError')), 'error') });
  if (inquiry.status === 'closed') return null;
  return (
    <Stack gap={6}>
      <Textarea label={t('leads.inquiries.yourAnswer')} autosize minRows={2} maxLength={4000} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} />
      <Group gap="xs">
        <Button size="xs" disabled={!answer.trim()} loading={send.isPending} onClick={() => send.mutate()}>
          {t('leads.inquiries.answer')}
        </Button>
        <Button size="xs" variant="default" loading={close.isPending} onClick={() => close.mutate()}>
          {t('leads.inquiries.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Staff: the company's inquiries, answered in place (SPEC §2.6 exhibitor tab Inquiries). */
export function CompanyInquiries({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: leadsKeys.companyInquiries(eventId), queryFn: ({ signal }) => inquiriesApi.company(eventId, signal) });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('leads.inquiries.title')}
        </Title>
        {list.data && list.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('leads.inquiries.none')}
          </Text>
        )}
        {list.data && list.data.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.map((i) => (
              <InquiryCard key={i.id} inquiry={i}>
                <AnswerForm eventId={eventId} inquiry={i} />
              </InquiryCard>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
