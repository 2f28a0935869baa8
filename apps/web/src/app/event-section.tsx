import { Box, Button, Group, Paper, UnstyledButton } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAccess, type TAccessRule } from './access.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useCurrentEventId } from './selected-event.ts';

/** One tab of an event section: its sub-path ('' = the section's index), label and the code that shows it. */
export type TSectionTab = { readonly path: string; readonly label: string; readonly access: TAccessRule };

/**
 * An event-scoped dashboard section (/app/registration, /app/badges, /app/onsite, ...): the header, the tabs as
 * links (each tab has its URL; only those the caller's codes allow), then the tab. Without a selected event it
 * asks for one. `tabKey` turns a tab's label into its i18n key; `aliases` maps other first path segments to a tab.
 */
export function EventSection(props: {
  base: string;
  tabs: readonly TSectionTab[];
  tabKey: (label: string) => string;
  i18n: { title: string; subtitle: string; sectionsNav: string; noEvent: string; noEventBody: string };
  aliases?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const { base, i18n } = props;
  const segment = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0]! : '';
  const current = props.aliases?.[segment] ?? segment;
  const visible = props.tabs.filter((s) => access.can(s.access));

  if (!eventId) {
    return (
      <>
        <PageHeader title={t(i18n.title)} />
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t(i18n.noEvent)}
            description={t(i18n.noEventBody)}
            action={
              <Button component={Link} to="/list/events" variant="light">
                {t('dashboard.goToEvents')}
              </Button>
            }
          />
        </Paper>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t(i18n.title)} description={t(i18n.subtitle)} />
      <Box component="nav" aria-label={t(i18n.sectionsNav)} mb="lg" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {/* The tabs wrap onto a second row rather than scroll: at any width every tab is in sight (issue 19). */}
        <Group gap={4} wrap="wrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0, rowGap: 0 }}>
          {visible.map((s) => {
            const isActive = s.path === current;
            return (
              <li key={s.path}>
                <UnstyledButton
                  component={Link}
                  to={s.path ? `${base}/${s.path}` : base}
                  aria-current={isActive ? 'page' : undefined}
                  px={{ base: 'sm', sm: 'md' }}
                  py={10}
                  style={{
                    display: 'block',
                    whiteSpace: 'nowrap',
                    fontWeight: isActive ? 700 : 500,
                    fontSize: 'var(--mantine-font-size-sm)',
                    color: isActive ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-8)',
                    borderBottom: `3px solid ${isActive ? 'var(--mantine-color-brand-7)' : 'transparent'}`,
                    marginBottom: -1,
                  }}
                >
                  {t(props.tabKey(s.label))}
                </UnstyledButton>
              </li>
            );
          })}
        </Group>
      </Box>
      <Outlet />
    </>
  );
}
