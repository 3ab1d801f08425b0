import { describe, expect, it } from 'vitest';
import {
  normalizeVehicleCode,
  readVehicleCode,
  VEHICLE_CODE_MESSAGES,
  vinCheckDigit,
  vinModelYears,
} from './vehicle-code';

const error = (raw: string) => {
  const result = readVehicleCode(raw);
  return result.ok ? null : result.message;
};

describe('VIN check digit (ISO 3779, 49 CFR 565)', () => {
  it('computes the published examples', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('is compulsory for North American VINs: one changed character is refused', () => {
    expect(error('1HGCM82633A004352')).toBeNull();
    expect(error('1HGCM82633A004353')).toBe(VEHICLE_CODE_MESSAGES.vinCheckDigit);
    expect(error('4T1BF1FK0CU123456')).toBeNull();
    expect(error('4T1BF1FK1CU123456')).toBe(VEHICLE_CODE_MESSAGES.vinCheckDigit);
  });

  it('is not required elsewhere: Russian, European and Asian VINs pass whatever their 9th character', () => {
    for (const vin of ['XTA219010F0301234', 'X7LLSRB1HBH123456', 'WVWZZZ1KZ8W123456', 'KNAPC81D9G7012345']) {
      const result = readVehicleCode(vin);
      expect(result.ok, vin).toBe(true);
    }
    const lada = readVehicleCode('XTA219010F0301234');
    expect(lada.ok && lada.value.kind === 'vin' && lada.value.checkDigit).toBe('not-used');
    const kia = readVehicleCode('KNAPC81D9G7012345');
    expect(kia.ok && kia.value.kind === 'vin' && kia.value.checkDigit).toBe('valid');
  });
});

describe('reading what the customer typed', () => {
  it('takes Cyrillic look-alikes, lower case and groups with spaces', () => {
    expect(normalizeVehicleCode(' хта 219010 f0301234 ')).toBe('XTA219010F0301234');
    expect(readVehicleCode('ХТА219010F0301234')).toEqual({
      ok: true,
      value: { kind: 'vin', code: 'XTA219010F0301234', checkDigit: 'not-used' },
    });
  });

  it('refuses I, O and Q, other characters and wrong lengths with a message that says what to do', () => {
    expect(error('XTA21901OF0301234')).toBe(VEHICLE_CODE_MESSAGES.vinLetters);
    expect(error('XTA219010F030123Q')).toBe(VEHICLE_CODE_MESSAGES.vinLetters);
    expect(error('XTA2190#0F0301234')).toBe(VEHICLE_CODE_MESSAGES.vinCharacters);
    expect(error('XTA219010F030123')).toBe(VEHICLE_CODE_MESSAGES.vinLength(16));
    expect(error('XTA219010F03012345')).toBe(VEHICLE_CODE_MESSAGES.vinLength(18));
    expect(error('   ')).toBe(VEHICLE_CODE_MESSAGES.empty);
    expect(error('X'.repeat(41))).toBe(VEHICLE_CODE_MESSAGES.tooLong);
    expect(VEHICLE_CODE_MESSAGES.vinLength(16)).toContain('16');
  });

  it('reads FRAME numbers with a dash, or a space in its place', () => {
    expect(readVehicleCode('NZE141-1234567')).toEqual({
      ok: true,
      value: { kind: 'frame', code: 'NZE141-1234567', model: 'NZE141', serial: '1234567' },
    });
    expect(readVehicleCode('gx110 6012345')).toEqual({
      ok: true,
      value: { kind: 'frame', code: 'GX110-6012345', model: 'GX110', serial: '6012345' },
    });
    expect(readVehicleCode('nze141—1234567').ok).toBe(true);
    expect(error('NZE141-12AB')).toBe(VEHICLE_CODE_MESSAGES.frameFormat);
    expect(error('141-1234567')).toBe(VEHICLE_CODE_MESSAGES.frameFormat);
    expect(error('NZE141-')).toBe(VEHICLE_CODE_MESSAGES.frameFormat);
  });
});

describe('model year of the 10th character', () => {
  it('follows the 30-year cycle and stays within the range asked', () => {
    expect(vinModelYears('XTA219010F0301234', 1980, 2027)).toEqual([1985, 2015]);
    expect(vinModelYears('XTA219010F0301234', 1990, 2027)).toEqual([2015]);
    expect(vinModelYears('XTA21214CA0123456', 1975, 2027)).toEqual([1980, 2010]);
    expect(vinModelYears('KNAPC81D9G7012345', 1980, 2027)).toEqual([1986, 2016]);
    expect(vinModelYears('XW8ZZZ619EG012345', 2000, 2027)).toEqual([2014]);
    expect(vinModelYears('XTA2190109A123456', 1980, 2027)).toEqual([2009]);
    // '0' is never a year: European makers often put it there.
    expect(vinModelYears('JTNBV58E00J123456', 1980, 2027)).toEqual([]);
  });
});
