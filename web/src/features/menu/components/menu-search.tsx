import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-search.module.css';

type MenuSearchProps = {
  value: string;
  onChange: (value: string) => void;
  /** Focus the field when its dialog opens (the drawer's search), see useModalDialog. */
  autoFocus?: boolean;
};

/** spec §2: the search box, "Search in the menu"; it ignores accents and case. */
export function MenuSearch({ value, onChange, autoFocus = false }: MenuSearchProps) {
  const { t } = useTranslation('menu');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const label = t('search_menu_placeholder');
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too recent for older phones (Safari 17+) and test DOMs
    <div className={styles.search} role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className={styles.icon} aria-hidden="true" />
      <input
        ref={input}
        id={id}
        className={styles.input}
        type="search"
        value={value}
        placeholder={label}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        data-autofocus={autoFocus || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {value !== '' && (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('clear_search')}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
