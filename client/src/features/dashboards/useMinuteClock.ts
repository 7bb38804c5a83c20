import { useEffect, useState } from 'react';

/** The current time, re-rendering at each new minute (site clocks show hours and minutes only). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        60_000 - (Date.now() % 60_000) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
