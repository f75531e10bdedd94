import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import {
  FullScreenMessage,
  fullScreenActionClass,
} from '../../components/full-screen-message/full-screen-message.tsx';
import { ChunkLoadError, reloadForNewBuild } from '../../lib/chunk-load.ts';

/**
 * spec §8: a screen's code that fails to load shows "Loading chunk {id} failed" with the failure type and
 * URL; any other routing failure shows "Unexpected Application Error!". Both offer a way back. The texts are
 * the specification's own and stay English: this screen must work even when the texts failed to load.
 */
export function RootError() {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof ChunkLoadError) reloadForNewBuild(error);
  }, [error]);
  if (error instanceof ChunkLoadError) {
    return (
      <FullScreenMessage
        icon={<AlertTriangle size={48} aria-hidden="true" />}
        title={`Loading chunk ${error.chunkId} failed`}
        details={`(${error.failure}: ${error.url})`}
        action={
          <button type="button" className={fullScreenActionClass} onClick={() => location.reload()}>
            Reload the page
          </button>
        }
      />
    );
  }
  return (
    <FullScreenMessage
      icon={<AlertTriangle size={48} aria-hidden="true" />}
      title="Unexpected Application Error!"
      details={describe(error)}
      action={
        <a className={fullScreenActionClass} href="/">
          Back to the start page
        </a>
      }
    />
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
