import { startTransition, useEffect, useState } from 'react';
import { isServerOrHydrating } from '../../../lib/hydration.ts';

/**
 * How many of `total` entries to draw: `first` at once, all of them right after the first paint, in a
 * transition (interruptible, so no long task blocks the main thread). The server draws all of them (a page
 * without JavaScript reads whole), and so does the hydration of its page.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [complete, setComplete] = useState(isServerOrHydrating);
  useEffect(() => {
    startTransition(() => setComplete(true));
  }, []);
  return complete ? total : Math.min(total, first);
}
