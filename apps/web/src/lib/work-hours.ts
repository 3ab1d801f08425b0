import { CALLBACK_MINUTES, type ShowcaseResponse } from '@podbor/contract';

// The shop's phone line and callbacks keep the showcase's hours ('08:00'–'22:00' in its time zone). A callback
// promised «within 17 minutes» late at night is a promise broken: outside the hours the form says when it will be.

export type WorkHours = ShowcaseResponse['work_hours'];

const toMinutes = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const short = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');

/** «8:00–22:00», or '' when the showcase has no hours set. */
export function hoursRange(hours: WorkHours): string {
  return toMinutes(hours.from) !== null && toMinutes(hours.to) !== null
    ? `${short(hours.from)}–${short(hours.to)}`
    : '';
}

/** ' по Москве' for Moscow time; the zone's name otherwise, so nobody reads it as their own local time. */
function zoneNote(zone: string): string {
  return zone === 'Europe/Moscow' ? ' по Москве' : ` (${zone})`;
}

/** Minutes since midnight of `now` in the zone (Intl knows every IANA zone; a bad one falls back to Moscow). */
function minutesIn(now: Date, zone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('ru-RU', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'Europe/Moscow',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

export interface CallbackPromise {
  /** Whether a callback comes within CALLBACK_MINUTES: the line is open for at least that long still. */
  soon: boolean;
  /** «в течение 17 минут», «сегодня после 8:00 по Москве», «завтра после 8:00 по Москве». */
  when: string;
}

export function callbackPromise(now: Date, hours: WorkHours): CallbackPromise {
  const soon = { soon: true, when: `в течение ${CALLBACK_MINUTES} минут` };
  const from = toMinutes(hours.from);
  const to = toMinutes(hours.to);
  if (from === null || to === null || from === to) return soon;
  const at = minutesIn(now, hours.time_zone);
  // Hours that pass midnight (20:00–02:00) are open before `to` or after `from`.
  const open =
    from < to ? at >= from && at + CALLBACK_MINUTES <= to : at >= from || at + CALLBACK_MINUTES <= to;
  if (open) return soon;
  const day = at < from && (from < to || at >= to) ? 'сегодня' : 'завтра';
  return { soon: false, when: `${day} после ${short(hours.from)}${zoneNote(hours.time_zone)}` };
}
