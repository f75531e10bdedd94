/** The browser's AudioContext; tests hand in a fake through the factory. */
export type ChimeContext = AudioContext;

export type ChimeContextFactory = () => ChimeContext | null;

function browserContext(): ChimeContext | null {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  return Context ? new Context() : null;
}

let factory: ChimeContextFactory = browserContext;
let shared: ChimeContext | null = null;

/** Tests hand in a fake AudioContext; the app uses the browser's. */
export function setChimeContextFactory(next: ChimeContextFactory | undefined): void {
  factory = next ?? browserContext;
  shared = null;
}

/** One AudioContext for the console, created on first use (browsers allow a few per page). */
export function chimeContext(): ChimeContext | null {
  shared ??= factory();
  return shared;
}

/** Two short rising tones, generated (no audio file): A5 then E6, 0.18 s each, soft attack and decay. */
export function playChime(context: ChimeContext): void {
  if (context.state !== 'running') return;
  const start = context.currentTime;
  for (const [index, frequency] of [880, 1318.5].entries()) {
    const at = start + index * 0.16;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.2);
  }
}
