import { useTranslation } from 'react-i18next';
import type { TSponsorFiguresQuery } from '@pavilion/domain/sponsors/sponsors.schemas';
import { DownloadMenu } from '../../../ui/download-menu.tsx';

type TProps = {
  /** The sponsor's name, for the compact button's label. */
  name: string;
  download: (format: TSponsorFiguresQuery['format']) => Promise<unknown>;
  /** An icon button (the organiser's sponsor row) instead of a labelled one (My sponsorship). */
  isCompact?: boolean;
};

/** The sponsor's figures per day since it was added, as CSV or XLSX. */
export function FiguresDownload({ name, download, isCompact = false }: TProps) {
  const { t } = useTranslation();
  return (
    <DownloadMenu
      label={isCompact ? t('sponsors.figures.downloadOf', { name }) : t('sponsors.figures.download')}
      csvLabel={t('sponsors.figures.csv')}
      xlsxLabel={t('sponsors.figures.xlsx')}
      download={download}
      isCompact={isCompact}
    />
  );
}
