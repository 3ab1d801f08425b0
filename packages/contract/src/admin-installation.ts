import { z } from 'zod';
import './zod-config';
import { INT4_MAX } from './constants';
import { MESSAGES } from './messages';

// Back-office installation price table (issue #14): per category, a price for each city × vehicle type, where a
// null city or vehicle type is the fallback row (any city / any type). The storefront picks the most specific
// price (lib/catalog/installation.directory.ts in the API). Staff read it; only an administrator saves it.

/** Highest installation price of one cell, roubles. */
export const INSTALLATION_PRICE_MAX = 1_000_000;
/** Most cells of one category's table (cities × vehicle types, with the fallbacks). */
export const INSTALLATION_CELLS_MAX = 20_000;

export const INSTALLATION_MESSAGES = {
  priceInvalid: 'Цена установки — неотрицательное число рублей с не более чем двумя знаками после запятой',
  priceTooLarge: `Цена установки не должна быть больше ${INSTALLATION_PRICE_MAX} ₽`,
  unknownCity: 'Такого города нет',
  unknownVehicleType: 'Такого типа транспорта нет',
  duplicateCell: 'Одна и та же ячейка (город и тип транспорта) указана дважды',
} as const;

const id = z.number().int().positive(MESSAGES.idInvalid).max(INT4_MAX, MESSAGES.numberTooLarge);

export const installationPrice = z
  .number({ error: INSTALLATION_MESSAGES.priceInvalid })
  .min(0, INSTALLATION_MESSAGES.priceInvalid)
  .max(INSTALLATION_PRICE_MAX, INSTALLATION_MESSAGES.priceTooLarge)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, INSTALLATION_MESSAGES.priceInvalid);

/** One priced cell; city_id / vehicle_type_id null: the fallback for any city / any vehicle type. */
export const installationCell = z.object({
  city_id: id.nullable(),
  vehicle_type_id: id.nullable(),
  price: installationPrice,
});
export type InstallationCell = z.infer<typeof installationCell>;

/** A category to pick in the price table's category picker. */
export const adminInstallationCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Titles from the root: «Тормозная система › Колодки». */
  path: z.string(),
  /** How many cells of its table have a price. */
  priced: z.number().int(),
});
export const adminInstallationCategoriesResponse = z.array(adminInstallationCategory);
export type AdminInstallationCategory = z.infer<typeof adminInstallationCategory>;

/** One category's table with everything the grid needs: its rows (cities), columns (vehicle types) and prices. */
export const adminInstallationTable = z.object({
  category: adminInstallationCategory,
  cities: z.array(z.object({ id: z.number().int(), title: z.string() })),
  vehicle_types: z.array(z.object({ id: z.number().int(), title: z.string() })),
  prices: z.array(installationCell),
});
export type AdminInstallationTable = z.infer<typeof adminInstallationTable>;

/** The category's whole table: cells left out have no price afterwards. */
export const adminInstallationUpdate = z.object({
  prices: z.array(installationCell).max(INSTALLATION_CELLS_MAX),
});
export type AdminInstallationUpdate = z.infer<typeof adminInstallationUpdate>;
