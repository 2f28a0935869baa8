import { useTranslation } from 'react-i18next';
import { PublicProblem } from './public-states.tsx';

/** Query-string flows (group, international, visitor) without `?eventId=`. */
export function MissingEvent({ kicker }: { kicker: string }) {
  const { t } = useTranslation();
  return <PublicProblem kicker={kicker} message={t('registration.public.missingEvent')} />;
}
