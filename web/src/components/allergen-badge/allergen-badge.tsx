import type { AllergenType } from '@tablo/contract/allergens';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import styles from './allergen-badge.module.css';
import badgesUrl from './allergen-badges.svg?no-inline';

type AllergenBadgeProps = {
  type: AllergenType;
  /** Rendered size in px. */
  size?: number;
  /** Beside a visible name (a checkbox label) the badge is decoration, hidden from assistive technology. */
  decorative?: boolean;
};

/**
 * spec §3: a round badge with an outer and an inner colour; VEGAN is a green leaf. Named in the current
 * language for assistive technology (alt), and by a tooltip for pointer users (title).
 *
 * One picture file holds every badge, each a `<view>` of it (allergen-badges.svg, decision record 046): a
 * menu shows a few hundred badges, and as inline SVG each was four elements plus its `<use>`'s copy of the
 * artwork, all parsed, styled and laid out on the phone. Fetched once, kept by the service worker with the
 * app's code. Asked for at low priority: the header's picture stays the page's largest paint.
 */
export function AllergenBadge({ type, size = 24, decorative = false }: AllergenBadgeProps) {
  const { t } = useTranslation('menu');
  const name = decorative ? '' : t(`allergen.${type}`);

  return (
    <img
      className={styles.badge}
      src={`${badgesUrl}#${type}`}
      width={size}
      height={size}
      alt={name}
      title={name || undefined}
      fetchPriority="low"
      data-allergen={type}
    />
  );
}
