import '../../organiser-i18n.ts';
import { Box, Button, Group, Paper, ScrollArea, UnstyledButton } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAccess, type TAccessRule } from '../../../../app/access.ts';
import { EmptyState } from '../../../../ui/empty-state.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { useCurrentEventId } from '../../../dashboard/hooks/use-select-event.ts';

/** The tabs of /app/onsite and the view code (API.md) each needs; a tab shows only to holders. */
export const ONSITE_SECTIONS: readonly { path: string; label: string; access: TAccessRule }[] = [
  { path: '', label: 'areas', access: 'AP-261' },
  { path: 'devices', label: 'devices', access: 'AP-270' },
  { path: 'attendance', label: 'attendance', access: ['AP-292', 'AP-288'] },
  { path: 'conflicts', label: 'conflicts', access: 'AP-288' },
  { path: 'footfall', label: 'footfall', access: ['AP-297', 'AP-299'] },
];

/** Access rule of the Onsite check-in menu entry and of /app/onsite: any of its tabs. */
export const ONSITE_MENU_ACCESS: TAccessRule = ['AP-261', 'AP-270', 'AP-292', 'AP-288', 'AP-297', 'AP-299'];

/** /app/onsite/*: the header, the tabs (links, so each has its URL) and the tab. */
export function OnsiteSection() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const base = '/app/onsite';
  const current = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : '';
  const visible = ONSITE_SECTIONS.filter((s) => access.can(s.access));

  if (!eventId) {
    return (
      <>
        <PageHeader title={t('checkin.org.title')} />
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('checkin.org.noEvent')}
            description={t('checkin.org.noEventBody')}
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
      <PageHeader title={t('checkin.org.title')} description={t('checkin.org.subtitle')} />
      <Box component="nav" aria-label={t('checkin.org.sectionsNav')} mb="lg" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
          <Group gap={4} wrap="nowrap" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visible.map((s) => {
              const isActive = s.path === current;
              return (
                <li key={s.path}>
                  <UnstyledButton
                    component={Link}
                    to={s.path ? `${base}/${s.path}` : base}
                    aria-current={isActive ? 'page' : undefined}
                    px="md"
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
                    {t(`checkin.org.tabs.${s.label}`)}
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        </ScrollArea>
      </Box>
      <Outlet />
    </>
  );
}
