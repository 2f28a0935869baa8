import { useEffect } from 'react';
import { Avatar, Badge, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isReadableWithWhite } from '../../../../ui/color.ts';
import type { TScanOutcome } from '../../hooks/use-scanner-engine.ts';

export const RESULT_VISIBLE_MS = { accepted: 3500, refused: 5000 } as const;

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/**
 * The verdict, full screen: green (admitted / checked out) or red (refused, with the reason), the person's name,
 * photo (initials when none), category in its colour and ticket. It clears itself after a few seconds or on a tap,
 * and the page announces it through its aria-live region (see ScannerPage).
 */
export function ScanResultOverlay({ outcome, onDismiss }: { outcome: TScanOutcome; onDismiss: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, outcome.isAccepted ? RESULT_VISIBLE_MS.accepted : RESULT_VISIBLE_MS.refused);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [outcome, onDismiss]);

  const a = outcome.attendee;
  const bg = outcome.isAccepted ? 'var(--mantine-color-green-9)' : 'var(--mantine-color-red-9)';
  const colour = a?.categoryColour ?? null;
  const label = t(`checkin.results.${outcome.result}`, { defaultValue: outcome.label });

  return (
    <UnstyledButton
      onClick={onDismiss}
      data-testid="scan-result"
      data-result={outcome.result}
      aria-label={t('checkin.scanner.dismissResult')}
      style={{ position: 'fixed', inset: 0, zIndex: 3000, background: bg, color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}
    >
      <Stack align="center" gap="md" maw={520} ta="center">
        {outcome.isAccepted ? <IconCircleCheckFilled size={112} aria-hidden /> : <IconCircleXFilled size={112} aria-hidden />}
        <Title order={2} fz={{ base: 40, sm: 56 }} lh={1.1} c="white">
          {label}
        </Title>
        {a && (
          <>
            <Avatar src={a.photoUrl ?? undefined} alt="" data-testid="scan-result-photo" size={120} radius={120} color="white" variant="filled" styles={{ placeholder: { color: 'var(--mantine-color-gray-9)', fontSize: 40 } }}>
              {initials(a.firstName, a.lastName)}
            </Avatar>
            <Text fz={{ base: 28, sm: 34 }} fw={700} lh={1.2} data-testid="scan-result-name">
              {a.firstName} {a.lastName}
            </Text>
            <Group gap="xs" justify="center">
              {a.categoryName && (
                <Badge
                  size="xl"
                  radius="sm"
                  styles={{ root: { background: colour ?? '#fff', color: colour && isReadableWithWhite(colour) ? '#fff' : '#1a1b1e', border: '2px solid #fff', textTransform: 'none' } }}
                >
                  {a.categoryName}
                </Badge>
              )}
              {a.ticketName && (
                <Badge size="xl" radius="sm" variant="white" color="dark" styles={{ root: { textTransform: 'none' } }}>
                  {a.ticketName}
                </Badge>
              )}
            </Group>
            {a.registrationNo && <Text fz="lg">{t('checkin.scanner.registrationNo', { no: a.registrationNo })}</Text>}
          </>
        )}
        {outcome.warning === 'capacity_reached' && (
          <Box bg="rgba(0,0,0,0.35)" px="md" py={6} style={{ borderRadius: 8 }}>
            <Text fw={700}>{t('checkin.scanner.capacityReached')}</Text>
          </Box>
        )}
        <Group gap={6} justify="center">
          {outcome.isOffline && <IconCloudOff size={18} aria-hidden />}
          <Text fz="md">
            {outcome.areaName}
            {outcome.isOffline ? ` · ${t('checkin.scanner.decidedOffline')}` : ''}
          </Text>
        </Group>
        <Text fz="sm" opacity={0.9}>
          {t('checkin.scanner.tapToContinue')}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
