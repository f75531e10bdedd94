import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../config/constants.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): boolean {
  return window.innerWidth < MOBILE_BREAKPOINT;
}

/** spec §2, §9: mobile when the window is narrower than 850 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
