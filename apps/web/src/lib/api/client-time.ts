function pad(value: number, width = 2): string {
  return String(Math.abs(value)).padStart(width, '0');
}

/**
 * The client's current time with its UTC offset, e.g. `2025-11-21T17:30:00.000+05:30`, for the
 * timezone header. ASCII only: `Date#toString()` may carry a localised zone name that fetch
 * refuses in a header.
 */
export function formatClientTime(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}
