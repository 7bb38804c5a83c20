// The local day at a site, re-read every minute: a page left open over midnight moves on to the new day.
import { useEffect, useState } from 'react';
import { dayIn } from '../../ui/PeriodPicker.tsx';

export function useToday(timeZone: string): string {
  const [today, setToday] = useState(() => dayIn(timeZone, Date.now()));
  useEffect(() => {
    const read = () => setToday(dayIn(timeZone, Date.now()));
    read();
    const timer = setInterval(read, 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return today;
}
