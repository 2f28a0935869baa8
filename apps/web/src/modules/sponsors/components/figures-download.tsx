import { useState } from 'react';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSponsorFiguresQuery } from '@pavilion/domain/sponsors/sponsors.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';

type TProps = {
  /** The sponsor's name, for the compact button's label. */
  name: string;
  download: (format: TSponsorFiguresQuery['format']) => Promise<unknown>;
  /** An icon button (the organiser's sponsor row) instead of a labelled one (My sponsorship). */
  isCompact?: boolean;
};

/** The sponsor's figures per day since it was added, as CSV or XLSX: a menu of the two files. */
export function FiguresDownload({ name, download, isCompact = false }: TProps) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const run = (format: TSponsorFiguresQuery['format']) => {
    setBusy(true);
    download(format)
      .catch((err: unknown) => toast(errorMessage(err, t), 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {isCompact ? (
          <ActionIcon variant="subtle" aria-label={t('sponsors.figures.downloadOf', { name })} loading={isBusy}>
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} loading={isBusy}>
            {t('sponsors.figures.download')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>{t('sponsors.figures.csv')}</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>{t('sponsors.figures.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
