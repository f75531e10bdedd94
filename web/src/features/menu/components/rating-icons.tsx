import ThumbsDown from 'lucide-react/icons/thumbs-down';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { SvgSprite } from '../../../components/svg-sprite/svg-sprite.tsx';
import styles from './rating.module.css';

const SYMBOLS = { like: 'rating-icon-like', dislike: 'rating-icon-dislike' } as const;

/**
 * The two rating pictures, drawn once per menu screen: every dish's counts and buttons `<use>` them (two
 * inline icons per dish were 114 SVGs and 228 paths on the demo menu, for the phone to parse and lay out
 * before the first paint — as the allergen badges' sprite, decision record 036).
 */
export function RatingIconSprite() {
  return (
    <SvgSprite>
      <symbol id={SYMBOLS.like} viewBox="0 0 24 24">
        <ThumbsUp />
      </symbol>
      <symbol id={SYMBOLS.dislike} viewBox="0 0 24 24">
        <ThumbsDown />
      </symbol>
    </SvgSprite>
  );
}

/** A rating picture from the sprite; decorative (the count or the button carries the words). */
export function RatingIcon({ kind }: { kind: keyof typeof SYMBOLS }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`#${SYMBOLS[kind]}`} />
    </svg>
  );
}
