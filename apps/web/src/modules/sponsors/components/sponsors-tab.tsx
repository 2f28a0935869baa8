import '../sponsors-i18n.ts';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAward, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSponsorShowcase } from '@pavilion/domain/sponsors/sponsors.schemas';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { sponsorsApi, sponsorsKeys, sponsorVisitUrl } from '../api/sponsors-api.ts';
import { useCardViews } from '../hooks/use-card-views.ts';

type TShowcaseSponsor = TSponsorShowcase['tiers'][number]['sponsors'][number];

/** The logo on a white tile (alt text: the sponsor's name unless said), or the name's initials when there is none. */
export function SponsorLogo({ name, url, size, alt = name }: { name: string; url: string | null; size: number; alt?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <Box
      w={size}
      h={size}
      style={{ flexShrink: 0, borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)', background: 'white', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
    >
      {url ? (
        <img src={url} alt={alt} width={size - 8} height={size - 8} loading="lazy" style={{ objectFit: 'contain', maxWidth: '100%', maxHeight: '100%' }} />
      ) : (
        <Text fw={700} c="gray.7" aria-hidden>
          {initials}
        </Text>
      )}
    </Box>
  );
}

function SponsorCard({ eventId, sponsor, cardRef }: { eventId: string; sponsor: TShowcaseSponsor; cardRef: (el: Element | null) => void }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="sponsor-card" ref={cardRef}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <SponsorLogo name={sponsor.name} url={sponsor.logoUrl} size={72} />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} fz="md">
            {sponsor.name}
          </Title>
          {sponsor.companyId && (
            <Badge variant="outline" color="teal.9" size="sm" styles={{ root: { textTransform: 'none', alignSelf: 'flex-start' } }}>
              {t('sponsors.attendee.exhibiting')}
            </Badge>
          )}
          {sponsor.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {sponsor.description}
            </Text>
          )}
          {sponsor.website && (
            <Anchor href={sponsorVisitUrl(eventId, sponsor.id)} target="_blank" rel="noopener noreferrer" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 }}>
              {t('sponsors.attendee.visitOf', { name: sponsor.name })}
              <VisuallyHidden>{t('sponsors.attendee.newTab')}</VisuallyHidden>
              <IconExternalLink size={14} aria-hidden />
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The attendee app's Sponsor tab (`sponsor`, SPEC §2.4) and the web portal's Sponsors entry (§2.5, `from="portal"`):
 * the event's sponsors grouped by tier in the organiser's order, phone first (one column, two from a tablet up).
 */
export function SponsorsTab({ eventId, from = 'app' }: { eventId: string; from?: 'app' | 'portal' }) {
  const { t } = useTranslation();
  const showcase = useQuery({ queryKey: sponsorsKeys.showcase(eventId, from), queryFn: ({ signal }) => sponsorsApi.showcase(eventId, from, signal), enabled: !!eventId });
  // Each card counts as a view of its sponsor once it is half on screen; the page view's cards go in one request.
  const cardRef = useCardViews((ids) => sponsorsApi.cardViews(eventId, from, ids), !!eventId);
  if (showcase.isPending) return <Skeleton h={160} />;
  if (showcase.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('sponsors.attendee.loadError')}>
        <Button variant="white" color="red" size="xs" onClick={() => void showcase.refetch()}>
          {t('sponsors.attendee.retry')}
        </Button>
      </Alert>
    );
  }
  if (showcase.data.tiers.length === 0) {
    return <EmptyState headingLevel={2} icon={<IconAward size={32} />} title={t('sponsors.attendee.empty')} description={t('sponsors.attendee.emptyBody')} />;
  }
  return (
    <Stack gap="xl">
      {showcase.data.tiers.map((tier) => (
        <Box component="section" key={tier.id} aria-labelledby={`sponsor-tier-${tier.id}`} data-testid="sponsor-tier">
          <Group gap="sm" mb="sm" wrap="nowrap">
            <Box aria-hidden w={6} h={28} style={{ borderRadius: 3, background: tier.colour ?? 'var(--mantine-color-brand-7)', flexShrink: 0 }} />
            <Title order={2} fz="h3" id={`sponsor-tier-${tier.id}`}>
              {tier.name}
            </Title>
          </Group>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" aria-label={t('sponsors.attendee.tierList', { tier: tier.name })} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tier.sponsors.map((s) => (
              <SponsorCard key={s.id} eventId={eventId} sponsor={s} cardRef={cardRef(s.id)} />
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
