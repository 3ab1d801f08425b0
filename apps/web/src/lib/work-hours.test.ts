import { describe, expect, it } from 'vitest';
import { callbackPromise, hoursRange } from './work-hours';

const MSK = { from: '08:00', to: '22:00', time_zone: 'Europe/Moscow' };
/** A moment given in Moscow time (UTC+3 all year). */
const msk = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+03:00`);

describe('callbackPromise', () => {
  it('promises the 17-minute callback while the line is open for that long', () => {
    expect(callbackPromise(msk('08:00'), MSK)).toEqual({ soon: true, when: 'в течение 17 минут' });
    expect(callbackPromise(msk('21:43'), MSK).soon).toBe(true);
  });

  it('names the next morning after hours, never 17 minutes at 22:25', () => {
    expect(callbackPromise(msk('22:25'), MSK)).toEqual({ soon: false, when: 'завтра после 8:00 по Москве' });
    expect(callbackPromise(msk('21:50'), MSK).when).toBe('завтра после 8:00 по Москве');
  });

  it('names this morning before opening', () => {
    expect(callbackPromise(msk('06:30'), MSK)).toEqual({ soon: false, when: 'сегодня после 8:00 по Москве' });
  });

  it('reads the hours in the shop’s zone, not the visitor’s', () => {
    // 20:00 UTC is 23:00 in Moscow.
    expect(callbackPromise(new Date('2026-11-25T20:00:00Z'), MSK).soon).toBe(false);
    expect(
      callbackPromise(new Date('2026-11-25T20:00:00Z'), { ...MSK, time_zone: 'Europe/London' }).soon,
    ).toBe(true);
  });

  it('handles hours past midnight and a showcase without hours', () => {
    const night = { from: '20:00', to: '02:00', time_zone: 'Europe/Moscow' };
    expect(callbackPromise(msk('23:30'), night).soon).toBe(true);
    expect(callbackPromise(msk('03:00'), night).when).toBe('сегодня после 20:00 по Москве');
    expect(callbackPromise(msk('03:00'), { from: '', to: '', time_zone: 'Europe/Moscow' }).soon).toBe(true);
  });
});

describe('hoursRange', () => {
  it('shows the hours without a leading zero, or nothing when unset', () => {
    expect(hoursRange(MSK)).toBe('8:00–22:00');
    expect(hoursRange({ from: '', to: '', time_zone: 'Europe/Moscow' })).toBe('');
  });
});
