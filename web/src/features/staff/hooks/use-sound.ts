import { useCallback, useEffect, useState } from 'react';
import { chimeContext, playChime } from '../sound/chime.ts';

export const SOUND_STORAGE_KEY = 'tablo.staff.sound';

export type Sound = {
  /**
   * The chime will sound: switched on here and allowed by the browser. While the autoplay rule holds the
   * audio back it reads as off, and switching it on (a user gesture) is what lets it play.
   */
  on: boolean;
  /** Off when on; otherwise on, resuming held-back audio. Call from a click or key press. */
  toggle: () => void;
  /** The alert chime, when sound is on and allowed. */
  chime: () => void;
};

function readEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The alert sound: on by default, one switch, and honest about the browser's autoplay rule (held back reads
 * as off: pressing the switch is the gesture that lets it play).
 */
export function useSound(): Sound {
  const [enabled, setEnabledState] = useState(readEnabled);
  const [state, setState] = useState<string>('none');

  useEffect(() => {
    if (!enabled) return;
    const context = chimeContext();
    if (!context) return;
    setState(context.state);
    context.onstatechange = () => setState(context.state);
    return () => {
      context.onstatechange = null;
    };
  }, [enabled]);

  const setEnabled = useCallback((next: boolean) => {
    setEnabledState(next);
    try {
      localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts until the page is reloaded.
    }
  }, []);

  const on = enabled && state !== 'suspended';
  const toggle = useCallback(() => {
    if (on) {
      setEnabled(false);
      return;
    }
    setEnabled(true);
    const context = chimeContext();
    void context
      ?.resume()
      .then(() => setState(context.state))
      .catch(() => undefined);
  }, [on, setEnabled]);

  const chime = useCallback(() => {
    const context = chimeContext();
    if (enabled && context) playChime(context);
  }, [enabled]);

  return { on, toggle, chime };
}
