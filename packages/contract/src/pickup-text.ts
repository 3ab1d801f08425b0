import { DEFAULT_TIME_ZONE } from './format';
import { formatDayMonth } from './offer-text';

// Pickup where the stock is (issue #17): branch opening hours as a weekly schedule, and when goods moved from
// one branch of the city to another can be picked up. Free of zod, so client components import it on its own
// (`@podbor/contract/pickup-text`). All dates are the shop's calendar (Moscow), as offers use.

/** Opening of one day, in minutes from midnight; `close` is 1440 for «до 24:00» and round the clock. */
export interface OpenHours {
  open: number;
  close: number;
}
/** Monday first (index 0) to Sunday (index 6); null: closed that day. */
export type WeekSchedule = readonly (OpenHours | null)[];

const DAY_KEYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;
const DAY = '(?:пн|вт|ср|чт|пт|сб|вс)';
// «Пн–Пт 9:00–21:00», «Сб, Вс: выходной», «Ежедневно 9:00–21:00», «Вс 10:00–18:00».
const SEGMENT = new RegExp(
  `(ежедневно|без выходных|${DAY}(?:\\s*[-,]\\s*${DAY})*)\\.?\\s*[:-]?\\s*(?:с\\s*)?` +
    `(?:(\\d{1,2})[:.](\\d{2})\\s*(?:-|до)\\s*(\\d{1,2})[:.](\\d{2})|(выходной|круглосуточно))`,
  'g',
);

const ALL_DAY: OpenHours = { open: 0, close: 1440 };
/** What an unparsable text means: the shop's usual hours. */
export const DEFAULT_OPEN_HOURS: OpenHours = { open: 9 * 60, close: 21 * 60 };

/** The days a day spec names: «пн-пт» → 0..4, «сб, вс» → 5, 6, «ежедневно» → all. */
function specDays(spec: string): number[] {
  if (spec === 'ежедневно' || spec === 'без выходных') return [0, 1, 2, 3, 4, 5, 6];
  const days = new Set<number>();
  // Split a list at commas; each item is one day or a range «пт-вс» (a range may wrap: «сб-пн»).
  for (const item of spec.split(',')) {
    const [a, b] = item.split('-').map((s) => DAY_KEYS.indexOf(s.trim() as (typeof DAY_KEYS)[number]));
    if (a === undefined || a < 0) continue;
    if (b === undefined || b < 0) {
      days.add(a);
      continue;
    }
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === b) break;
    }
  }
  return [...days];
}

/**
 * The weekly schedule of a branch's free-text hours ('Пн–Пт 9:00–21:00, Сб–Вс 10:00–20:00', 'Ежедневно
 * 9:00–21:00', 'Круглосуточно', 'Пн–Сб 9:00–20:00, Вс 10:00–18:00', 'Сб, Вс — выходной'). Days a text does not
 * name are closed. Staff type this text by hand: a text with nothing we can read (empty, a typo) is taken as
 * open 9:00–21:00 every day rather than an error — a date a little off beats no date on the product page.
 */
export function parseWorkHours(text: string): WeekSchedule {
  const norm = text
    .toLowerCase()
    .replace(/[‐-―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  const week: (OpenHours | null)[] = [null, null, null, null, null, null, null];
  let matched = false;
  for (const m of norm.matchAll(SEGMENT)) {
    const spec = (m[1] ?? '').replace(/\s+/g, '');
    let hours: OpenHours | null;
    if (m[6] === 'выходной') hours = null;
    else if (m[6] === 'круглосуточно') hours = ALL_DAY;
    else {
      const open = Number(m[2]) * 60 + Number(m[3]);
      const rawClose = Number(m[4]) * 60 + Number(m[5]);
      // «до 24:00» and «до 0:00» both mean midnight.
      const close = rawClose === 0 ? 1440 : Math.min(rawClose, 1440);
      if (open >= close || open >= 1440) continue;
      hours = { open, close };
    }
    for (const day of specDays(spec)) week[day] = hours;
    matched = true;
  }
  if (!matched && /круглосуточно|24\s*\/\s*7/.test(norm)) return week.map(() => ALL_DAY);
  // No day names, one time range («9:00–21:00»): every day.
  if (!matched) {
    const only = /(\d{1,2})[:.](\d{2})\s*(?:-|до)\s*(\d{1,2})[:.](\d{2})/.exec(norm);
    const open = only ? Number(only[1]) * 60 + Number(only[2]) : NaN;
    const close = only ? Number(only[3]) * 60 + Number(only[4]) || 1440 : NaN;
    const hours = open < close && close <= 1440 ? { open, close } : DEFAULT_OPEN_HOURS;
    return week.map(() => hours);
  }
  // A text that closes every day («выходной» only) would never give a date: the usual hours instead.
  if (week.every((d) => d === null)) return week.map(() => DEFAULT_OPEN_HOURS);
  return week;
}

/** A moment on the shop's calendar: the day (YYYY-MM-DD) and minutes from its midnight. */
export interface ShopMoment {
  date: string;
  minutes: number;
}

/** The calendar day and wall-clock minutes of `at` in the shop's zone. */
export function shopMoment(at: Date, timeZone: string = DEFAULT_TIME_ZONE): ShopMoment {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Monday 0 … Sunday 6 of a calendar day. */
function weekday(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The daily transfer run leaves the sending branch at its opening, never before this (a 24-hour branch). */
export const TRANSFER_EARLIEST_DEPARTURE = 9 * 60;
/** The run reaches the other branch of the city this long after it leaves. */
export const TRANSFER_TRAVEL_MINUTES = 5 * 60;

/**
 * When goods moved from branch `from` can be picked up at branch `to`, ordered at `now`: the run leaves `from`
 * at its opening on its next open day after today and arrives TRANSFER_TRAVEL_MINUTES later; if `to` is closed
 * then, at `to`'s next opening.
 */
export function transferReady(
  from: WeekSchedule,
  to: WeekSchedule,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): ShopMoment {
  const today = shopMoment(now, timeZone).date;
  let departDay = addDays(today, 1);
  // parseWorkHours never gives a week closed every day, so a week is enough; the bound guards hand-made input.
  for (let i = 0; i < 7 && !from[weekday(departDay)]; i++) departDay = addDays(departDay, 1);
  const departHours = from[weekday(departDay)] ?? DEFAULT_OPEN_HOURS;
  let day = departDay;
  let minutes = Math.max(departHours.open, TRANSFER_EARLIEST_DEPARTURE) + TRANSFER_TRAVEL_MINUTES;
  if (minutes >= 1440) {
    day = addDays(day, 1);
    minutes -= 1440;
  }
  for (let i = 0; i < 8; i++) {
    const hours = to[weekday(day)];
    if (hours && minutes < hours.close) return { date: day, minutes: Math.max(minutes, hours.open) };
    day = addDays(day, 1);
    minutes = 0;
  }
  return { date: day, minutes: DEFAULT_OPEN_HOURS.open };
}

/** 840 → «14:00», 570 → «9:30». */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

const WEEKDAYS_ACCUSATIVE = [
  'в понедельник',
  'во вторник',
  'в среду',
  'в четверг',
  'в пятницу',
  'в субботу',
  'в воскресенье',
] as const;

/** «сегодня после 14:00», «завтра после 14:00», else «в пятницу, 4 декабря, после 14:00» (relative to `now`). */
export function readyWhenLabel(
  ready: ShopMoment,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const today = shopMoment(now, timeZone).date;
  const time = `после ${formatMinutes(ready.minutes)}`;
  if (ready.date === today) return `сегодня ${time}`;
  if (ready.date === addDays(today, 1)) return `завтра ${time}`;
  return `${WEEKDAYS_ACCUSATIVE[weekday(ready.date)]}, ${formatDayMonth(ready.date)}, ${time}`;
}

/** «филиала на Варшавском» of «Подбор на Варшавском»; «филиала «Склад-1»» of any other title. */
export function branchGenitive(title: string): string {
  const rest = /^подбор\s+(на|в|у)\s+(.+)$/i.exec(title.trim());
  return rest ? `филиала ${rest[1]!.toLowerCase()} ${rest[2]}` : `филиала «${title.trim()}»`;
}

/** «перемещение из филиала на Варшавском, завтра после 14:00». */
export function transferLabel(
  fromBranchTitle: string,
  ready: ShopMoment,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return `перемещение из ${branchGenitive(fromBranchTitle)}, ${readyWhenLabel(ready, now, timeZone)}`;
}

/** The instant of a shop moment (for storing it): the zone's offset on that day. */
export function shopMomentInstant(moment: ShopMoment, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const [y, m, d] = moment.date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, 0, moment.minutes);
  // The wall clock of that instant read as UTC differs from it by the zone's offset.
  const wall = shopMoment(new Date(asUtc), timeZone);
  const [wy, wm, wd] = wall.date.split('-').map(Number) as [number, number, number];
  const offset = Date.UTC(wy, wm - 1, wd, 0, wall.minutes) - asUtc;
  return new Date(asUtc - offset);
}

/** «28 ноября после 14:00» of a stored instant: an order page is read days later, so no «завтра». */
export function readyAtLabel(readyAt: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = typeof readyAt === 'string' ? new Date(readyAt) : readyAt;
  if (Number.isNaN(at.getTime())) return '';
  const moment = shopMoment(at, timeZone);
  return `${formatDayMonth(moment.date)} после ${formatMinutes(moment.minutes)}`;
}

/** «Будет готов к выдаче 28 ноября после 14:00». */
export const readyForPickupLabel = (readyAt: string | Date) =>
  `Будет готов к выдаче ${readyAtLabel(readyAt)}`;
