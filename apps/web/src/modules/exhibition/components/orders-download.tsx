import '../exhibition-i18n.ts';
import { useTranslation } from 'react-i18next';
import type { TProductOrderExportQuery } from '@pavilion/domain/exhibition/product-orders';
import { DownloadMenu } from '../../../ui/download-menu.tsx';

type TProps = {
  /** The menu's button label (what is downloaded: the event's orders, a company's, the caller's company's). */
  label: string;
  download: (format: TProductOrderExportQuery['format']) => Promise<unknown>;
  /** An icon button (a section header) instead of a labelled one. */
  isCompact?: boolean;
  /** The labelled button's size: `sm` beside a toolbar's other buttons. */
  size?: 'xs' | 'sm';
};

/** Product orders as CSV or XLSX. */
export function OrdersDownload({ label, download, isCompact = false, size = 'xs' }: TProps) {
  const { t } = useTranslation();
  return <DownloadMenu label={label} csvLabel={t('exhibition.orders.export.csv')} xlsxLabel={t('exhibition.orders.export.xlsx')} download={download} isCompact={isCompact} size={size} />;
}
