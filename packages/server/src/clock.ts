/** The centre's time zone: dates that take effect "today" mean today in China. */
export const CENTRE_TIME_ZONE = 'Asia/Shanghai';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `at` in the centre's time zone. */
export function centreDate(at: Date): string {
  return dateFormat.format(at);
}

const minuteFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:mm:ss` of `at` in the centre's time zone. */
export function centreDateTime(at: Date): string {
  const parts = Object.fromEntries(minuteFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD HH:mm` of `at` in the centre's time zone, as a lock's end is told to the user. */
export function centreMinute(at: Date): string {
  return centreDateTime(at).slice(0, 16);
}

/** The year of `at` in the centre's time zone. */
export function centreYear(at: Date): number {
  return Number(centreDate(at).slice(0, 4));
}
