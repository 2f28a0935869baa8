import { useDocumentTitle } from '@mantine/hooks';

/** "<page> · Pavilion": screen-reader users hear the page change, and tabs and history stay tellable apart. */
export function usePageTitle(title: string | null | undefined): void {
  useDocumentTitle(title ? `${title} · Pavilion` : 'Pavilion');
}
