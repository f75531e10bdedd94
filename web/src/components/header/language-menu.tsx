import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../providers/language.tsx';
import styles from './language-menu.module.css';

/** spec §1, §2: the language picker; it shows the first entry (hu) when the language is unknown. */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const { language, changeLanguage } = useLanguage();
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];
  const code = current.code.toUpperCase();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openList() {
    setActive(
      Math.max(
        LANGUAGES.findIndex((l) => l.code === current.code),
        0,
      ),
    );
    setOpen(true);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function choose(code: LanguageCode) {
    close();
    if (code !== language) changeLanguage(code);
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  }

  function onListKeyDown(event: KeyboardEvent) {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.min(Math.max(moves[event.key] ?? 0, 0), last));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const chosen = LANGUAGES[active];
      if (chosen) choose(chosen.code);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    }
  }

  return (
    <div ref={root} className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        // WCAG 2.5.3 (label in name): the name begins with what the button shows.
        aria-label={`${code} – ${t('language')}: ${current.label}`}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <Globe size={18} aria-hidden="true" />
        <span className={styles.code}>{code}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={list}
          id={`${id}-list`}
          role="listbox"
          tabIndex={-1}
          aria-label={t('language')}
          aria-activedescendant={`${id}-${active}`}
          className={styles.list}
          onKeyDown={onListKeyDown}
        >
          {LANGUAGES.map((l, index) => (
            <div
              key={l.code}
              id={`${id}-${index}`}
              role="option"
              tabIndex={-1}
              lang={l.bcp47}
              aria-selected={l.code === current.code}
              data-active={index === active || undefined}
              className={styles.option}
              onClick={() => choose(l.code)}
              onKeyDown={onListKeyDown}
              onPointerMove={() => setActive(index)}
            >
              <span>{l.label}</span>
              {l.code === current.code ? <Check size={16} aria-hidden="true" /> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
