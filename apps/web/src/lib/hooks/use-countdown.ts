import { useCallback, useEffect, useRef, useState } from 'react';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** A seconds countdown: `start(n)` counts n, n-1, … 0, one step per second, from a fixed deadline. */
export function useCountdown(initialSeconds = 0) {
  const deadline = useRef(initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0);
  const [remaining, setRemaining] = useState(initialSeconds);
  const isRunning = remaining > 0;

  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => setRemaining(secondsUntil(deadline.current)), 1000);
    return () => window.clearInterval(timer);
  }, [isRunning]);

  const start = useCallback((seconds: number) => {
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(seconds);
  }, []);

  return { remaining, isRunning, start };
}
