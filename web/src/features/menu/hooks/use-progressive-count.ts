import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` entries to draw: `first` at once, all of them right after the first paint, in a
 * transition (interruptible, so no long task blocks the main thread).
 */
export function useProgressiveCount(total: number, first: number): number {
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    startTransition(() => setComplete(true));
  }, []);
  return complete ? total : Math.min(total, first);
}
