import { type MouseEvent, useEffect, useRef } from 'react';

/**
 * A native modal <dialog> that is open while its component is mounted: the browser traps focus, closes
 * it on Escape and makes the page behind inert. Focus returns to where it was when the dialog closes.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return {
    ref,
    onClose,
    // A click on the backdrop lands on the <dialog> itself: its content sits in a full-size inner box.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}
