import { type MouseEvent, useEffect, useRef } from 'react';

/**
 * A native modal <dialog> that is open while its component is mounted: the browser traps focus, closes
 * it on Escape and makes the page behind inert. Focus returns to where it was when the dialog closes.
 * The same as lib/use-modal-dialog.ts, copied on purpose: a module that both the menu screen and the staff
 * chunk import becomes a chunk of its own that /menu loads too (decision records 018, 059: +285 B measured).
 */
export function useStaffDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const mounted = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    mounted.current = true;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The dialog's own focusing picks its first control; a field marked data-autofocus is the better start.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      mounted.current = false;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return {
    ref,
    // Closing in the cleanup above fires a close event too (at once in some DOMs, queued in browsers, when
    // StrictMode re-runs the effect and reopens the dialog): only a close while mounted and shut is real.
    onClose: () => {
      if (mounted.current && !ref.current?.open) onClose();
    },
    // A click on the backdrop lands on the <dialog> itself: its content sits in a full-size inner box.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}
