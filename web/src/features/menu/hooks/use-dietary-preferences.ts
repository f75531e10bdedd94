import { useCallback, useEffect, useState } from 'react';
import { isServerOrHydrating } from '../../../lib/hydration.ts';
import { DIETARY_STORAGE_KEY } from '../constants.ts';
import { type DietaryPreferences, parseDietaryPreferences } from '../utils/dietary-filter.ts';

function readStored(): DietaryPreferences {
  try {
    return parseDietaryPreferences(localStorage.getItem(DIETARY_STORAGE_KEY));
  } catch {
    return parseDietaryPreferences(null);
  }
}

/** The diner's dietary filter, remembered on this device. */
export function useDietaryPreferences(): [DietaryPreferences, (next: DietaryPreferences) => void] {
  // A server-rendered page shows the whole menu; the diner's stored filter applies right after hydration.
  const [fromServer] = useState(isServerOrHydrating);
  const [preferences, setPreferences] = useState(() =>
    fromServer ? parseDietaryPreferences(null) : readStored(),
  );
  useEffect(() => {
    if (fromServer) setPreferences(readStored());
  }, [fromServer]);
  const update = useCallback((next: DietaryPreferences) => {
    setPreferences(next);
    try {
      localStorage.setItem(DIETARY_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private mode or full storage: the filter still works until the page closes.
    }
  }, []);
  return [preferences, update];
}
