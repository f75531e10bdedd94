import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { FullScreenMessage, fullScreenActionClass } from './full-screen-message.tsx';

/** spec §2, §8: restaurant not found or not enabled → full-screen common.restaurant_not_found. */
export function RestaurantNotFound() {
  const { t } = useTranslation('common');
  const { lang } = useParams();
  return (
    <FullScreenMessage
      icon={<SearchX size={48} aria-hidden="true" />}
      title={t('restaurant_not_found')}
      details={t('restaurant_not_found_details')}
      action={
        <Link className={fullScreenActionClass} to={`/${lang ?? 'hu'}`}>
          {t('go_home')}
        </Link>
      }
    />
  );
}
