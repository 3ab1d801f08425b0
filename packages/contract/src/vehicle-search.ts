import { z } from 'zod';

// Issue #17: the vehicle read from the search text ('колодки камри 2018' → Toyota Camry 2018). The search answer
// and the results page name it in the new optional field `vehicle`; the words that named it are left out of the
// product search, and the parts are shown for it. Never a rename of a SPEC field: `vehicle` is Podbor's own.

/** How far the text narrows the vehicle down, in the order of the selector: model → year → engine. */
export const SEARCH_VEHICLE_STEPS = ['brand', 'model', 'year', 'engine'] as const;
export type SearchVehicleStep = (typeof SEARCH_VEHICLE_STEPS)[number];

export const searchVehicle = z.object({
  /** Set when the text proves one vehicle of the catalogue (model, year and engine). */
  transport_id: z.number().int().optional(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int().optional(),
  /** The engine the volume in the text proves: as the catalogue names it ('2.0 (150 л.с.)'), or the volume
   * ('1.6') when the model has several engines of it. */
  engine: z.string().optional(),
  /** 'Toyota Camry 2018' — what the offer «Показать для …?» names. */
  label: z.string(),
  /** The narrowest step proven; 'brand' when the model is known by name but not in the vehicle directory. */
  step: z.enum(SEARCH_VEHICLE_STEPS),
  /** The query without the vehicle words: what the products were searched for ('колодки'). */
  query: z.string(),
  /** The catalogue's vehicles the text fits (most five), to choose one when the engine is not proven. */
  transports: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type SearchVehicle = z.infer<typeof searchVehicle>;
