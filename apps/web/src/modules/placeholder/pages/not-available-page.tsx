import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import type { TDashboardResource } from '../../../app/locales/en-dashboard.ts';
import { useIsLoggedIn } from '../../../app/session-storage.ts';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';
import { NotAvailable } from '../../../ui/not-available.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';

export type TFeatureKey = keyof TDashboardResource['features'];

function NotAvailableBody({ feature, isInShell }: { feature: TFeatureKey; isInShell: boolean }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const name = t(`features.${feature}`);
  usePageTitle(name);
  return (
    <NotAvailable
      isFramed={isInShell}
      badge={t('notAvailable.badge')}
      title={t('notAvailable.title', { feature: name })}
      body={t('notAvailable.body', { feature: name })}
      actions={
        isInShell || isLoggedIn ? (
          <Button component={Link} to={homeForCurrentUser()} variant="light">
            {t('notAvailable.backToEvents')}
          </Button>
        ) : (
          <Button component={Link} to="/" variant="light">
            {t('notAvailable.home')}
          </Button>
        )
      }
    />
  );
}

/**
 * A registered route whose feature ships in a later issue. Public routes get the centred public layout;
 * dashboard routes (`isInShell`) render inside the organiser shell.
 */
export function NotAvailablePage({ feature, isInShell = false }: { feature: TFeatureKey; isInShell?: boolean }) {
  const { t } = useTranslation();
  if (isInShell) return <NotAvailableBody feature={feature} isInShell />;
  return (
    <CenteredLayout width={680} footer={t('app.footer')}>
      <NotAvailableBody feature={feature} isInShell={false} />
    </CenteredLayout>
  );
}
