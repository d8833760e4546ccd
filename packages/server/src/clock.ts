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
