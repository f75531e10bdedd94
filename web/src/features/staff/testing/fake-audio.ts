import type { ChimeContext } from '../sound/chime.ts';

/** A stand-in for the browser's AudioContext: counts the tones played; starts suspended like under the autoplay rule. */
export function fakeAudioContext(initial: AudioContextState = 'running') {
  const played: number[] = [];
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const context = {
    state: initial,
    currentTime: 0,
    destination: {},
    onstatechange: null as (() => void) | null,
    resume() {
      context.state = 'running';
      context.onstatechange?.();
      return Promise.resolve();
    },
    createOscillator() {
      return {
        type: 'sine',
        frequency: {
          ...param(),
          setValueAtTime(value: number) {
            played.push(value);
          },
        },
        connect() {},
        start() {},
        stop() {},
      };
    },
    createGain() {
      return { gain: param(), connect() {} };
    },
  };
  return { context: context as unknown as ChimeContext, played, raw: context };
}
