export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type NotifyOptions = { id?: string; description?: string };
export type PendingToast = { severity: ToastSeverity; message: string; options?: NotifyOptions };

type Deliver = (toast: PendingToast) => void;

// The toast library loads only when the first toast is raised: most visits never show one, and the menu route
// must stay small. Toasts raised before it has loaded wait here and are shown as soon as it is mounted.
const waiting: PendingToast[] = [];
const listeners = new Set<() => void>();
let wanted = false;
let deliver: Deliver | null = null;

function show(severity: ToastSeverity, message: string, options?: NotifyOptions): void {
  const toast: PendingToast = options ? { severity, message, options } : { severity, message };
  if (deliver) {
    deliver(toast);
    return;
  }
  waiting.push(toast);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** spec §8: the four toast severities. Placement and the 6000 ms auto-hide live on the toaster. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
};

/** For the root layout: whether a toast has been raised, so the toaster must be loaded. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return wanted;
}

/** Called by the mounted toaster: shows what waited, then takes every later toast directly. */
export function connectToaster(next: Deliver): () => void {
  deliver = next;
  for (const toast of waiting.splice(0)) next(toast);
  return () => {
    if (deliver === next) deliver = null;
  };
}
