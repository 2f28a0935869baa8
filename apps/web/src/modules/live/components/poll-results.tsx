import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLivePoll } from '@pavilion/domain/live/live.schemas';

/** A poll's counts as labelled bars (each bar's text says the count and share, for screen readers too). */
export function PollResults({ poll, myVote }: { poll: TLivePoll; myVote?: number | null }) {
  const { t } = useTranslation();
  const percent = (votes: number) => (poll.totalVotes === 0 ? 0 : Math.round((votes / poll.totalVotes) * 100));
  return (
    <Stack gap="xs" data-testid="poll-results">
      {poll.options.map((o, i) => (
        <Stack key={i} gap={2}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={myVote === i ? 700 : 500}>
              {o.label}
              {myVote === i ? ` (${t('live.poll.yours')})` : ''}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="poll-option-count">
              {o.votes} · {percent(o.votes)} %
            </Text>
          </Group>
          <Progress value={percent(o.votes)} size="lg" radius="sm" aria-label={t('live.poll.option', { label: o.label, votes: o.votes, percent: percent(o.votes) })} color={myVote === i ? 'teal' : 'blue'} />
        </Stack>
      ))}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('live.poll.total', { count: poll.totalVotes })}
        </Text>
        <Badge size="xs" color={poll.status === 'live' ? 'teal.9' : 'gray.7'}>
          {t(`live.poll.${poll.status}`)}
        </Badge>
      </Group>
    </Stack>
  );
}
