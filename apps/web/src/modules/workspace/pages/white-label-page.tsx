import type { ReactNode } from 'react';
import { Alert, Paper, Skeleton, Tabs, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconUsersGroup, IconWorldPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WHITE_LABEL_TYPES, type TWhiteLabelType } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { WhiteLabelForm } from '../components/white-label-form.tsx';
import { useWhiteLabels } from '../hooks/use-workspace.ts';

const ICONS: Record<TWhiteLabelType, ReactNode> = {
  company: <IconBuildingSkyscraper size={16} aria-hidden />,
  companyTeam: <IconUsersGroup size={16} aria-hidden />,
  orgTeam: <IconWorldPin size={16} aria-hidden />,
};

/** `/app/white-label`: branding, domain and login page of the three white-label types. */
export function WhiteLabelPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const labels = useWhiteLabels();
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: TWhiteLabelType = (WHITE_LABEL_TYPES as readonly string[]).includes(raw ?? '') ? (raw as TWhiteLabelType) : 'company';
  usePageTitle(t('whiteLabel.title'));
  const isReadOnly = !can('AP-831');

  return (
    <>
      <PageHeader title={t('whiteLabel.title')} description={t('whiteLabel.subtitle')} />
      {isReadOnly && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('whiteLabel.readOnly')}
        </Text>
      )}
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs value={type} onChange={(v) => v && setParams({ type: v }, { replace: true })} keepMounted={false}>
          <Tabs.List mb="lg">
            {WHITE_LABEL_TYPES.map((wl) => (
              <Tabs.Tab key={wl} value={wl} leftSection={ICONS[wl]}>
                {t(`whiteLabel.types.${wl}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {WHITE_LABEL_TYPES.map((wl) => (
            <Tabs.Panel key={wl} value={wl}>
              <Text size="sm" c="dimmed" mb="md">
                {t(`whiteLabel.typeHints.${wl}`)}
              </Text>
              {labels.isPending && <Skeleton h={360} />}
              {labels.isError && (
                <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                  {errorMessage(labels.error, t)}
                </Alert>
              )}
              {labels.data && <WhiteLabelForm key={wl} type={wl} saved={labels.data.find((w) => w.type === wl)} isReadOnly={isReadOnly} />}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
