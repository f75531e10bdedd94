import type { MenuDraft } from '@tablo/contract/menu-editor';
import { type StaffMe, staffCan } from '@tablo/contract/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { LoadState, ScreenHead } from '../../../components/console-form/screen-head.tsx';
import { menuPreviewHref } from '../../../config/preview-route.ts';
import { RequestError } from '../../../lib/request-error.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import {
  createMenuEditorApi,
  draftQueryKey,
  type EditorResult,
  versionsQueryKey,
} from '../api/menu-editor-api.ts';
import { dinerText } from '../utils/diner-text.ts';
import { moved, orderOf } from '../utils/move.ts';
import { CategoryList, type ListActions } from './category-list.tsx';
import { ChoicesSection } from './choices-section.tsx';
import { ConfirmBar } from './confirm-bar.tsx';
import { categoryBody, type EntryValues, itemBody } from './entry-fields.ts';
import { EntryForm } from './entry-form.tsx';
import styles from './menu-editor.module.css';
import { MenuFilePanel } from './menu-file-panel.tsx';
import { VersionsPanel } from './versions-panel.tsx';

type Editing =
  | { kind: 'category'; ref: string | null }
  | { kind: 'item'; ref: string | null; categoryRef: string };

/**
 * The menu editor (issue 26, decision 062 for the server, 063 for this screen): edits gather in a draft;
 * Publish makes them live for every diner at once, Discard drops them; published versions can be restored.
 * For OWNER and MANAGER (`editMenu`). Every outcome is announced in the status line.
 */
export function MenuEditorScreen({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const api = useMemo(() => createMenuEditorApi(me.csrfToken), [me.csrfToken]);
  const allowed = staffCan(me.role, 'editMenu');
  const draftKey = [...draftQueryKey, me.restaurantShortName];
  const versionsKey = [...versionsQueryKey, me.restaurantShortName];
  const draft = useQuery({
    queryKey: draftKey,
    enabled: allowed,
    queryFn: async ({ signal }) => {
      const result = await api.draft(signal);
      if (result.ok) return result.data;
      if (result.status === 401) onSignedOut();
      throw new RequestError(result.status, result.message);
    },
  });
  const versions = useQuery({
    queryKey: versionsKey,
    enabled: allowed,
    queryFn: async ({ signal }) => {
      const result = await api.versions(signal);
      if (result.ok) return result.data;
      throw new RequestError(result.status, result.message);
    },
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'publish' | 'discard' | null>(null);
  /** The row whose move button had focus: its buttons were disabled while the move was sent. */
  const [refocus, setRefocus] = useState<{ kind: 'category' | 'item'; ref: string } | null>(null);

  // After the render that enables the buttons again (not a frame guessed after the answer, which a slow
  // machine can beat), focus returns to the moved row's Move up button, or Move down at the top.
  useEffect(() => {
    if (busy || !refocus) return;
    const { kind, ref } = refocus;
    const button =
      document.querySelector<HTMLButtonElement>(`[data-move="${kind}-${ref}-up"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-move="${kind}-${ref}-down"]:not(:disabled)`);
    button?.focus();
    setRefocus(null);
  }, [busy, refocus]);

  /** Runs a call that answers the draft: the cache takes the answer; a refusal is returned (and shown). */
  async function run(
    call: Promise<EditorResult<MenuDraft>>,
    done: string,
    options: { quiet?: boolean; versions?: boolean } = {},
  ) {
    setBusy(true);
    setError(null);
    setNotice('');
    const result = await call;
    setBusy(false);
    if (result.ok) {
      queryClient.setQueryData(draftKey, result.data);
      if (options.versions) await versions.refetch();
      setNotice(done);
      return null;
    }
    if (result.status === 401) onSignedOut();
    if (!options.quiet) setError(result.message);
    return result;
  }

  if (!allowed) return <p className={ui.muted}>{t('not_allowed')}</p>;
  const data = draft.data;
  const titleOf = (translations: { isoCode: string; title: string; description: string }[]) =>
    dinerText(translations, language).title ?? t('menu:untitled');
  const find = (kind: 'category' | 'item', ref: string) => {
    for (const category of data?.menu.categories ?? []) {
      if (kind === 'category' && category.ref === ref) return category;
      const item = category.items.find((i) => i.ref === ref);
      if (kind === 'item' && item) return item;
    }
    return null;
  };

  const actions: ListActions = {
    edit: (kind, ref) => {
      const categoryRef = data?.menu.categories.find((c) => c.items.some((i) => i.ref === ref))?.ref ?? '';
      setEditing(kind === 'category' ? { kind, ref } : { kind, ref, categoryRef });
    },
    addItem: (categoryRef) => setEditing({ kind: 'item', ref: null, categoryRef }),
    archive: (kind, ref, archived) => {
      if (!data) return;
      const name = titleOf(find(kind, ref)?.translations ?? []);
      const call =
        kind === 'category'
          ? api.archiveCategory(ref, data.version, archived)
          : api.archiveItem(ref, data.version, archived);
      void run(call, t(archived ? 'archived_done' : 'brought_back_done', { name }));
    },
    move: (kind, ref, to) => {
      if (!data) return;
      const next = moved(orderOf(data.menu), { kind, ref }, to);
      if (!next) return;
      const name = titleOf(find(kind, ref)?.translations ?? []);
      void run(
        api.reorder({ baseVersion: data.version, categories: next.order }),
        t('moved', { name, position: next.position, count: next.count }),
      ).then((failure) => {
        if (!failure) setRefocus({ kind, ref });
      });
    },
  };

  async function save(values: EntryValues, baseVersion: number) {
    if (!editing || !data) return null;
    const name = titleOf(categoryBody(values).translations);
    if (editing.kind === 'category') {
      const category = categoryBody(values);
      const call = editing.ref
        ? api.saveCategory(editing.ref, { baseVersion, category })
        : api.createCategory({ baseVersion, category });
      const failure = await run(call, t('saved', { name }), { quiet: true });
      if (!failure) setEditing(null);
      return failure;
    }
    const current = editing.ref ? find('item', editing.ref) : null;
    const counts =
      current && 'likeCount' in current
        ? { likeCount: current.likeCount, dislikeCount: current.dislikeCount }
        : { likeCount: 0, dislikeCount: 0 };
    const item = itemBody(values, counts);
    const call = editing.ref
      ? api.saveItem(editing.ref, { baseVersion, item })
      : api.createItem({ baseVersion, categoryRef: editing.categoryRef, item });
    const failure = await run(call, t('saved', { name }), { quiet: true });
    if (!failure) setEditing(null);
    return failure;
  }

  async function uploadPicture(ref: string, file: File, baseVersion: number) {
    const failure = await run(api.uploadPicture(ref, baseVersion, file), t('picture_done'), { quiet: true });
    if (failure) return failure;
    const now = queryClient.getQueryData<MenuDraft>(draftKey);
    const item = now?.menu.categories.flatMap((c) => c.items).find((i) => i.ref === ref);
    return { ok: true as const, imageUrl: item?.imageUrl ?? null, version: now?.version ?? baseVersion };
  }

  return (
    <div className={styles.screen}>
      <ScreenHead title={t('title')} intro={t('intro')} notice={notice} error={error}>
        {/* The published menu as guests see it, also before opening (docs/decisions/069-owner-preview.md). */}
        {staffCan(me.role, 'previewMenu') && (
          <p>
            <a href={menuPreviewHref(me.restaurantShortName, language)}>{t('preview_menu')}</a>{' '}
            <span className={ui.muted}>{t('preview_menu_hint')}</span>
          </p>
        )}
      </ScreenHead>
      <LoadState
        query={draft}
        loading={t('loading')}
        failed={(message) => t('load_failed', { message })}
        retry={t('retry')}
      />
      {data && (
        <>
          <section className={styles.section} aria-labelledby="draft-title">
            <h2 id="draft-title" className={ui.subtitle}>
              {t('draft')}
            </h2>
            <p>{data.hasChanges ? t('has_changes') : t('no_changes')}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className={ui.primaryButton}
                disabled={busy || !data.hasChanges}
                onClick={() => setConfirm('publish')}
              >
                {t('publish')}
              </button>
              <button
                type="button"
                className={ui.button}
                disabled={busy || !data.hasChanges}
                onClick={() => setConfirm('discard')}
              >
                {t('discard')}
              </button>
              <button
                type="button"
                className={ui.button}
                disabled={busy}
                onClick={() => setEditing({ kind: 'category', ref: null })}
              >
                {t('add_category')}
              </button>
            </div>
            {confirm && (
              <ConfirmBar
                question={t(confirm === 'publish' ? 'publish_question' : 'discard_question')}
                confirmLabel={t(confirm === 'publish' ? 'publish_confirm' : 'discard_confirm')}
                busy={busy}
                onCancel={() => setConfirm(null)}
                onConfirm={() => {
                  setConfirm(null);
                  if (confirm === 'publish')
                    void run(api.publish(data.version), t('published'), { versions: true });
                  else void run(api.discard(), t('discarded'));
                }}
              />
            )}
          </section>
          {editing && (
            <EntryForm
              key={`${editing.kind}-${editing.ref ?? 'new'}`}
              kind={editing.kind}
              entry={editing.ref ? find(editing.kind, editing.ref) : null}
              baseVersion={data.version}
              vatKeys={data.menu.vatKeys}
              optionGroups={data.menu.optionGroups.map((group) => ({
                ref: group.ref,
                title: titleOf(group.translations),
              }))}
              onSubmit={save}
              onCancel={() => setEditing(null)}
              onConflictReloaded={() => void draft.refetch()}
              {...(editing.kind === 'item' && editing.ref
                ? {
                    onUploadPicture: (file: File, baseVersion: number) =>
                      uploadPicture(editing.ref ?? '', file, baseVersion),
                  }
                : {})}
            />
          )}
          <section className={styles.section} aria-labelledby="categories-title">
            <h2 id="categories-title" className={ui.subtitle}>
              {t('categories')}
            </h2>
            <CategoryList menu={data.menu} busy={busy} actions={actions} />
          </section>
          <ChoicesSection
            draft={data}
            busy={busy}
            titleOf={titleOf}
            onCreate={async (body) => {
              const call = api.createOptionGroup(body);
              await run(call, t('choice_group_saved'), { quiet: true });
              return call;
            }}
            onSave={async (ref, body) => {
              const call = api.saveOptionGroup(ref, body);
              await run(call, t('choice_group_saved'), { quiet: true });
              return call;
            }}
          />
        </>
      )}
      {data && (
        <MenuFilePanel
          onImport={(text) => run(api.importFile(data.version, text), t('import_done'), { quiet: true })}
        />
      )}
      <section className={styles.section} aria-labelledby="versions-title">
        <h2 id="versions-title" className={ui.subtitle}>
          {t('versions')}
        </h2>
        {versions.data && (
          <VersionsPanel
            liveVersion={versions.data.liveVersion}
            versions={versions.data.versions}
            busy={busy}
            onRestore={(number) =>
              void run(api.restore(number), t('restored', { number }), { versions: true })
            }
          />
        )}
      </section>
    </div>
  );
}
