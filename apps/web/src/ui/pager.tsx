import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PAGER_WINDOW, pagerWindow } from '@pavilion/domain';
import { useTranslation } from 'react-i18next';

export type TPagerLabels = { nav: string; previous: string; next: string; page: (n: number) => string; summary?: string };

/** SPEC §9 pager: a window of up to 6 page buttons around the current page, plus previous / next. */
export function Pager({
  page,
  totalPages,
  onChange,
  labels,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  labels: TPagerLabels;
}) {
  if (totalPages <= 1) return labels.summary ? <Text size="sm" c="dimmed">{labels.summary}</Text> : null;
  const pages = pagerWindow(page, totalPages, PAGER_WINDOW);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {labels.summary ? <Text size="sm" c="dimmed">{labels.summary}</Text> : <span />}
      <nav aria-label={labels.nav}>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={labels.previous} disabled={page <= 1} onClick={() => onChange(page - 1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          {pages.map((p) => (
            <Button
              key={p}
              size="compact-md"
              h={34}
              miw={34}
              px={8}
              variant={p === page ? 'filled' : 'default'}
              aria-label={labels.page(p)}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p)}
            >
              {p}
            </Button>
          ))}
          <ActionIcon variant="default" size="lg" aria-label={labels.next} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </nav>
    </Group>
  );
}

/**
 * The pager under a paged list (`{ items, total, page, pageSize }`): page count, the "showing x–y of n" summary and
 * the labels come from the page itself and the app's `pager.*` strings.
 */
export function ListPager({ data, onChange }: { data: { page: number; pageSize: number; total: number }; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (data.total <= 0) return null;
  return (
    <Pager
      page={data.page}
      totalPages={Math.max(1, Math.ceil(data.total / data.pageSize))}
      onChange={onChange}
      labels={{
        nav: t('pager.label'),
        previous: t('pager.previous'),
        next: t('pager.next'),
        page: (n) => t('pager.page', { page: n }),
        summary: t('pager.summary', { from: (data.page - 1) * data.pageSize + 1, to: Math.min(data.total, data.page * data.pageSize), total: data.total }),
      }}
    />
  );
}
