import type { MenuFile } from '@tablo/contract/menu-import';
import type { ReactNode } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { dinerText } from '../utils/diner-text.ts';
import styles from './menu-editor.module.css';
import { SortableItem, SortableList } from './sortable-list.tsx';

export type ListActions = {
  edit: (kind: 'category' | 'item', ref: string) => void;
  addItem: (categoryRef: string) => void;
  archive: (kind: 'category' | 'item', ref: string, archived: boolean) => void;
  move: (kind: 'category' | 'item', ref: string, to: number) => void;
};

type EntryProps = {
  kind: 'category' | 'item';
  refName: string;
  label: string;
  /** Shown after the name (an item's price). */
  detail?: ReactNode;
  index: number;
  count: number;
  active: boolean;
  busy: boolean;
  actions: ListActions;
};

/** A category's or an item's line: its name (a heading for a category), "archived", and its buttons. */
function EntryHead(props: EntryProps) {
  const { t } = useTranslation('menu-editor');
  const Title = props.kind === 'category' ? 'h3' : 'span';
  return (
    <>
      <Title className={styles.rowTitle} data-row-title>
        {props.label}
        {props.detail}
        {!props.active && <span className={styles.badge}>{t('archived')}</span>}
      </Title>
      <Controls {...props} />
    </>
  );
}

function Controls({ busy, actions, kind, refName, label, index, count, active }: EntryProps) {
  const { t } = useTranslation('menu-editor');
  return (
    <div className={styles.actions}>
      <button type="button" className={ui.button} disabled={busy} onClick={() => actions.edit(kind, refName)}>
        {t('edit')}
        <span className={ui.visuallyHidden}> {label}</span>
      </button>
      <button
        type="button"
        className={ui.button}
        disabled={busy || index === 0}
        data-move={`${kind}-${refName}-up`}
        onClick={() => actions.move(kind, refName, index - 1)}
      >
        {t('move_up')}
        <span className={ui.visuallyHidden}> {label}</span>
      </button>
      <button
        type="button"
        className={ui.button}
        disabled={busy || index === count - 1}
        data-move={`${kind}-${refName}-down`}
        onClick={() => actions.move(kind, refName, index + 1)}
      >
        {t('move_down')}
        <span className={ui.visuallyHidden}> {label}</span>
      </button>
      <button
        type="button"
        className={ui.button}
        disabled={busy}
        onClick={() => actions.archive(kind, refName, active)}
      >
        {active ? t('archive') : t('bring_back')}
        <span className={ui.visuallyHidden}> {label}</span>
      </button>
    </div>
  );
}

/** The draft's categories and their items, with the buttons that edit, archive and move them by keyboard. */
export function CategoryList({
  menu,
  busy,
  actions,
}: {
  menu: MenuFile;
  busy: boolean;
  actions: ListActions;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const { language } = useLanguage();
  const name = (translations: MenuFile['categories'][number]['translations']) =>
    dinerText(translations, language).title ?? t('menu:untitled');

  if (menu.categories.length === 0) return <p className={ui.muted}>{t('no_categories')}</p>;
  const names = new Map<string, string>();
  for (const category of menu.categories) {
    names.set(`category:${category.ref}`, name(category.translations));
    for (const item of category.items) names.set(`item:${item.ref}`, name(item.translations));
  }
  return (
    <SortableList
      ids={menu.categories.map((c) => c.ref)}
      nameOf={(ref) => names.get(`category:${ref}`) ?? ref}
      onMove={(ref, to) => actions.move('category', ref, to)}
    >
      <ol className={styles.list} aria-label={t('categories')}>
        {menu.categories.map((category, ci) => {
          const label = name(category.translations);
          return (
            <SortableItem key={category.ref} id={category.ref} label={label} className={styles.category}>
              <div className={styles.row}>
                <EntryHead
                  busy={busy}
                  actions={actions}
                  kind="category"
                  refName={category.ref}
                  label={label}
                  index={ci}
                  count={menu.categories.length}
                  active={category.isActive}
                />
              </div>
              <SortableList
                ids={category.items.map((i) => i.ref)}
                nameOf={(ref) => names.get(`item:${ref}`) ?? ref}
                onMove={(ref, to) => actions.move('item', ref, to)}
              >
                <ol className={styles.items} aria-label={t('items_of', { category: label })}>
                  {category.items.map((item, ii) => {
                    const itemLabel = name(item.translations);
                    return (
                      <SortableItem key={item.ref} id={item.ref} label={itemLabel} className={styles.row}>
                        <EntryHead
                          busy={busy}
                          actions={actions}
                          kind="item"
                          refName={item.ref}
                          label={itemLabel}
                          detail={<span className={ui.muted}> · {item.priceGross} Ft</span>}
                          index={ii}
                          count={category.items.length}
                          active={item.isActive}
                        />
                      </SortableItem>
                    );
                  })}
                </ol>
              </SortableList>
              <button
                type="button"
                className={ui.button}
                disabled={busy}
                onClick={() => actions.addItem(category.ref)}
              >
                {t('add_item')}
                <span className={ui.visuallyHidden}> ({label})</span>
              </button>
            </SortableItem>
          );
        })}
      </ol>
    </SortableList>
  );
}
