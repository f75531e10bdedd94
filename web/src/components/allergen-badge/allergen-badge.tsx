import type { AllergenType } from '@tablo/contract/allergens';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import styles from './allergen-badge.module.css';

/** Each badge's picture file by allergen, as the build names it (hashed, never inlined into the code). */
const BADGE_FILES = import.meta.glob<string>('./badges/*.webp', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

/** The address of an allergen's badge picture. */
export function badgeUrl(type: AllergenType): string {
  const url = BADGE_FILES[`./badges/${type}.webp`];
  if (url === undefined) throw new Error(`no badge picture for ${type}`);
  return url;
}

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
 * Each badge is a small bitmap of its own (badges/<TYPE>.webp, decision records 048 and 049): a menu shows a
 * few hundred badges, and as inline SVG each was four elements plus its `<use>`'s copy of the artwork, all
 * parsed, styled and laid out on the phone; as views of one shared SVG picture (decision 046) each paint drew
 * the whole picture again; as an SVG file each (048) each file was a document of its own to build. Fetched once
 * each, kept by the service worker with the app's code. Asked for at low priority: the header's picture stays
 * the page's largest paint.
 */
export function AllergenBadge({ type, size = 24, decorative = false }: AllergenBadgeProps) {
  const { t } = useTranslation('menu');
  const name = decorative ? '' : t(`allergen.${type}`);

  return (
    <img
      className={styles.badge}
      src={badgeUrl(type)}
      width={size}
      height={size}
      alt={name}
      title={name || undefined}
      fetchPriority="low"
      data-allergen={type}
    />
  );
}
