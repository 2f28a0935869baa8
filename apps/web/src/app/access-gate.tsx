import type { ReactNode } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconBuildingStore, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { EmptyState } from '../ui/empty-state.tsx';
import { FullPageLoader } from '../ui/full-page-loader.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';
import { CompanyPortal } from '../modules/workspace/index.ts';
import { useAccess, type TAccessRule } from './access.ts';
import { isParticipant, isPortalUser, PARTICIPANT_HOME } from './guards.tsx';
import { sessionStore } from './session-storage.ts';

/** The friendly answer to a page the user's role does not reach (the server would answer 403 anyway). */
export function NoAccess({ isEmptyRole = false }: { isEmptyRole?: boolean }) {
  const { t } = useTranslation();
  const user = sessionStore.getAuth()?.userData;
  // Users of an exhibiting company or a service provider have no organisation role: theirs is a portal.
  const isPortal = isEmptyRole && isPortalUser(user);
  // Participants (attendees, exhibitors, speakers ...) have no dashboard at all: their home says what works today.
  const isParticipantHere = isEmptyRole && isParticipant(user);
  usePageTitle(isPortal ? t('access.companyTitle') : t('access.deniedTitle'));
  if (isParticipantHere) return <Navigate to={PARTICIPANT_HOME} replace />;
  if (isPortal) {
    return (
      <CompanyPortal
        fallback={
          <Paper withBorder shadow="xs">
            <EmptyState icon={<IconBuildingStore size={32} />} title={t('access.companyTitle')} description={t('access.companyBody')} headingLevel={2} />
          </Paper>
        }
      />
    );
  }
  return (
    <Paper withBorder shadow="xs">
      <EmptyState
        icon={<IconLock size={32} />}
        title={isEmptyRole ? t('access.emptyRoleTitle') : t('access.deniedTitle')}
        description={isEmptyRole ? t('access.emptyRoleBody') : t('access.deniedBody')}
        headingLevel={2}
        action={
          isEmptyRole ? undefined : (
            <Button component={Link} to="/list/events" variant="light">
              {t('notAvailable.backToEvents')}
            </Button>
          )
        }
      />
    </Paper>
  );
}

/**
 * Route element: renders the page (its <Outlet/> or `children`) only when the user holds `rule`. Used in the route
 * table so a typed URL shows the same friendly state as a hidden menu entry.
 */
export function AccessGate({ rule, children }: { rule: TAccessRule; children?: ReactNode }) {
  const { t } = useTranslation();
  const access = useAccess();
  if (access.isPending) return <FullPageLoader label={t('app.loading')} />;
  if (!access.can(rule)) return <NoAccess isEmptyRole={!access.isError && access.codes.size === 0} />;
  return children ?? <Outlet />;
}

/** Renders `children` only when the user holds `rule` (menu entries, tabs, action buttons). */
export function Can({ rule, children, fallback = null }: { rule: TAccessRule; children: ReactNode; fallback?: ReactNode }) {
  const access = useAccess();
  return access.can(rule) ? children : fallback;
}
