import { menuEditorPaths } from '@tablo/contract/menu-editor';
import { API_BASE } from '@tablo/contract/paths';
import { useId, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { EditorFailure } from '../api/menu-editor-api.ts';
import styles from './menu-editor.module.css';

/**
 * The menu file (the format of `import-menu`): export is a plain download of the draft (the server names the
 * file); import replaces the draft all or nothing, and a refused file lists every problem with its path.
 */
export function MenuFilePanel({ onImport }: { onImport: (text: string) => Promise<EditorFailure | null> }) {
  const { t } = useTranslation('menu-editor');
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    const failure = await onImport(await file.text());
    setBusy(false);
    // The file's problems come joined with "; ", each with its path in the file.
    if (failure) setProblems(failure.message.split('; '));
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={ui.subtitle}>
        {t('file_title')}
      </h2>
      <div className={styles.actions}>
        <a className={ui.button} href={`${API_BASE}${menuEditorPaths.export()}`} download>
          {t('export')}
        </a>
      </div>
      <div className={ui.field}>
        <label htmlFor={id}>{t('import_label')}</label>
        <input
          id={id}
          type="file"
          accept="application/json,.json"
          disabled={busy}
          aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {problems.length > 0 && (
        <div id={`${id}-problems`} role="alert" className={ui.error}>
          <p>{t('import_failed')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
