import {
  GARAGE_MAX_VEHICLES,
  GARAGE_MESSAGES,
  GARAGE_NAME_MAX_LENGTH,
  type GarageResponse,
  MESSAGES,
  type GarageVehicle,
} from '@podbor/contract';
import type { z } from 'zod';
import type { garageAddRequest, garageUpdateRequest } from '@podbor/contract';
import type { Db } from '../../db/client';
import { transportDirectory, type TransportDirectory } from '../../lib/catalog/transport.directory';
import { badRequest, detailError, HttpError, notFound } from '../../lib/http-error';
import {
  deleteVehicle,
  insertVehicleWithin,
  isActiveUser,
  listVehicles,
  transportExists,
  updateVehicle,
  type GarageRow,
} from './garage.repository';

// The garage of the signed-in customer (issue #17): list, add (at most GARAGE_MAX_VEHICLES), rename or change
// VIN and mileage, delete. Labels come from the transport directory every storefront page already uses.

type AddInput = z.output<typeof garageAddRequest>;
type UpdateInput = z.output<typeof garageUpdateRequest>;

function toVehicle(dir: TransportDirectory, row: GarageRow): GarageVehicle {
  return {
    id: row.id,
    transport: row.transportId,
    name: row.name,
    label: dir.byId.get(row.transportId)?.label ?? `Автомобиль № ${row.transportId}`,
    vin: row.vin,
    mileage: row.mileage,
  };
}

/** The signed-in, still active account of the request, or 401 (as the profile calls answer). */
export async function customerId(db: Db, userId: number | undefined): Promise<number> {
  if (userId === undefined || !(await isActiveUser(db, userId)))
    throw new HttpError(401, { errors: { detail: MESSAGES.unauthenticated } });
  return userId;
}

const directory = (db: Db) => transportDirectory(db).get();

export async function garageOf(db: Db, userId: number): Promise<GarageResponse> {
  const [rows, dir] = await Promise.all([listVehicles(db, userId), directory(db)]);
  return { results: rows.map((row) => toVehicle(dir, row)), max: GARAGE_MAX_VEHICLES };
}

/** «Lada Granta» for a vehicle added without a name, cut to the name's limit. */
function defaultName(dir: TransportDirectory, transportId: number): string {
  const t = dir.byId.get(transportId);
  const name = t ? `${t.brand.title} ${t.model.title}` : `Автомобиль № ${transportId}`;
  return name.slice(0, GARAGE_NAME_MAX_LENGTH).trim();
}

export async function addVehicle(db: Db, userId: number, input: AddInput): Promise<GarageVehicle> {
  if (!(await transportExists(db, input.transport)))
    throw badRequest({ transport: [GARAGE_MESSAGES.transportNotFound] });
  const dir = await directory(db);
  const row = await insertVehicleWithin(db, GARAGE_MAX_VEHICLES, {
    userId,
    transportId: input.transport,
    name: input.name ?? defaultName(dir, input.transport),
    vin: input.vin ?? null,
    mileage: input.mileage ?? null,
  });
  if (!row) throw detailError(409, GARAGE_MESSAGES.full);
  return toVehicle(dir, row);
}

export async function changeVehicle(
  db: Db,
  userId: number,
  id: number,
  input: UpdateInput,
): Promise<GarageVehicle> {
  const values: Parameters<typeof updateVehicle>[3] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.vin !== undefined) values.vin = input.vin;
  if (input.mileage !== undefined) values.mileage = input.mileage;
  const row = await updateVehicle(db, userId, id, values);
  if (!row) throw notFound(GARAGE_MESSAGES.notFound);
  return toVehicle(await directory(db), row);
}

export async function removeVehicle(db: Db, userId: number, id: number): Promise<{ id: number }> {
  if (!(await deleteVehicle(db, userId, id))) throw notFound(GARAGE_MESSAGES.notFound);
  return { id };
}
