import { useEffect } from 'react';

/** The server paints the restaurant's hero from the HTML (`#boot-hero`); the app takes it away once it
 * shows its own header or a full-screen message instead. */
export function removeBootHero(): void {
  document.getElementById('boot-hero')?.remove();
}

export function useRemoveBootHero(when = true): void {
  useEffect(() => {
    if (when) removeBootHero();
  }, [when]);
}
