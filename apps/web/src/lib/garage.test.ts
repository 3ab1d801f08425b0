import { describe, expect, it } from 'vitest';
import { readRecentVehicles, rememberVehicle } from './garage';

// A visitor's last five vehicles on the device (issue #17).

function memory(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [['podbor.recentVehicles', initial]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('recent vehicles', () => {
  it('keeps the last five, newest first, each once', () => {
    const storage = memory();
    for (let id = 1; id <= 7; id++) rememberVehicle({ id, label: `Авто ${id}` }, storage);
    rememberVehicle({ id: 5, label: 'Авто 5' }, storage);
    expect(readRecentVehicles(storage).map((v) => v.id)).toEqual([5, 7, 6, 4, 3]);
  });

  it('ignores what it did not write: broken JSON, foreign shapes', () => {
    expect(readRecentVehicles(memory('{oops'))).toEqual([]);
    expect(readRecentVehicles(memory('{"id":1}'))).toEqual([]);
    expect(
      readRecentVehicles(memory('[{"id":-1,"label":"x"},{"id":2,"label":""},{"id":3,"label":"Лада"}]')),
    ).toEqual([{ id: 3, label: 'Лада' }]);
  });

  it('still answers when the storage refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(rememberVehicle({ id: 1, label: 'Лада' }, full)).toEqual([{ id: 1, label: 'Лада' }]);
  });
});
