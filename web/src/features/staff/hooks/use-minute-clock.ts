import { useEffect, useState } from 'react';

/** The current time, renewed every minute on the minute: ages on the board stay right without re-rendering more. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    function schedule() {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        60_000 - (Date.now() % 60_000),
      );
    }
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
