import '../leads-i18n.ts';
import { useEffect, useState } from 'react';
import { Badge, Group, Image, Modal, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TVisitingCard } from '@pavilion/domain/leads/leads.schemas';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { leadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/** The photo as an object URL, fetched with the staff member's headers and released when no longer shown. */
function usePhotoUrl(eventId: string, cardId: string): { url: string | null; isError: boolean } {
  const photo = useQuery({ queryKey: leadsKeys.cardPhoto(eventId, cardId), queryFn: () => leadsApi.cardPhotoFile(eventId, cardId), staleTime: Infinity, gcTime: 5 * 60_000 });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const href = URL.createObjectURL(photo.data);
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [photo.data]);
  return { url, isError: photo.isError };
}

function CardPhoto({ eventId, card }: { eventId: string; card: TVisitingCard }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { url, isError } = usePhotoUrl(eventId, card.id);
  const alt = t('leads.companyCards.photoOf', { name: card.visitorName });
  if (isError) {
    return (
      <Text size="xs" c="red.9">
        {t('leads.companyCards.photoError')}
      </Text>
    );
  }
  return (
    <>
      <UnstyledButton onClick={() => setIsOpen(true)} aria-label={t('leads.companyCards.openPhoto', { name: card.visitorName })} disabled={!url} style={{ flexShrink: 0 }}>
        {url ? <Image src={url} alt={alt} w={72} h={48} fit="cover" radius="sm" data-testid="card-thumbnail" /> : <Skeleton w={72} h={48} radius="sm" />}
      </UnstyledButton>
      <Modal opened={isOpen} onClose={() => setIsOpen(false)} title={t('leads.companyCards.photoTitle', { name: card.visitorName })} size="lg">
        {url && <Image src={url} alt={alt} fit="contain" mah="70vh" data-testid="card-photo-full" />}
      </Modal>
    </>
  );
}

/** Staff: the company's visiting cards (taken by its staff, dropped at it), with the paper card's photo when one was taken. */
export function CompanyCards({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const cards = useQuery({ queryKey: leadsKeys.companyCards(eventId), queryFn: ({ signal }) => leadsApi.companyCards(eventId, signal) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-cards-title">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="company-cards-title">
          {t('leads.companyCards.title')}
        </Title>
        {cards.isPending && <Skeleton h={60} />}
        {cards.data && cards.data.items.length === 0 && <EmptyState icon={<IconId size={28} />} title={t('leads.companyCards.empty')} description={t('leads.companyCards.emptyBody')} headingLevel={4} />}
        {cards.data && cards.data.items.length > 0 && (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="company-card-list">
            {cards.data.items.map((c, i) => (
              <li key={c.id} style={{ padding: '8px 0', ...(i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : {}) }}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {c.visitorName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {c.visitorEmail} · {new Date(c.at).toLocaleString()}
                    </Text>
                    <Badge variant="outline" color={c.kind === 'taken' ? 'teal.9' : 'gray.9'} bg="white" size="sm" styles={{ root: { textTransform: 'none' } }}>
                      {c.kind === 'taken' ? t('leads.companyCards.taken') : t('leads.companyCards.dropped')}
                    </Badge>
                  </Stack>
                  {c.mediaType === 3 && <CardPhoto eventId={eventId} card={c} />}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
