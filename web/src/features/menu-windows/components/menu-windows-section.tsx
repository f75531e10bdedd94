import type {
  MenuWindow,
  MenuWindowsCategory,
  MenuWindowsResponse,
  SaveMenuWindowsRequest,
} from '@tablo/contract/menu-windows';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { createMenuWindowsApi, menuWindowsQueryKey } from '../api/menu-windows-api.ts';
import styles from './menu-windows.module.css';
import { WindowsEditor } from './windows-editor.tsx';

/**
 * A title in the language shown, else English, else the first. Written here rather than imported from
 * lib/pick-title.ts: sharing that module with the console split it into a chunk of its own that the diner's
 * pages then load (decision 074 saw the same with the hours screen).
 */
function pickTitle(
  titles: readonly { isoCode: string; title: string }[],
  language: string,
  fallback: string,
) {
  return (
    titles.find((entry) => entry.isoCode === language)?.title ??
    titles.find((entry) => entry.isoCode === 'en')?.title ??
    titles[0]?.title ??
    fallback
  );
}

type Edits = { categories: Record<number, MenuWindow[]>; items: Record<number, MenuWindow[]> };

function editsOf(data: MenuWindowsResponse): Edits {
  const edits: Edits = { categories: {}, items: {} };
  for (const category of data.categories) {
    edits.categories[category.categoryId] = category.windows;
    for (const item of category.items) edits.items[item.menuItemId] = item.windows;
  }
  return edits;
}

/**
 * Time-based menus (issue 28, docs/decisions/075), a section of the Hours screen: per category, and per
 * dish under it, the windows it is offered in on the restaurant's clock (none: always). Saved at once for
 * the whole menu; open menus follow live. Problems are announced (role=alert), a save too (role=status).
 */
export function MenuWindowsSection({
  csrfToken,
  shortName,
  onSignedOut,
}: {
  csrfToken: string;
  /** The restaurant's short name (the cache key: another member's console never shares it). */
  shortName: string;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation('menu-windows');
  const headingId = useId();
  const api = useMemo(() => createMenuWindowsApi(csrfToken), [csrfToken]);
  const query = useQuery({
    queryKey: [...menuWindowsQueryKey, shortName],
    queryFn: async () => {
      const result = await api.read();
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    },
  });

  return (
    <section aria-labelledby={headingId} className={ui.section}>
      <h2 id={headingId}>{t('title')}</h2>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <div role="alert">
          <p>{t('load_error')}</p>
          <button type="button" className={ui.button} onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <WindowsForm
          // A fresh form whenever the server's windows change (a save, a reload).
          key={query.dataUpdatedAt}
          data={query.data}
          onSave={async (request) => {
            const result = await api.save(request);
            if (result.status === 401) onSignedOut();
            if (result.ok) await query.refetch();
            return result.ok ? null : result.message;
          }}
        />
      )}
    </section>
  );
}

function WindowsForm({
  data,
  onSave,
}: {
  data: MenuWindowsResponse;
  /** Null when saved; otherwise the server's message. */
  onSave: (request: SaveMenuWindowsRequest) => Promise<string | null>;
}) {
  const { t } = useTranslation('menu-windows');
  const { language } = useLanguage();
  const [edits, setEdits] = useState(() => editsOf(data));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const titleOf = (titles: MenuWindowsCategory['titles']) => pickTitle(titles, language, t('untitled'));

  function problems(): string[] {
    const found: string[] = [];
    const check = (name: string, windows: MenuWindow[]) => {
      if (windows.some((w) => w.weekdays.length === 0)) found.push(t('no_weekday', { name }));
      if (windows.some((w) => w.startMinute === w.endMinute)) found.push(t('same_time', { name }));
    };
    for (const category of data.categories) {
      check(titleOf(category.titles), edits.categories[category.categoryId] ?? []);
      for (const item of category.items) check(titleOf(item.titles), edits.items[item.menuItemId] ?? []);
    }
    return found;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice('');
    const found = problems();
    if (found.length > 0) {
      setError(found.join(' '));
      return;
    }
    setError(null);
    setBusy(true);
    const message = await onSave({
      categories: Object.entries(edits.categories)
        .filter(([, windows]) => windows.length > 0)
        .map(([id, windows]) => ({ categoryId: Number(id), windows })),
      items: Object.entries(edits.items)
        .filter(([, windows]) => windows.length > 0)
        .map(([id, windows]) => ({ menuItemId: Number(id), windows })),
    });
    setBusy(false);
    if (message === null) setNotice(t('saved'));
    else setError(t('failed', { message }));
  }

  if (data.categories.length === 0) return <p className={ui.muted}>{t('empty')}</p>;
  return (
    <form onSubmit={(event) => void save(event)} aria-label={t('title')}>
      <p className={ui.muted}>{t('intro', { timeZone: data.timeZone })}</p>
      {data.categories.map((category) => {
        const name = titleOf(category.titles);
        const withOwn = category.items.filter((item) => (edits.items[item.menuItemId] ?? []).length > 0);
        return (
          <div key={category.categoryId} className={styles.category} data-category={category.categoryId}>
            <h3 className={styles.categoryTitle}>
              {name} {!category.isActive && <span className={ui.badgeOff}>{t('inactive')}</span>}
            </h3>
            <WindowsEditor
              name={name}
              windows={edits.categories[category.categoryId] ?? []}
              disabled={busy}
              onChange={(windows) =>
                setEdits((e) => ({ ...e, categories: { ...e.categories, [category.categoryId]: windows } }))
              }
            />
            {category.items.length > 0 && (
              <details className={styles.dishes} open={withOwn.length > 0}>
                <summary>{t('dishes', { name })}</summary>
                {category.items.map((item) => {
                  const dish = titleOf(item.titles);
                  return (
                    <div key={item.menuItemId} className={styles.dish} data-item={item.menuItemId}>
                      <h4 className={styles.dishTitle}>{dish}</h4>
                      <WindowsEditor
                        name={dish}
                        windows={edits.items[item.menuItemId] ?? []}
                        disabled={busy}
                        onChange={(windows) =>
                          setEdits((e) => ({ ...e, items: { ...e.items, [item.menuItemId]: windows } }))
                        }
                      />
                    </div>
                  );
                })}
              </details>
            )}
          </div>
        );
      })}
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <p role="status">{notice}</p>
      <button type="submit" className={ui.primaryButton} disabled={busy}>
        {busy ? t('saving') : t('save')}
      </button>
    </form>
  );
}
