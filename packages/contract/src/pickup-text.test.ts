import { describe, expect, it } from 'vitest';
import {
  branchGenitive,
  parseWorkHours,
  readyAtLabel,
  readyForPickupLabel,
  readyWhenLabel,
  shopMomentInstant,
  transferLabel,
  transferReady,
} from './pickup-text';

const h = (open: string, close: string) => {
  const m = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
  return { open: m(open), close: m(close) };
};
const DAILY = parseWorkHours('Ежедневно 9:00–21:00');
const WEEKDAYS_ONLY = parseWorkHours('Пн–Пт 9:00–18:00, Сб, Вс — выходной');
const CLOSED_SUNDAY = parseWorkHours('Пн–Сб 9:00–20:00');
// 2026-11-27 is a Friday; Moscow is UTC+3.
const msk = (local: string) => new Date(`${local}+03:00`);

describe('parseWorkHours', () => {
  it('reads the day ranges of the demo branches', () => {
    const week = parseWorkHours('Пн–Пт 9:00–21:00, Сб–Вс 10:00–20:00');
    expect(week.slice(0, 5)).toEqual(Array(5).fill(h('9:00', '21:00')));
    expect(week.slice(5)).toEqual([h('10:00', '20:00'), h('10:00', '20:00')]);
    expect(parseWorkHours('Пн–Сб 9:00–20:00, Вс 10:00–18:00')[6]).toEqual(h('10:00', '18:00'));
    expect(parseWorkHours('Пн–Сб 9:00–20:00, Вс 10:00–18:00')[5]).toEqual(h('9:00', '20:00'));
  });

  it('reads «Ежедневно» and «Круглосуточно»', () => {
    expect(DAILY).toEqual(Array(7).fill(h('9:00', '21:00')));
    expect(parseWorkHours('Круглосуточно')).toEqual(Array(7).fill({ open: 0, close: 1440 }));
    expect(parseWorkHours('пн-вс 8.00-24.00')).toEqual(Array(7).fill({ open: 480, close: 1440 }));
  });

  it('closes days marked «выходной» and days it does not name', () => {
    expect(WEEKDAYS_ONLY.slice(0, 5)).toEqual(Array(5).fill(h('9:00', '18:00')));
    expect(WEEKDAYS_ONLY[5]).toBeNull();
    expect(WEEKDAYS_ONLY[6]).toBeNull();
    expect(CLOSED_SUNDAY[6]).toBeNull();
    expect(parseWorkHours('Пн, Ср, Пт 10:00–19:00')).toEqual([
      h('10:00', '19:00'),
      null,
      h('10:00', '19:00'),
      null,
      h('10:00', '19:00'),
      null,
      null,
    ]);
  });

  it('takes a text it cannot read as 9:00–21:00 every day, never throws', () => {
    for (const text of ['', 'по записи', 'Вс выходной', '25:00–26:00']) {
      expect(parseWorkHours(text)).toEqual(Array(7).fill(h('9:00', '21:00')));
    }
    expect(parseWorkHours('10:00–19:00')).toEqual(Array(7).fill(h('10:00', '19:00')));
  });
});

describe('transferReady', () => {
  it('leaves at the sending branch opening tomorrow and is ready five hours later', () => {
    const now = msk('2026-11-26T12:00:00');
    const ready = transferReady(DAILY, DAILY, now);
    expect(ready).toEqual({ date: '2026-11-27', minutes: 14 * 60 });
    expect(transferLabel('Подбор на Варшавском', ready, now)).toBe(
      'перемещение из филиала на Варшавском, завтра после 14:00',
    );
  });

  it('uses the weekend hours of the sending branch', () => {
    const from = parseWorkHours('Пн–Пт 9:00–21:00, Сб–Вс 10:00–20:00');
    const to = parseWorkHours('Пн–Сб 9:00–20:00, Вс 10:00–18:00');
    expect(transferReady(from, to, msk('2026-11-27T15:00:00'))).toEqual({
      date: '2026-11-28',
      minutes: 15 * 60,
    });
  });

  it('waits for the next opening of a branch closed on Sunday', () => {
    const now = msk('2026-11-28T10:00:00');
    const ready = transferReady(DAILY, CLOSED_SUNDAY, now);
    expect(ready).toEqual({ date: '2026-11-30', minutes: 9 * 60 });
    expect(readyWhenLabel(ready, now)).toBe('в понедельник, 30 ноября, после 9:00');
  });

  it('skips the weekend of a sending branch closed on it', () => {
    const now = msk('2026-11-27T11:00:00');
    expect(readyWhenLabel(transferReady(WEEKDAYS_ONLY, DAILY, now), now)).toBe(
      'в понедельник, 30 ноября, после 14:00',
    );
  });

  it('moves to the next day when the run arrives after closing, and to the opening when before it', () => {
    const now = msk('2026-11-26T12:00:00');
    expect(transferReady(DAILY, parseWorkHours('Ежедневно 9:00–13:00'), now)).toEqual({
      date: '2026-11-28',
      minutes: 9 * 60,
    });
    // A round-the-clock branch still sends the run no earlier than 9:00.
    expect(
      transferReady(parseWorkHours('Круглосуточно'), parseWorkHours('Ежедневно 15:00–22:00'), now),
    ).toEqual({
      date: '2026-11-27',
      minutes: 15 * 60,
    });
  });

  it('counts days on the Moscow calendar, not UTC', () => {
    // 22:30 UTC on Thursday is 1:30 on Friday in Moscow: the run leaves on Saturday.
    expect(transferReady(DAILY, DAILY, new Date('2026-11-26T22:30:00Z'))).toEqual({
      date: '2026-11-28',
      minutes: 14 * 60,
    });
  });
});

describe('labels', () => {
  it('says today, tomorrow, or the weekday and date', () => {
    const now = msk('2026-12-02T10:00:00');
    expect(readyWhenLabel({ date: '2026-12-02', minutes: 900 }, now)).toBe('сегодня после 15:00');
    expect(readyWhenLabel({ date: '2026-12-03', minutes: 840 }, now)).toBe('завтра после 14:00');
    expect(readyWhenLabel({ date: '2026-12-04', minutes: 570 }, now)).toBe(
      'в пятницу, 4 декабря, после 9:30',
    );
  });

  it('names the sending branch', () => {
    expect(branchGenitive('Подбор на Варшавском')).toBe('филиала на Варшавском');
    expect(branchGenitive('Склад Южный')).toBe('филиала «Склад Южный»');
  });

  it('stores the moment as an instant and reads it back as a date', () => {
    const at = shopMomentInstant({ date: '2026-11-27', minutes: 840 });
    expect(at.toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(readyAtLabel(at.toISOString())).toBe('27 ноября после 14:00');
    expect(readyForPickupLabel(at)).toBe('Будет готов к выдаче 27 ноября после 14:00');
    expect(readyAtLabel('nonsense')).toBe('');
  });
});
