/** localStorage that may be missing (private modes, blocked storage): reads give null, writes are dropped. */
let works: boolean | undefined;

export const deviceStorage = {
  /** Whether localStorage can be used at all (checked once). */
  available(): boolean {
    if (works === undefined) {
      try {
        localStorage.setItem('tablo.probe', '1');
        localStorage.removeItem('tablo.probe');
        works = true;
      } catch {
        works = false;
      }
    }
    return works;
  },
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // The value then lives as long as the page (see the in-memory copies of the callers).
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};
