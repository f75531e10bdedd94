import { MAX_NOTE_LENGTH, type Order, type TableOrdersResponse } from '@tablo/contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { routes } from '../../../config/routes.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { formatPrice } from '../../../lib/format-price.ts';
import { menuOptionsQueryKey } from '../../../lib/menu-options-query.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { useOnline } from '../../../lib/offline-status.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { notify } from '../../../lib/toast.ts';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { useLanguage } from '../../../providers/language.tsx';
import { placeOrder } from '../api/place-order.ts';
import { tableOrdersQueryKey } from '../api/table-orders.ts';
import type { CartView } from '../hooks/use-cart-view.ts';
import { upsertOrder } from '../hooks/use-table-live.ts';
import { orderLines } from '../state/cart-lines.ts';
import { useOrdering } from '../state/ordering-context.ts';
import { taggedText } from '../utils/tagged-text.tsx';
import { CartLineEditor } from './cart-line-editor.tsx';
import styles from './ordering.module.css';
import { useServerMessage } from './ordering-notice.tsx';

type CartDialogProps = { view: CartView; onClose: () => void; onPlaced: (order: Order) => void };

/** The cart, then the confirmation with the specification's terms text (§5), then one placed order. */
export function CartDialog({ view, onClose, onPlaced }: CartDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const ordering = useOrdering();
  const queryClient = useQueryClient();
  const serverMessage = useServerMessage();
  const dialog = useModalDialog(onClose);
  const titleId = useId();
  const noteId = useId();
  const [step, setStep] = useState<'cart' | 'confirm'>('cart');
  const [placing, setPlacing] = useState(false);
  const [needsNetwork, setNeedsNetwork] = useState(false);
  const [splitLine, setSplitLine] = useState<number | null>(null);
  const online = useOnline();
  const placingRef = useRef(false);
  const { cart, actions, lines } = view;
  const empty = lines.length === 0;

  function goTo(next: 'cart' | 'confirm') {
    setStep(next);
    // The new step's heading takes focus, so screen readers hear where they are.
    requestAnimationFrame(() => document.getElementById(titleId)?.focus());
  }

  async function place() {
    if (placingRef.current || view.blocked || empty || ordering.sessionId === null) return;
    // Without a network nothing is sent; the cart and its idempotency key stay as they are (decision 025).
    if (!navigator.onLine) {
      setNeedsNetwork(true);
      return;
    }
    setNeedsNetwork(false);
    placingRef.current = true;
    setPlacing(true);
    const result = await placeOrder(
      {
        sessionId: ordering.sessionId,
        tableId: ordering.tableId,
        note: cart.note.trim(),
        items: orderLines(cart.lines),
      },
      cart.idempotencyKey,
      { language },
    );
    placingRef.current = false;
    setPlacing(false);
    if (result.ok) {
      // spec §8: "Order placed".
      notify.success(t('order_placed'), { id: `order-placed-${result.data.id}` });
      queryClient.setQueryData<TableOrdersResponse>(
        tableOrdersQueryKey(ordering.tableId, ordering.sessionId),
        (data) => upsertOrder(data, result.data),
      );
      actions.reset();
      onPlaced(result.data);
      return;
    }
    // The connection dropped: the same key is sent again on the next tap, so an order that did reach the
    // server is answered with itself, not placed twice.
    if (result.status === 0) {
      setNeedsNetwork(true);
      return;
    }
    notify.error(serverMessage(result.message));
    // A dish or a choice sold out meanwhile: the fresh menu and options flag its line.
    if (result.status === 409 || result.status === 422) {
      void queryClient.invalidateQueries({ queryKey: menuQueryKey(ordering.shortName) });
      void queryClient.invalidateQueries({ queryKey: menuOptionsQueryKey(ordering.shortName) });
      // Outside the opening hours (issue 28): hours saved meanwhile reach the page's notice.
      void queryClient.invalidateQueries({ queryKey: ['restaurant', ordering.shortName] });
    }
  }

  const privacyUrl = `${appConfig().adminUrl.replace(/\/+$/, '')}/privacy?lang=${encodeURIComponent(language)}`;

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId}>
      <div className={styles.dialogContent}>
        <div className={styles.dialogHeader}>
          <h2 id={titleId} className={styles.dialogTitle} tabIndex={-1}>
            {step === 'cart' ? t('cart_title') : t('confirmation_title')}
          </h2>
          <button type="button" className={styles.iconButton} aria-label={t('close')} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>

        {empty ? (
          <div className={styles.empty}>
            <ShoppingBag size={40} aria-hidden="true" />
            {/* spec §4: the empty cart state. */}
            <p>{t('empty_cart')}</p>
            <button type="button" className={styles.primaryButton} onClick={onClose}>
              {t('browse_menu')}
            </button>
          </div>
        ) : step === 'cart' ? (
          <>
            <ul className={styles.lines} aria-label={t('cart_title')}>
              {lines.map((line) => (
                <CartLineEditor
                  key={line.id}
                  line={line}
                  actions={actions}
                  focusNote={line.id === splitLine}
                  onSplit={setSplitLine}
                />
              ))}
            </ul>
            <label className={styles.fieldLabel} htmlFor={noteId}>
              {t('note_label')}
            </label>
            <textarea
              id={noteId}
              className={styles.input}
              rows={2}
              value={cart.note}
              maxLength={MAX_NOTE_LENGTH}
              placeholder={t('note_placeholder')}
              onChange={(event) => actions.setNote(event.target.value)}
            />
            <p className={styles.totalRow}>
              <span>{t('total')}</span>
              <span data-cart-total="">{formatPrice(view.total, language)}</span>
            </p>
            {view.blocked && view.menuLoaded && (
              <p className={styles.problem} role="alert">
                {t('blocked')}
              </p>
            )}
            <button
              type="button"
              className={styles.primaryButton}
              disabled={view.blocked}
              onClick={() => goTo('confirm')}
            >
              {t('continue')}
            </button>
          </>
        ) : (
          <>
            <ul className={styles.summary} aria-label={t('confirmation_title')}>
              {lines.map((line) => (
                <li key={line.id} className={styles.summaryLine}>
                  <span>
                    {line.quantity} × {line.title}
                    {line.note && <span className={styles.muted}> — {line.note}</span>}
                    <ChoiceLines choices={line.shownChoices} language={language} />
                  </span>
                  <span>{formatPrice(line.lineTotal, language)}</span>
                </li>
              ))}
            </ul>
            {cart.note.trim() && (
              <p className={styles.muted}>{t('order_note', { note: cart.note.trim() })}</p>
            )}
            <p className={styles.totalRow}>
              <span>{t('total')}</span>
              <span>{formatPrice(view.total, language)}</span>
            </p>
            {view.blocked && (
              <p className={styles.problem} role="alert">
                {t('blocked')}
              </p>
            )}
            {needsNetwork && (
              <p
                className={styles.problem}
                role="alert"
                data-needs-network={online ? 'back-online' : 'offline'}
              >
                {online ? t('back_online') : t('needs_network')}
              </p>
            )}
            {/* spec §5: placing an order means accepting the terms of use and the privacy policy (linked). */}
            <p className={styles.terms}>
              {taggedText(t('accept_terms'), {
                terms: (text) => (
                  <Link to={routes.terms(ordering.shortName, ordering.tableId, language)}>{text}</Link>
                ),
                privacy: (text) => (
                  <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
                    {text}
                  </a>
                ),
              })}
            </p>
            <div className={styles.dialogActions}>
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={() => goTo('cart')}
                disabled={placing}
              >
                {t('back_to_cart')}
              </button>
              <button
                type="button"
                className={styles.primaryButton}
                onClick={place}
                disabled={placing || view.blocked}
                aria-busy={placing}
              >
                {placing ? t('placing') : t('place_order')}
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
