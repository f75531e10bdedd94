import { useId, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { EditorFailure } from '../api/menu-editor-api.ts';
import styles from './menu-editor.module.css';

/** The item's picture: uploaded at once (the server checks its content and makes the menu's sizes). */
export function PictureField({
  imageUrl,
  onUpload,
}: {
  imageUrl: string | null;
  onUpload: (file: File) => Promise<EditorFailure | null>;
}) {
  const { t } = useTranslation('menu-editor');
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    const failure = await onUpload(file);
    setBusy(false);
    if (!failure) return;
    if (failure.status === 413) setProblem(t('picture_too_large'));
    else if (failure.status === 415) setProblem(t('picture_unsupported'));
    else setProblem(failure.message);
  }

  return (
    <div className={ui.field}>
      <p className={styles.languageName}>{t('picture')}</p>
      {imageUrl && <img src={imageUrl} alt="" className={styles.thumbnail} />}
      <label htmlFor={id}>{t('picture_label')}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {problem && (
        <p id={`${id}-error`} className={ui.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
