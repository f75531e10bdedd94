import { MAX_NOTE_LENGTH, MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useLanguage } from '../../../app/providers/language.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { CartViewLine } from '../hooks/use-cart-view.ts';
import type { CartActions } from '../state/cart-store.ts';
import styles from './ordering.module.css';

/** One cart line: quantity stepper, remove, an optional note; flagged when it cannot be ordered. */
export function CartLineEditor({ line, actions }: { line: CartViewLine; actions: CartActions }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const noteId = useId();
  const title = line.title;
  return (
    <li
      className={`${styles.line} ${line.problem ? styles.lineProblem : ''}`}
      data-cart-line={line.menuItemId}
    >
      <div className={styles.lineHead}>
        <p className={styles.lineTitle}>{title}</p>
        <p className={styles.lineTotal}>{formatPrice(line.lineTotal, language)}</p>
      </div>
      <p className={styles.muted}>
        {t('common:per_piece', { price: formatPrice(line.unitPrice, language) })}
      </p>
      {line.problem && (
        <p className={styles.problem}>
          {t(line.problem === 'sold_out' ? 'sold_out_line' : 'unavailable_line')}
        </p>
      )}
      <div className={styles.lineControls}>
        <fieldset className={styles.stepper} aria-label={t('quantity_of', { title })}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('decrease', { title })}
            disabled={line.quantity <= 1}
            onClick={() => actions.setQuantity(line.menuItemId, line.quantity - 1)}
          >
            <Minus size={18} aria-hidden="true" />
          </button>
          <output className={styles.quantity} aria-live="polite">
            {line.quantity}
          </output>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('increase', { title })}
            disabled={line.quantity >= MAX_QUANTITY_PER_LINE}
            onClick={() => actions.setQuantity(line.menuItemId, line.quantity + 1)}
          >
            <Plus size={18} aria-hidden="true" />
          </button>
        </fieldset>
        <button
          type="button"
          className={styles.removeButton}
          aria-label={t('remove_item', { title })}
          onClick={() => actions.remove(line.menuItemId)}
        >
          <Trash2 size={18} aria-hidden="true" />
          <span aria-hidden="true">{t('remove')}</span>
        </button>
      </div>
      <label className={styles.lineNoteLabel} htmlFor={noteId}>
        {t('line_note_label', { title })}
      </label>
      <input
        id={noteId}
        className={styles.input}
        type="text"
        value={line.note}
        maxLength={MAX_NOTE_LENGTH}
        placeholder={t('line_note_placeholder')}
        onChange={(event) => actions.setLineNote(line.menuItemId, event.target.value)}
      />
    </li>
  );
}
