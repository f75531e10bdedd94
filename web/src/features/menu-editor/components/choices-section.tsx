import type { MenuDraft } from '@tablo/contract/menu-editor';
import { useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { EditorFailure, EditorResult } from '../api/menu-editor-api.ts';
import styles from './menu-editor.module.css';
import { type DraftOptionGroup, OptionGroupForm } from './option-group-form.tsx';

/**
 * The draft's option groups (issue 27): the choices dishes may offer, each with an edit button, and a form
 * to add one. An item ticks the groups it offers in its own form; archiving a group is unticking Active.
 */
export function ChoicesSection({
  draft,
  busy,
  titleOf,
  onCreate,
  onSave,
}: {
  draft: MenuDraft;
  busy: boolean;
  titleOf: (translations: MenuDraft['menu']['optionGroups'][number]['translations']) => string;
  onCreate: (body: { baseVersion: number; group: unknown }) => Promise<EditorResult<MenuDraft>>;
  onSave: (ref: string, body: { baseVersion: number; group: unknown }) => Promise<EditorResult<MenuDraft>>;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  /** `stale`: a save answered 409 — the form starts again from the group as it is now (decision 062). */
  const [editing, setEditing] = useState<{
    ref: string | null;
    stale?: { group: DraftOptionGroup | null; version: number; message: string; round: number };
  } | null>(null);
  const group = editing?.stale
    ? editing.stale.group
    : editing?.ref
      ? (draft.menu.optionGroups.find((g) => g.ref === editing.ref) ?? null)
      : null;

  async function submit(body: unknown, baseVersion: number): Promise<EditorFailure | null> {
    const result = editing?.ref
      ? await onSave(editing.ref, { baseVersion, group: body })
      : await onCreate({ baseVersion, group: body });
    if (result.ok) {
      setEditing(null);
      return null;
    }
    if (result.conflict && editing?.ref) {
      const { ref } = editing;
      setEditing({
        ref,
        stale: {
          group: (result.conflict.current as DraftOptionGroup | null) ?? null,
          version: result.conflict.version,
          message: result.message,
          round: (editing.stale?.round ?? 0) + 1,
        },
      });
    }
    return result;
  }

  return (
    <section className={styles.section} aria-labelledby="choices-title">
      <h2 id="choices-title" className={ui.subtitle}>
        {t('choices')}
      </h2>
      {draft.menu.optionGroups.length === 0 ? (
        <p className={ui.muted}>{t('no_choices')}</p>
      ) : (
        <ul>
          {draft.menu.optionGroups.map((g) => {
            const name = titleOf(g.translations);
            return (
              <li key={g.ref}>
                <span data-row-title>
                  {name}
                  {!g.isActive && ` · ${t('archived')}`}
                </span>{' '}
                <button
                  type="button"
                  className={ui.button}
                  disabled={busy}
                  onClick={() => setEditing({ ref: g.ref })}
                >
                  {t('edit')}
                  <span className={ui.visuallyHidden}> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className={ui.button} disabled={busy} onClick={() => setEditing({ ref: null })}>
        {t('add_choice_group')}
      </button>
      {editing && (
        <OptionGroupForm
          key={`${editing.ref ?? 'new'}-${editing.stale?.round ?? 0}`}
          group={group}
          baseVersion={editing.stale?.version ?? draft.version}
          notice={editing.stale?.message}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}
