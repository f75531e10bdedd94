import { useCallback, useEffect, useState } from 'react';
import { chimeContext, playChime } from '../sound/chime.ts';

export const SOUND_STORAGE_KEY = 'tablo.staff.sound';

export type Sound = {
  /** The member's choice, kept on this device. */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** The browser holds the audio back until a user gesture (autoplay rule): show "Enable sound". */
  blocked: boolean;
  /** Resumes the audio; call from a click or key press. */
  unblock: () => void;
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

/** The alert sound: on by default, switchable, and honest about the browser's autoplay rule. */
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
    // Switching sound on is a user gesture: the moment to be allowed to play.
    if (next)
      void chimeContext()
        ?.resume()
        .catch(() => undefined);
  }, []);

  const unblock = useCallback(() => {
    const context = chimeContext();
    void context
      ?.resume()
      .then(() => setState(context.state))
      .catch(() => undefined);
  }, []);

  const chime = useCallback(() => {
    const context = chimeContext();
    if (enabled && context) playChime(context);
  }, [enabled]);

  return {
    enabled,
    setEnabled,
    blocked: enabled && state === 'suspended',
    unblock,
    chime,
  };
}
