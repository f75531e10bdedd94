import { CalendarDays, Phone } from 'lucide-react';
import { useMenu } from '../../../lib/menu-query.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import styles from './restaurant-contact.module.css';

/** `tel:` wants the number as dialled: the spaces people write for reading are dropped. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * "Reserve a table" and "Phone number" at the end of the menu, when the restaurant has them (issue 8). Shown
 * once the menu is there, so that it never pushes the dishes down while they load.
 */
export function RestaurantContact() {
  const { t } = useTranslation('common');
  const { shortName, phone, reservationUrl } = useRestaurant();
  const menu = useMenu(shortName);
  const reservation = reservationUrl && isWebUrl(reservationUrl) ? reservationUrl : null;
  if (!menu.isSuccess || (!phone && !reservation)) return null;
  return (
    <address className={styles.contact} data-restaurant-contact="">
      {reservation && (
        <a className={styles.link} href={reservation} target="_blank" rel="noopener">
          <CalendarDays size={20} aria-hidden="true" />
          {t('reserve_table')}
          <span className="visually-hidden"> ({t('opens_in_new_tab')})</span>
        </a>
      )}
      {phone && (
        <a className={styles.link} href={telHref(phone)}>
          <Phone size={20} aria-hidden="true" />
          <span>
            {t('phone_number')}: <span className={styles.number}>{phone}</span>
          </span>
        </a>
      )}
    </address>
  );
}
