import { z } from 'zod';
import { positiveIntString } from './common';
import { INT4_MAX } from './constants';
import { MESSAGES } from './messages';
import { normalizeVehicleCode, readVehicleCode } from './vehicle-code';
import { GARAGE_MESSAGES, GARAGE_MILEAGE_MAX, GARAGE_NAME_MAX_LENGTH } from './garage-text';

// The garage (issue #17): a signed-in customer's several vehicles, each a transport of the catalogue with the
// customer's own name for it («Рабочая Granta»), an optional VIN (or Japanese FRAME number) and mileage. The
// chosen vehicle itself stays the storefront's `transportId` cookie; the garage is the list it is switched from.

export {
  GARAGE_MAX_VEHICLES,
  GARAGE_MESSAGES,
  GARAGE_MILEAGE_MAX,
  GARAGE_NAME_MAX_LENGTH,
  RECENT_VEHICLES_MAX,
} from './garage-text';

const nameField = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z.string().min(1, GARAGE_MESSAGES.nameEmpty).max(GARAGE_NAME_MAX_LENGTH, GARAGE_MESSAGES.nameTooLong),
  );

/** VIN or FRAME number as the customer typed it; empty or null forgets it; stored normalised (upper case, Latin). */
export const garageVinField = z.union([z.string(), z.null()]).transform((value, ctx): string | null => {
  if (value === null || value.trim() === '') return null;
  const read = readVehicleCode(value);
  if (!read.ok) {
    ctx.issues.push({ code: 'custom', message: read.message, input: value });
    return z.NEVER;
  }
  return normalizeVehicleCode(value);
});

/** Kilometres: a number or digits with spaces («120 000»); empty or null forgets it. */
export const garageMileageField = z
  .union([z.number(), z.string(), z.null()])
  .transform((value, ctx): number | null => {
    if (value === null) return null;
    const text = String(value).replace(/[\s\u00a0]/g, '');
    if (text === '') return null;
    const km = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(km) || km > GARAGE_MILEAGE_MAX) {
      ctx.issues.push({ code: 'custom', message: GARAGE_MESSAGES.mileage, input: value });
      return z.NEVER;
    }
    return km;
  });

const transportField = z.union([z.number(), z.string()]).transform((value, ctx): number => {
  const text = String(value).trim();
  const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT4_MAX) {
    ctx.issues.push({ code: 'custom', message: MESSAGES.idInvalid, input: value });
    return z.NEVER;
  }
  return id;
});

export const garageVehicle = z.object({
  id: z.number().int(),
  /** Transport id: what the storefront's chosen-vehicle cookie takes. */
  transport: z.number().int(),
  name: z.string(),
  /** SPEC §3 text form of the transport, e.g. `Lada Granta 2018–2024 1.6 (106 л.с.)`. */
  label: z.string(),
  vin: z.string().nullable(),
  mileage: z.number().int().nullable(),
});
export type GarageVehicle = z.infer<typeof garageVehicle>;

export const garageResponse = z.object({
  results: z.array(garageVehicle),
  /** How many vehicles the garage holds at most. */
  max: z.number().int(),
});
export type GarageResponse = z.infer<typeof garageResponse>;

/** Adding a vehicle: the transport is required; without a name the garage names it by brand and model. */
export const garageAddRequest = z.object({
  transport: transportField,
  name: nameField.optional(),
  vin: garageVinField.optional(),
  mileage: garageMileageField.optional(),
});
export type GarageAddRequest = z.input<typeof garageAddRequest>;

export const garageUpdateRequest = z
  .object({
    name: nameField.optional(),
    vin: garageVinField.optional(),
    mileage: garageMileageField.optional(),
  })
  .refine((v) => v.name !== undefined || v.vin !== undefined || v.mileage !== undefined, {
    message: GARAGE_MESSAGES.nothingToChange,
    path: ['non_field_errors'],
  });
export type GarageUpdateRequest = z.input<typeof garageUpdateRequest>;

export const garageVehicleParams = z.object({ vehicleId: positiveIntString });

export const garageDeleted = z.object({ id: z.number().int() });
