import type { ReactNode } from 'react';
import ui from './console-form.module.css';

/**
 * The top of a console screen: its title, what it is for (with anything the screen adds after it), and the
 * outcome of the last action (announced).
 */
export function ScreenHead({
  title,
  intro,
  notice,
  error,
  children,
}: {
  title: string;
  intro: string;
  notice: string;
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <div className={ui.section}>
      <h1 className={ui.title}>{title}</h1>
      <p className={ui.muted}>{intro}</p>
      {children}
      <p role="status" aria-live="polite">
        {notice}
      </p>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type Loadable = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

/** A screen's data while it loads, or after it failed to, with a way to try again. */
export function LoadState({
  query,
  loading,
  failed,
  retry,
}: {
  query: Loadable;
  loading: string;
  failed: (message: string) => string;
  retry: string;
}) {
  if (query.isPending) return <p className={ui.muted}>{loading}</p>;
  if (!query.isError) return null;
  return (
    <div role="alert">
      <p className={ui.error}>{failed(query.error?.message ?? '')}</p>
      <button type="button" className={ui.button} onClick={() => void query.refetch()}>
        {retry}
      </button>
    </div>
  );
}
