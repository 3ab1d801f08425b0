// Service schedules of the vehicles Podbor sells parts for (issue #17, каталог ТО), shipped with the project like
// the VIN tables. A schedule belongs to an engine family of a brand's models: the base interval (one ТО), the oil
// (viscosity of the catalogue's «Вязкость» property, the maker's approval, the fill with the filter by engine
// displacement) and, for each part, how often it is changed. Every interval is a multiple of the base one, so a
// service's content is «every n-th ТО». Figures follow the makers' manuals for Russia's "severe" conditions,
// rounded to the catalogue's pack sizes where it matters only for the oil's volume.
//
// Brands and models are the catalogue's brand slugs and model titles; a family without `models` covers every
// model of its brand not named by an earlier family. maintenance.routes.test checks that every vehicle of the
// demo catalogue finds a schedule.

export type Fuel = 'petrol' | 'diesel' | 'hybrid';

export interface OilSpec {
  /** A value of the catalogue's `vyazkost` property. */
  viscosity: string;
  /** What the maker requires, for the customer: «API SN, ACEA A3/B4». */
  approval: string;
  /** [largest engine displacement in litres, fill with the filter in litres], ascending. */
  fill: readonly (readonly [number, number])[];
}

export interface ServiceSchedule {
  /** «Lada 8/16 кл. (ВАЗ-11183/11186/21126)». */
  title: string;
  brands: readonly string[];
  models?: readonly string[];
  fuel?: Fuel;
  /** One ТО, km. */
  intervalKm: number;
  oil: OilSpec;
  /** Intervals in km (multiples of intervalKm); absent: the part is not serviced on this schedule. */
  oilFilterKm: number;
  airFilterKm: number;
  cabinFilterKm?: number;
  fuelFilterKm?: number;
  sparkPlugsKm?: number;
  brakeFluidKm: number;
  /** The brake fluid's calendar limit, said with its km. */
  brakeFluidYears: number;
  /** Spark plugs per engine; by displacement otherwise (4, 6 from 2.7 l, 8 from 4.4 l). */
  plugs?: number;
}

const car = (s: Omit<ServiceSchedule, 'oilFilterKm' | 'brakeFluidYears'> & { brakeFluidYears?: number }) =>
  ({ ...s, oilFilterKm: s.intervalKm, brakeFluidYears: s.brakeFluidYears ?? 2 }) satisfies ServiceSchedule;

const LADA_OIL: OilSpec = {
  viscosity: '5W-40',
  approval: 'API SN, допуск АвтоВАЗ',
  fill: [[1.6, 3.2]],
};

export const SCHEDULES: readonly ServiceSchedule[] = [
  // ---- Lada ----
  car({
    title: 'Lada 2107 (ВАЗ-2104/2106)',
    brands: ['lada'],
    models: ['2107'],
    intervalKm: 15_000,
    oil: { viscosity: '10W-40', approval: 'API SL, допуск АвтоВАЗ', fill: [[1.6, 3.75]] },
    airFilterKm: 30_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Lada Niva (ВАЗ-21214)',
    brands: ['lada', 'chevrolet'],
    models: ['Niva Legend', 'Niva Travel', 'Niva'],
    intervalKm: 15_000,
    oil: { viscosity: '5W-40', approval: 'API SN, допуск АвтоВАЗ', fill: [[1.7, 3.75]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Lada Vesta / XRAY (ВАЗ-21129/21179, Nissan HR16)',
    brands: ['lada'],
    models: ['Vesta', 'Vesta SW Cross', 'XRAY'],
    intervalKm: 15_000,
    oil: {
      ...LADA_OIL,
      fill: [
        [1.6, 4.4],
        [1.8, 4.4],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 45_000,
    brakeFluidKm: 45_000,
    brakeFluidYears: 3,
  }),
  car({
    title: 'Lada Largus (Renault K7M/K4M, ВАЗ-21129)',
    brands: ['lada'],
    models: ['Largus'],
    intervalKm: 15_000,
    oil: { viscosity: '5W-40', approval: 'API SN, Renault RN 0700', fill: [[1.6, 4.8]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'Lada 8/16 кл. (ВАЗ-11183/11186/21126/21127)',
    brands: ['lada'],
    intervalKm: 15_000,
    oil: LADA_OIL,
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  // ---- Kia, Hyundai ----
  car({
    title: 'Kia / Hyundai дизель (CRDi)',
    brands: ['kia', 'hyundai'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'ACEA C3',
      fill: [
        [2.0, 6.0],
        [2.2, 6.6],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Kia / Hyundai бензин (Gamma, Kappa, Nu, Theta, Lambda)',
    brands: ['kia', 'hyundai'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SN, ILSAC GF-5',
      fill: [
        [1.4, 3.6],
        [1.6, 3.6],
        [2.0, 4.0],
        [2.4, 4.8],
        [2.5, 5.7],
        [3.5, 6.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  // ---- Renault, Nissan ----
  car({
    title: 'Renault / Nissan дизель (K9K dCi, R9M)',
    brands: ['renault', 'nissan'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'ACEA C3, Renault RN 0720',
      fill: [
        [1.5, 4.5],
        [1.6, 5.5],
        [2.0, 6.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'Nissan Qashqai / X-Trail (HR, MR, QR)',
    brands: ['nissan'],
    models: ['Qashqai', 'X-Trail'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SN, ACEA A3/B4',
      fill: [
        [1.2, 4.3],
        [1.6, 4.3],
        [2.0, 4.4],
        [2.5, 4.6],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Renault / Nissan бензин (K7M, K4M, H4M, F4R, H5H TCe)',
    brands: ['renault', 'nissan'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-40',
      approval: 'API SN, Renault RN 0700',
      fill: [
        [1.3, 4.5],
        [1.4, 3.3],
        [1.6, 4.8],
        [2.0, 5.4],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  // ---- Volkswagen, Skoda ----
  car({
    title: 'Volkswagen / Skoda дизель (TDI)',
    brands: ['volkswagen', 'skoda'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'VW 507.00',
      fill: [
        [2.0, 5.2],
        [2.5, 7.0],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Volkswagen / Skoda бензин (MPI EA211, TSI EA111/EA211/EA888)',
    brands: ['volkswagen', 'skoda'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-40',
      approval: 'VW 502.00',
      fill: [
        [1.2, 4.0],
        [1.4, 4.0],
        [1.6, 3.6],
        [1.8, 4.6],
        [2.0, 5.7],
        [3.6, 5.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  // ---- Toyota ----
  car({
    title: 'Toyota дизель (D-4D, GD)',
    brands: ['toyota'],
    fuel: 'diesel',
    intervalKm: 10_000,
    oil: {
      viscosity: '5W-30',
      approval: 'ACEA C2, API CF',
      fill: [
        [2.4, 7.5],
        [2.8, 7.5],
        [4.5, 10.8],
      ],
    },
    airFilterKm: 40_000,
    cabinFilterKm: 20_000,
    fuelFilterKm: 40_000,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'Toyota бензин (ZR, AR, GR, NR, TR, UR)',
    brands: ['toyota'],
    intervalKm: 10_000,
    oil: {
      viscosity: '0W-20',
      approval: 'API SN, ILSAC GF-5',
      fill: [
        [1.33, 3.7],
        [1.8, 4.2],
        [2.0, 4.4],
        [2.5, 4.4],
        [2.7, 5.5],
        [3.5, 6.1],
        [4.0, 5.2],
        [4.6, 7.6],
      ],
    },
    airFilterKm: 40_000,
    cabinFilterKm: 20_000,
    sparkPlugsKm: 100_000,
    brakeFluidKm: 40_000,
  }),
  // ---- Chevrolet ----
  car({
    title: 'Chevrolet (GM F14D/F16D/F18D, B15D2)',
    brands: ['chevrolet'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'GM dexos2',
      fill: [
        [1.2, 3.5],
        [1.4, 3.75],
        [1.5, 4.0],
        [1.8, 4.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 45_000,
    brakeFluidKm: 45_000,
  }),
  // ---- Ford ----
  car({
    title: 'Ford дизель (Duratorq TDCi)',
    brands: ['ford'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: { viscosity: '5W-30', approval: 'Ford WSS-M2C913-C', fill: [[2.2, 6.2]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 30_000,
  }),
  car({
    title: 'Ford бензин (Duratec, EcoBoost)',
    brands: ['ford'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'Ford WSS-M2C913-D',
      fill: [
        [1.6, 4.1],
        [2.0, 4.3],
        [2.3, 4.3],
        [2.5, 5.7],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 30_000,
  }),
  // ---- Mitsubishi, Mazda, Honda ----
  car({
    title: 'Mitsubishi дизель (4N15, 4D56 DI-D)',
    brands: ['mitsubishi'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: { viscosity: '5W-30', approval: 'ACEA C3', fill: [[2.4, 6.4]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 30_000,
  }),
  car({
    title: 'Mitsubishi бензин (4A9, 4B1, 6B31)',
    brands: ['mitsubishi'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SN',
      fill: [
        [1.6, 4.2],
        [2.0, 4.3],
        [2.4, 4.6],
        [3.0, 5.2],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 45_000,
    brakeFluidKm: 30_000,
  }),
  car({
    title: 'Mazda дизель (SKYACTIV-D)',
    brands: ['mazda'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: { viscosity: '0W-30', approval: 'ACEA C2, Mazda DL-1', fill: [[2.2, 5.1]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Mazda бензин (MZR, SKYACTIV-G)',
    brands: ['mazda'],
    intervalKm: 15_000,
    oil: {
      viscosity: '0W-20',
      approval: 'API SN, ILSAC GF-5',
      fill: [
        [2.0, 4.2],
        [2.5, 4.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Honda CR-V (R20, K24)',
    brands: ['honda'],
    models: ['CR-V'],
    intervalKm: 15_000,
    oil: {
      viscosity: '0W-20',
      approval: 'API SN, ILSAC GF-5',
      fill: [
        [2.0, 4.2],
        [2.4, 4.4],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 90_000,
    brakeFluidKm: 45_000,
    brakeFluidYears: 3,
  }),
  // ---- Chinese brands ----
  car({
    title: 'Haval дизель (GW4D20)',
    brands: ['haval'],
    fuel: 'diesel',
    intervalKm: 10_000,
    oil: { viscosity: '5W-30', approval: 'ACEA C3', fill: [[2.0, 6.5]] },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    fuelFilterKm: 20_000,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'Haval бензин (GW4B15, GW4C20)',
    brands: ['haval'],
    intervalKm: 10_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SP',
      fill: [
        [1.5, 4.5],
        [2.0, 5.5],
      ],
    },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    sparkPlugsKm: 40_000,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'Chery (SQRE4, Acteco)',
    brands: ['chery'],
    intervalKm: 10_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SN',
      fill: [
        [1.5, 4.5],
        [1.6, 4.7],
        [2.0, 5.2],
      ],
    },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    sparkPlugsKm: 30_000,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'Geely (JLH, JLE, Drive-E)',
    brands: ['geely'],
    intervalKm: 10_000,
    oil: {
      viscosity: '5W-30',
      approval: 'API SN, ACEA C3',
      fill: [
        [1.5, 4.0],
        [2.0, 5.2],
        [2.4, 4.5],
      ],
    },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    sparkPlugsKm: 40_000,
    brakeFluidKm: 40_000,
  }),
  // ---- BMW, Mercedes-Benz ----
  car({
    title: 'BMW дизель (B47, B57)',
    brands: ['bmw'],
    fuel: 'diesel',
    models: ['3 серии', '5 серии', 'X3', 'X5'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'BMW Longlife-04',
      fill: [
        [2.0, 5.2],
        [3.0, 6.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'BMW бензин (B48, B58)',
    brands: ['bmw'],
    models: ['3 серии', '5 серии', 'X3', 'X5'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'BMW Longlife-01',
      fill: [
        [2.0, 5.25],
        [3.0, 6.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Mercedes-Benz Sprinter (OM651)',
    brands: ['mercedes-benz'],
    models: ['Sprinter'],
    intervalKm: 15_000,
    oil: { viscosity: '5W-30', approval: 'MB 229.51', fill: [[2.1, 8.5]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'Mercedes-Benz дизель (OM651, OM654)',
    brands: ['mercedes-benz'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-30',
      approval: 'MB 229.51',
      fill: [
        [2.0, 7.0],
        [2.1, 6.5],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  car({
    title: 'Mercedes-Benz бензин (M264, M271, M274, M276)',
    brands: ['mercedes-benz'],
    intervalKm: 15_000,
    oil: {
      viscosity: '5W-40',
      approval: 'MB 229.5',
      fill: [
        [1.8, 5.5],
        [2.0, 6.0],
        [3.5, 8.0],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 60_000,
    brakeFluidKm: 45_000,
  }),
  // ---- Russian utility vehicles and trucks ----
  car({
    title: 'УАЗ дизель (ЗМЗ-51432)',
    brands: ['uaz'],
    fuel: 'diesel',
    intervalKm: 10_000,
    oil: { viscosity: '5W-40', approval: 'API CI-4', fill: [[2.2, 6.0]] },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    fuelFilterKm: 20_000,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'УАЗ бензин (ЗМЗ-409)',
    brands: ['uaz'],
    intervalKm: 10_000,
    oil: { viscosity: '10W-40', approval: 'API SL', fill: [[2.7, 6.5]] },
    airFilterKm: 20_000,
    cabinFilterKm: 10_000,
    sparkPlugsKm: 20_000,
    plugs: 4,
    brakeFluidKm: 40_000,
  }),
  car({
    title: 'ГАЗон Next (ЯМЗ-534)',
    brands: ['gaz'],
    models: ['ГАЗон Next'],
    intervalKm: 15_000,
    oil: { viscosity: '15W-40', approval: 'API CI-4', fill: [[4.4, 12.0]] },
    airFilterKm: 30_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'ГАЗель дизель (Cummins ISF 2.8)',
    brands: ['gaz'],
    fuel: 'diesel',
    intervalKm: 15_000,
    oil: { viscosity: '15W-40', approval: 'API CI-4, Cummins CES 20081', fill: [[2.8, 7.8]] },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    fuelFilterKm: 15_000,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'ГАЗель бензин (Evotech, УМЗ-4216)',
    brands: ['gaz'],
    intervalKm: 15_000,
    oil: {
      viscosity: '10W-40',
      approval: 'API SL',
      fill: [
        [2.7, 5.4],
        [2.9, 6.0],
      ],
    },
    airFilterKm: 30_000,
    cabinFilterKm: 15_000,
    sparkPlugsKm: 30_000,
    plugs: 4,
    brakeFluidKm: 60_000,
  }),
  car({
    title: 'КАМАЗ (КАМАЗ-740, Cummins ISB 6.7, OM457)',
    brands: ['kamaz'],
    intervalKm: 15_000,
    oil: {
      viscosity: '15W-40',
      approval: 'API CI-4',
      fill: [
        [6.7, 16.0],
        [10.9, 22.0],
        [12.0, 36.0],
      ],
    },
    airFilterKm: 30_000,
    fuelFilterKm: 30_000,
    brakeFluidKm: 60_000,
  }),
  // ---- Motorcycles ----
  car({
    title: 'Мотоцикл рядный двухцилиндровый (Honda, Yamaha, Suzuki)',
    brands: ['honda', 'yamaha', 'suzuki'],
    models: ['CB500X', 'Africa Twin CRF1100L', 'MT-07', 'Ténéré 700', 'V-Strom 650'],
    intervalKm: 6_000,
    oil: {
      viscosity: '10W-40',
      approval: 'API SN, JASO MA2',
      fill: [
        [0.47, 3.2],
        [0.69, 3.0],
        [1.08, 4.2],
      ],
    },
    airFilterKm: 18_000,
    sparkPlugsKm: 24_000,
    plugs: 2,
    brakeFluidKm: 24_000,
  }),
  car({
    title: 'Yamaha YZF-R1 (CP4)',
    brands: ['yamaha'],
    models: ['YZF-R1'],
    intervalKm: 6_000,
    oil: { viscosity: '10W-40', approval: 'API SN, JASO MA2', fill: [[1.0, 3.9]] },
    airFilterKm: 36_000,
    sparkPlugsKm: 24_000,
    plugs: 4,
    brakeFluidKm: 24_000,
  }),
  car({
    title: 'BMW R 1250 GS (оппозитный ShiftCam)',
    brands: ['bmw'],
    models: ['R 1250 GS'],
    intervalKm: 10_000,
    oil: { viscosity: '5W-40', approval: 'BMW Motorrad, JASO MA2', fill: [[1.25, 4.0]] },
    airFilterKm: 20_000,
    sparkPlugsKm: 20_000,
    plugs: 4,
    brakeFluidKm: 20_000,
  }),
  car({
    title: 'Урал Gear-Up (оппозитный 750)',
    brands: ['ural'],
    intervalKm: 5_000,
    oil: { viscosity: '10W-40', approval: 'API SL', fill: [[0.75, 2.5]] },
    airFilterKm: 10_000,
    sparkPlugsKm: 10_000,
    plugs: 2,
    brakeFluidKm: 20_000,
  }),
];

/** The schedule of a vehicle: the first family of its brand naming its model (or naming none) and its fuel. */
export function scheduleFor(vehicle: {
  brand: string;
  model: string;
  fuel: string;
}): ServiceSchedule | undefined {
  const fuel = vehicle.fuel === 'diesel' ? 'diesel' : 'petrol';
  const ofBrand = SCHEDULES.filter(
    (s) => s.brands.includes(vehicle.brand) && (s.fuel === undefined || s.fuel === fuel),
  );
  return (
    ofBrand.find((s) => s.models?.includes(vehicle.model)) ?? ofBrand.find((s) => s.models === undefined)
  );
}

/** Oil fill in litres for an engine displacement: the first row whose displacement is not smaller. */
export function oilFill(oil: OilSpec, displacement: number): number {
  const row = oil.fill.find(([max]) => displacement <= max + 1e-9) ?? oil.fill[oil.fill.length - 1]!;
  return row[1];
}

/** Spark plugs an engine takes. */
export function plugCount(schedule: ServiceSchedule, displacement: number): number {
  if (schedule.plugs) return schedule.plugs;
  if (displacement >= 4.4) return 8;
  if (displacement >= 2.7) return 6;
  return 4;
}
