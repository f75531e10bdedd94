import { MAX_NOTE_LENGTH, MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { Minus, Plus, Split, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import type { CartViewLine } from '../hooks/use-cart-view.ts';
import type { CartActions } from '../state/cart-store.ts';
import styles from './ordering.module.css';

const PROBLEM_TEXTS = {
  sold_out: 'sold_out_line',
  unavailable: 'unavailable_line',
  option_sold_out: 'choices:option_sold_out_line',
  option_unavailable: 'choices:option_unavailable_line',
} as const;

type CartLineEditorProps = {
  line: CartViewLine;
  actions: CartActions;
  /** A line just split off: its note field takes the focus. */
  focusNote: boolean;
  onSplit: (newLineId: number) => void;
};

/**
 * One cart line (a dish with its note): quantity stepper, remove, the note, and "a different note for one"
 * when it holds several; flagged when it cannot be ordered.
 */
export function CartLineEditor({ line, actions, focusNote, onSplit }: CartLineEditorProps) {
  const { t } = useTranslation(['orders', 'choices']);
  const { language } = useLanguage();
  const noteId = useId();
  const noteInput = useRef<HTMLInputElement>(null);
  const title = line.title;
  useEffect(() => {
    if (focusNote) noteInput.current?.focus();
  }, [focusNote]);
  return (
    <li
      className={`${styles.line} ${line.problem ? styles.lineProblem : ''}`}
      data-cart-line={line.menuItemId}
      data-cart-line-id={line.id}
    >
      <div className={styles.lineHead}>
        <p className={styles.lineTitle}>{title}</p>
        <p className={styles.lineTotal}>{formatPrice(line.lineTotal, language)}</p>
      </div>
      <ChoiceLines choices={line.shownChoices} language={language} />
      <p className={styles.muted}>
        {t('common:per_piece', { price: formatPrice(line.unitPrice, language) })}
      </p>
      {line.problem && <p className={styles.problem}>{t(PROBLEM_TEXTS[line.problem])}</p>}
      <div className={styles.lineControls}>
        <fieldset className={styles.stepper} aria-label={t('quantity_of', { title })}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('decrease', { title })}
            disabled={line.quantity <= 1}
            onClick={() => actions.setQuantity(line.id, line.quantity - 1)}
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
            onClick={() => actions.setQuantity(line.id, line.quantity + 1)}
          >
            <Plus size={18} aria-hidden="true" />
          </button>
        </fieldset>
        <button
          type="button"
          className={styles.removeButton}
          aria-label={t('remove_item', { title })}
          onClick={() => actions.remove(line.id)}
        >
          <Trash2 size={18} aria-hidden="true" />
          <span aria-hidden="true">{t('remove')}</span>
        </button>
      </div>
      <label className={styles.lineNoteLabel} htmlFor={noteId}>
        {t('line_note_label', { title })}
      </label>
      <input
        ref={noteInput}
        id={noteId}
        className={styles.input}
        type="text"
        value={line.note}
        maxLength={MAX_NOTE_LENGTH}
        placeholder={t('line_note_placeholder')}
        onChange={(event) => actions.setLineNote(line.id, event.target.value)}
      />
      {line.quantity > 1 && (
        <button
          type="button"
          className={styles.splitButton}
          // WCAG 2.5.3: the name begins with the visible words.
          aria-label={`${t('split_unit')}: ${title}`}
          onClick={() => {
            const newLineId = actions.splitOne(line.id);
            if (newLineId !== null) onSplit(newLineId);
          }}
        >
          <Split size={16} aria-hidden="true" />
          {t('split_unit')}
        </button>
      )}
    </li>
  );
}
