import { priceListSettings, PRICE_LIST_MESSAGES } from '@podbor/contract';
import { describe, expect, it } from 'vitest';
import {
  columnOptions,
  matchOption,
  previewFields,
  settingsFromValues,
  valuesFromSettings,
  type MappingValues,
} from './mapping';

const sample = {
  header: ['Артикул', 'Бренд', 'Цена', '', 'Цена'],
  rows: [
    { line: 1, cells: ['Прайс ООО «Ромашка»'] },
    { line: 2, cells: ['Артикул', 'Бренд', 'Цена', '', 'Цена'] },
    { line: 3, cells: ['OC 90', 'MANN', '350,00', 'шт', '400'] },
  ],
};

describe('column options of a sample', () => {
  it('names a column by its title when the title is unique, else by its number with an example value', () => {
    expect(columnOptions(sample, true)).toEqual([
      { value: 't:Артикул', label: 'Артикул (столбец 1)' },
      { value: 't:Бренд', label: 'Бренд (столбец 2)' },
      { value: 'n:3', label: 'Столбец 3: 350,00' },
      { value: 'n:4', label: 'Столбец 4: шт' },
      { value: 'n:5', label: 'Столбец 5: 400' },
    ]);
  });

  it('numbers every column of a file without a header row', () => {
    const options = columnOptions(sample, false);
    expect(options.map((o) => o.value)).toEqual(['n:1', 'n:2', 'n:3', 'n:4', 'n:5']);
    expect(options[0]!.label).toBe('Столбец 1: Прайс ООО «Ромашка»');
  });
});

describe('a saved or suggested column among the options', () => {
  const options = columnOptions(sample, true);
  it('finds a title however it is spelled, and a number by position', () => {
    expect(matchOption('  артикул ', options)).toBe('t:Артикул');
    expect(matchOption(2, options)).toBe('t:Бренд');
    expect(matchOption(5, options)).toBe('n:5');
    expect(matchOption('Количество', options)).toBe('');
    expect(matchOption(9, options)).toBe('');
    expect(matchOption(undefined, options)).toBe('');
  });
});

describe('form values and the supplier settings', () => {
  const values: MappingValues = {
    mapping: {
      article: 't:Артикул',
      brand: 't:Бренд',
      title: '',
      price: 'n:5',
      quantity: '',
      delivery_days: '',
      multiplicity: '',
    },
    file: { encoding: 'windows-1251', delimiter: ';', header_row: true, first_data_line: ' 3 ', sheet: '' },
  };

  it('become the contract settings, optional fields left out, and come back unchanged', () => {
    const settings = settingsFromValues(values);
    expect(settings).toEqual({
      mapping: { article: 'Артикул', brand: 'Бренд', price: 5 },
      file: { encoding: 'windows-1251', delimiter: ';', header_row: true, first_data_line: 3 },
    });
    const parsed = priceListSettings.parse(settings);
    expect(valuesFromSettings(parsed)).toEqual({ ...values, file: { ...values.file, first_data_line: '3' } });
  });

  it('give the sheet as a number or a name, and a supplier never set up the defaults', () => {
    expect(settingsFromValues({ ...values, file: { ...values.file, sheet: '2' } }).file?.sheet).toBe(2);
    expect(settingsFromValues({ ...values, file: { ...values.file, sheet: 'Прайс' } }).file?.sheet).toBe(
      'Прайс',
    );
    expect(valuesFromSettings(null).file).toEqual({
      encoding: 'auto',
      delimiter: 'auto',
      header_row: true,
      first_data_line: '',
      sheet: '',
    });
    expect(Object.values(valuesFromSettings(null).mapping).every((v) => v === '')).toBe(true);
  });

  it('are refused by the contract where a manager must fix them', () => {
    const noHeader = priceListSettings.safeParse(
      settingsFromValues({ ...values, file: { ...values.file, header_row: false } }),
    );
    expect(noHeader.success).toBe(false);
    expect(noHeader.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'mapping.article',
      PRICE_LIST_MESSAGES.columnByNameNeedsHeader,
    ]);
    const badLine = priceListSettings.safeParse(
      settingsFromValues({ ...values, file: { ...values.file, first_data_line: 'третья' } }),
    );
    expect(badLine.error!.issues[0]).toMatchObject({
      path: ['file', 'first_data_line'],
      message: PRICE_LIST_MESSAGES.firstDataLine,
    });
    const noPrice = priceListSettings.safeParse(
      settingsFromValues({ ...values, mapping: { ...values.mapping, price: '' } }),
    );
    expect(noPrice.error!.issues[0]!.path).toEqual(['mapping', 'price']);
  });

  it('send only the reading options the preview takes', () => {
    expect(previewFields(values.file)).toEqual({
      encoding: 'windows-1251',
      delimiter: ';',
      header_row: 'true',
      first_data_line: '3',
    });
    expect(previewFields({ ...values.file, first_data_line: 'x', sheet: ' Лист1 ' })).toEqual({
      encoding: 'windows-1251',
      delimiter: ';',
      header_row: 'true',
      sheet: 'Лист1',
    });
  });
});
