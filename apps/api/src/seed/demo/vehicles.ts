import { slugify } from '../text';

/**
 * Vehicles sold in Russia. Each generation × engine becomes one `transports` row.
 *
 * `platform` groups models that share most chassis parts (Rio/Solaris/Creta, Logan/Sandero/Duster/Largus,
 * Polo/Rapid…): a part's fitment is drawn from one platform, so a brake pad never "fits" both a Lada 2107
 * and a BMW X5.
 *
 * Engine notation: '<litres> [label] <hp> [d|h]' — d = diesel, h = hybrid; e.g. '1.4 TSI 150', '2.0 TDI 150 d'.
 */
export type VehicleTypeSlug = 'legkovye' | 'gruzovye' | 'mototsikly';

export const VEHICLE_TYPES: { slug: VehicleTypeSlug; title: string }[] = [
  { slug: 'legkovye', title: 'Легковые' },
  { slug: 'gruzovye', title: 'Грузовые' },
  { slug: 'mototsikly', title: 'Мототехника' },
];

export interface ModelData {
  title: string;
  type: VehicleTypeSlug;
  platform: string;
  /** [generation, year from, year to, engines] */
  gens: [string, number, number, string[]][];
}

export interface BrandData {
  title: string;
  slug: string;
  models: ModelData[];
}

/** How often customers of a platform shop with us: Russia's car park is mostly Lada, Kia/Hyundai, Renault. */
export const PLATFORM_WEIGHT: Record<string, number> = {
  'lada-classic': 3,
  'lada-samara': 4,
  'lada-granta': 8,
  'lada-vesta': 6,
  'renault-b0': 9,
  niva: 3,
  'hk-b': 9,
  'hk-c': 5,
  'hk-suv': 4,
  'hk-d': 2,
  'vag-a0': 6,
  'vag-mqb': 5,
  'vag-pq': 3,
  'toyota-c': 3,
  'toyota-k': 4,
  'toyota-4x4': 2,
  'nissan-cmf': 3,
  'gm-delta': 2,
  'gm-gamma': 2,
  'ford-c1': 3,
  'ford-cd': 1,
  'renault-c': 1,
  mitsubishi: 2,
  'mitsubishi-4x4': 1,
  mazda: 2,
  honda: 1,
  haval: 3,
  chery: 3,
  geely: 3,
  uaz: 2,
  bmw: 1.5,
  mercedes: 1.5,
  gazel: 6,
  'lcv-euro': 3,
  'truck-heavy': 2,
  moto: 2,
};

/** Factory rim diameters of a platform, so tyres and wheels are offered only for cars that take that size. */
export const PLATFORM_RIMS: Record<string, [number, number]> = {
  'lada-classic': [14, 14],
  'lada-samara': [14, 15],
  'lada-granta': [14, 15],
  'lada-vesta': [15, 17],
  'renault-b0': [15, 17],
  niva: [15, 16],
  'hk-b': [15, 17],
  'hk-c': [15, 17],
  'hk-suv': [17, 19],
  'hk-d': [16, 18],
  'vag-a0': [14, 16],
  'vag-mqb': [16, 18],
  'vag-pq': [15, 17],
  'toyota-c': [15, 17],
  'toyota-k': [17, 19],
  'toyota-4x4': [17, 20],
  'nissan-cmf': [16, 19],
  'gm-delta': [15, 17],
  'gm-gamma': [14, 16],
  'ford-c1': [15, 18],
  'ford-cd': [16, 18],
  'renault-c': [15, 17],
  mitsubishi: [16, 18],
  'mitsubishi-4x4': [16, 18],
  mazda: [16, 19],
  honda: [17, 18],
  haval: [17, 19],
  chery: [16, 19],
  geely: [17, 19],
  uaz: [16, 18],
  bmw: [17, 20],
  mercedes: [17, 20],
  gazel: [16, 16],
  'lcv-euro': [16, 17],
};

const L = 'legkovye' as const;
const G = 'gruzovye' as const;
const M = 'mototsikly' as const;

export const BRANDS: BrandData[] = [
  {
    title: 'Lada',
    slug: 'lada',
    models: [
      {
        title: '2107',
        type: L,
        platform: 'lada-classic',
        gens: [['I', 1982, 2012, ['1.5 72', '1.6 74', '1.5 i 71']]],
      },
      {
        title: '2114 Samara',
        type: L,
        platform: 'lada-samara',
        gens: [['I', 2001, 2013, ['1.5 78', '1.6 81', '1.6 89']]],
      },
      {
        title: 'Priora',
        type: L,
        platform: 'lada-samara',
        gens: [
          ['I', 2007, 2013, ['1.6 81', '1.6 98']],
          ['I рестайлинг', 2013, 2018, ['1.6 98', '1.6 106']],
        ],
      },
      {
        title: 'Kalina',
        type: L,
        platform: 'lada-granta',
        gens: [
          ['I', 2004, 2013, ['1.4 89', '1.6 81']],
          ['II', 2013, 2018, ['1.6 87', '1.6 98', '1.6 106']],
        ],
      },
      {
        title: 'Granta',
        type: L,
        platform: 'lada-granta',
        gens: [
          ['I', 2011, 2018, ['1.6 87', '1.6 98', '1.6 106']],
          ['I рестайлинг', 2018, 2026, ['1.6 90', '1.6 98', '1.6 106']],
        ],
      },
      {
        title: 'Vesta',
        type: L,
        platform: 'lada-vesta',
        gens: [
          ['I', 2015, 2022, ['1.6 106', '1.8 122']],
          ['NG', 2023, 2026, ['1.6 106', '1.8 122']],
        ],
      },
      {
        title: 'Vesta SW Cross',
        type: L,
        platform: 'lada-vesta',
        gens: [
          ['I', 2017, 2022, ['1.6 106', '1.8 122']],
          ['NG', 2023, 2026, ['1.6 106', '1.8 122']],
        ],
      },
      {
        title: 'XRAY',
        type: L,
        platform: 'renault-b0',
        gens: [['I', 2015, 2022, ['1.6 106', '1.6 110', '1.8 122']]],
      },
      {
        title: 'Largus',
        type: L,
        platform: 'renault-b0',
        gens: [
          ['I', 2012, 2021, ['1.6 87', '1.6 102', '1.6 106']],
          ['I рестайлинг', 2021, 2026, ['1.6 90', '1.6 106']],
        ],
      },
      { title: 'Niva Legend', type: L, platform: 'niva', gens: [['I', 1977, 2026, ['1.7 83']]] },
      { title: 'Niva Travel', type: L, platform: 'niva', gens: [['I', 2020, 2026, ['1.7 80']]] },
    ],
  },
  {
    title: 'Kia',
    slug: 'kia',
    models: [
      {
        title: 'Rio',
        type: L,
        platform: 'hk-b',
        gens: [
          ['III', 2011, 2017, ['1.4 107', '1.6 123']],
          ['IV', 2017, 2022, ['1.4 100', '1.6 123']],
        ],
      },
      { title: 'Rio X-Line', type: L, platform: 'hk-b', gens: [['I', 2017, 2021, ['1.4 100', '1.6 123']]] },
      {
        title: 'Ceed',
        type: L,
        platform: 'hk-c',
        gens: [
          ['II', 2012, 2018, ['1.4 100', '1.6 130', '1.6 135']],
          ['III', 2018, 2024, ['1.4 T-GDI 140', '1.6 128']],
        ],
      },
      {
        title: 'Cerato',
        type: L,
        platform: 'hk-c',
        gens: [
          ['III', 2013, 2018, ['1.6 130', '2.0 150']],
          ['IV', 2018, 2024, ['1.6 128', '2.0 150']],
        ],
      },
      { title: 'Seltos', type: L, platform: 'hk-c', gens: [['I', 2020, 2024, ['1.6 123', '2.0 149']]] },
      {
        title: 'Sportage',
        type: L,
        platform: 'hk-suv',
        gens: [
          ['III', 2010, 2016, ['2.0 150', '2.0 CRDi 136 d']],
          ['IV', 2016, 2022, ['2.0 150', '2.4 184', '2.0 CRDi 185 d']],
          ['V', 2022, 2024, ['2.0 150', '2.5 190']],
        ],
      },
      {
        title: 'Sorento',
        type: L,
        platform: 'hk-suv',
        gens: [['III Prime', 2015, 2020, ['2.4 188', '2.2 CRDi 200 d', '3.5 249']]],
      },
      { title: 'Optima', type: L, platform: 'hk-d', gens: [['IV', 2016, 2020, ['2.0 150', '2.4 188']]] },
      { title: 'K5', type: L, platform: 'hk-d', gens: [['III', 2020, 2024, ['2.0 150', '2.5 194']]] },
    ],
  },
  {
    title: 'Hyundai',
    slug: 'hyundai',
    models: [
      {
        title: 'Solaris',
        type: L,
        platform: 'hk-b',
        gens: [
          ['I', 2010, 2017, ['1.4 107', '1.6 123']],
          ['II', 2017, 2023, ['1.4 100', '1.6 123']],
        ],
      },
      {
        title: 'Creta',
        type: L,
        platform: 'hk-b',
        gens: [
          ['I', 2016, 2021, ['1.6 123', '2.0 149']],
          ['II', 2021, 2023, ['1.6 123', '2.0 149']],
        ],
      },
      {
        title: 'Elantra',
        type: L,
        platform: 'hk-c',
        gens: [
          ['VI', 2016, 2020, ['1.6 128', '2.0 150']],
          ['VII', 2020, 2023, ['1.6 128', '2.0 150']],
        ],
      },
      {
        title: 'Tucson',
        type: L,
        platform: 'hk-suv',
        gens: [
          ['III', 2015, 2021, ['2.0 150', '1.6 T-GDI 177', '2.0 CRDi 185 d']],
          ['IV', 2021, 2024, ['2.0 150', '2.5 190']],
        ],
      },
      {
        title: 'Santa Fe',
        type: L,
        platform: 'hk-suv',
        gens: [['IV', 2018, 2023, ['2.4 188', '2.2 CRDi 200 d', '3.5 249']]],
      },
      { title: 'Sonata', type: L, platform: 'hk-d', gens: [['VIII', 2019, 2023, ['2.0 150', '2.5 180']]] },
    ],
  },
  {
    title: 'Renault',
    slug: 'renault',
    models: [
      {
        title: 'Logan',
        type: L,
        platform: 'renault-b0',
        gens: [
          ['I', 2004, 2015, ['1.4 75', '1.6 84', '1.6 102']],
          ['II', 2014, 2022, ['1.6 82', '1.6 102', '1.6 113']],
        ],
      },
      {
        title: 'Sandero',
        type: L,
        platform: 'renault-b0',
        gens: [
          ['I', 2009, 2014, ['1.4 75', '1.6 84', '1.6 102']],
          ['II', 2014, 2022, ['1.6 82', '1.6 102', '1.6 113']],
        ],
      },
      {
        title: 'Sandero Stepway',
        type: L,
        platform: 'renault-b0',
        gens: [['II', 2014, 2022, ['1.6 82', '1.6 102', '1.6 113']]],
      },
      {
        title: 'Duster',
        type: L,
        platform: 'renault-b0',
        gens: [
          ['I', 2010, 2021, ['1.6 102', '1.6 114', '2.0 135', '2.0 143', '1.5 dCi 90 d', '1.5 dCi 109 d']],
          ['II', 2021, 2022, ['1.3 TCe 150', '1.6 114', '1.5 dCi 109 d']],
        ],
      },
      {
        title: 'Kaptur',
        type: L,
        platform: 'renault-b0',
        gens: [['I', 2016, 2022, ['1.6 114', '2.0 143', '1.3 TCe 150']]],
      },
      {
        title: 'Arkana',
        type: L,
        platform: 'renault-b0',
        gens: [['I', 2019, 2022, ['1.6 114', '1.3 TCe 150']]],
      },
      {
        title: 'Megane',
        type: L,
        platform: 'renault-c',
        gens: [['III', 2008, 2016, ['1.6 106', '1.6 114', '2.0 140']]],
      },
      {
        title: 'Fluence',
        type: L,
        platform: 'renault-c',
        gens: [['I', 2010, 2017, ['1.6 106', '1.6 114', '2.0 140']]],
      },
    ],
  },
  {
    title: 'Volkswagen',
    slug: 'volkswagen',
    models: [
      {
        title: 'Polo',
        type: L,
        platform: 'vag-a0',
        gens: [
          ['V седан', 2010, 2020, ['1.6 85', '1.6 105', '1.6 90', '1.6 110', '1.4 TSI 125']],
          ['VI лифтбек', 2020, 2022, ['1.6 90', '1.6 110', '1.4 TSI 125']],
        ],
      },
      {
        title: 'Jetta',
        type: L,
        platform: 'vag-pq',
        gens: [
          ['VI', 2010, 2019, ['1.4 TSI 122', '1.4 TSI 150', '1.6 85', '1.6 105']],
          ['VII', 2020, 2022, ['1.4 TSI 150', '1.6 110']],
        ],
      },
      {
        title: 'Golf',
        type: L,
        platform: 'vag-mqb',
        gens: [['VII', 2012, 2020, ['1.2 TSI 105', '1.4 TSI 122', '1.4 TSI 140']]],
      },
      {
        title: 'Passat',
        type: L,
        platform: 'vag-pq',
        gens: [['B7', 2011, 2015, ['1.4 TSI 122', '1.8 TSI 152', '2.0 TDI 140 d']]],
      },
      {
        title: 'Passat B8',
        type: L,
        platform: 'vag-mqb',
        gens: [['B8', 2015, 2020, ['1.4 TSI 150', '1.8 TSI 180', '2.0 TDI 150 d']]],
      },
      {
        title: 'Tiguan',
        type: L,
        platform: 'vag-pq',
        gens: [['I', 2007, 2016, ['1.4 TSI 150', '2.0 TSI 170', '2.0 TSI 200', '2.0 TDI 140 d']]],
      },
      {
        title: 'Tiguan II',
        type: L,
        platform: 'vag-mqb',
        gens: [
          ['II', 2016, 2022, ['1.4 TSI 125', '1.4 TSI 150', '2.0 TSI 180', '2.0 TSI 220', '2.0 TDI 150 d']],
        ],
      },
      {
        title: 'Transporter',
        type: G,
        platform: 'lcv-euro',
        gens: [
          ['T5', 2003, 2015, ['2.0 TDI 102 d', '2.0 TDI 140 d', '2.5 TDI 130 d']],
          ['T6', 2015, 2022, ['2.0 TDI 102 d', '2.0 TDI 150 d']],
        ],
      },
    ],
  },
  {
    title: 'Skoda',
    slug: 'skoda',
    models: [
      {
        title: 'Octavia',
        type: L,
        platform: 'vag-pq',
        gens: [['A5', 2004, 2013, ['1.4 75', '1.6 102', '1.4 TSI 122', '1.8 TSI 152']]],
      },
      {
        title: 'Octavia A7',
        type: L,
        platform: 'vag-mqb',
        gens: [
          ['A7', 2013, 2020, ['1.2 TSI 105', '1.4 TSI 150', '1.6 110', '1.8 TSI 180']],
          ['A8', 2020, 2024, ['1.4 TSI 150', '1.6 110', '2.0 TSI 190']],
        ],
      },
      {
        title: 'Rapid',
        type: L,
        platform: 'vag-a0',
        gens: [
          ['I', 2014, 2020, ['1.6 90', '1.6 110', '1.4 TSI 125']],
          ['II', 2020, 2022, ['1.6 90', '1.6 110', '1.4 TSI 125']],
        ],
      },
      {
        title: 'Kodiaq',
        type: L,
        platform: 'vag-mqb',
        gens: [['I', 2016, 2023, ['1.4 TSI 150', '2.0 TSI 180', '2.0 TDI 150 d']]],
      },
      { title: 'Karoq', type: L, platform: 'vag-mqb', gens: [['I', 2020, 2022, ['1.4 TSI 150', '1.6 110']]] },
      {
        title: 'Superb',
        type: L,
        platform: 'vag-pq',
        gens: [['II', 2008, 2015, ['1.8 TSI 152', '3.6 260']]],
      },
      {
        title: 'Superb III',
        type: L,
        platform: 'vag-mqb',
        gens: [['III', 2015, 2023, ['1.4 TSI 150', '1.8 TSI 180', '2.0 TSI 220']]],
      },
    ],
  },
  {
    title: 'Toyota',
    slug: 'toyota',
    models: [
      {
        title: 'Corolla',
        type: L,
        platform: 'toyota-c',
        gens: [
          ['E150', 2006, 2013, ['1.33 101', '1.6 124']],
          ['E170', 2013, 2019, ['1.33 99', '1.6 122', '1.8 140']],
          ['E210', 2019, 2022, ['1.6 122']],
        ],
      },
      {
        title: 'Camry',
        type: L,
        platform: 'toyota-k',
        gens: [
          ['XV50', 2011, 2017, ['2.0 150', '2.5 181', '3.5 249']],
          ['XV70', 2017, 2024, ['2.0 150', '2.5 181', '2.5 200', '3.5 249']],
        ],
      },
      {
        title: 'RAV4',
        type: L,
        platform: 'toyota-k',
        gens: [
          ['XA40', 2013, 2019, ['2.0 146', '2.5 180', '2.2 D-4D 150 d']],
          ['XA50', 2019, 2024, ['2.0 149', '2.5 199']],
        ],
      },
      {
        title: 'Land Cruiser Prado',
        type: L,
        platform: 'toyota-4x4',
        gens: [['150', 2009, 2024, ['2.7 163', '2.8 D-4D 177 d', '4.0 282']]],
      },
      {
        title: 'Land Cruiser',
        type: L,
        platform: 'toyota-4x4',
        gens: [['200', 2007, 2021, ['4.5 D-4D 249 d', '4.6 309']]],
      },
      {
        title: 'Hilux',
        type: L,
        platform: 'toyota-4x4',
        gens: [['VIII', 2015, 2024, ['2.4 D-4D 150 d', '2.8 D-4D 177 d']]],
      },
    ],
  },
  {
    title: 'Nissan',
    slug: 'nissan',
    models: [
      { title: 'Almera', type: L, platform: 'renault-b0', gens: [['G15', 2012, 2018, ['1.6 102']]] },
      {
        title: 'Terrano',
        type: L,
        platform: 'renault-b0',
        gens: [['D10', 2014, 2022, ['1.6 102', '1.6 114', '2.0 143']]],
      },
      {
        title: 'Qashqai',
        type: L,
        platform: 'nissan-cmf',
        gens: [
          ['J10', 2007, 2013, ['1.6 114', '2.0 141']],
          ['J11', 2014, 2022, ['1.2 DIG-T 115', '2.0 144', '1.6 dCi 130 d']],
        ],
      },
      {
        title: 'X-Trail',
        type: L,
        platform: 'nissan-cmf',
        gens: [
          ['T31', 2007, 2014, ['2.0 141', '2.5 169', '2.0 dCi 150 d']],
          ['T32', 2015, 2022, ['2.0 144', '2.5 171', '1.6 dCi 130 d']],
        ],
      },
    ],
  },
  {
    title: 'Chevrolet',
    slug: 'chevrolet',
    models: [
      {
        title: 'Lacetti',
        type: L,
        platform: 'gm-delta',
        gens: [['J200', 2004, 2013, ['1.4 95', '1.6 109', '1.8 122']]],
      },
      {
        title: 'Cruze',
        type: L,
        platform: 'gm-delta',
        gens: [['J300', 2009, 2015, ['1.6 109', '1.6 124', '1.8 141']]],
      },
      {
        title: 'Aveo',
        type: L,
        platform: 'gm-gamma',
        gens: [
          ['T250', 2006, 2011, ['1.2 84', '1.4 101']],
          ['T300', 2011, 2015, ['1.6 115']],
        ],
      },
      { title: 'Cobalt', type: L, platform: 'gm-gamma', gens: [['II', 2013, 2015, ['1.5 105']]] },
      { title: 'Niva', type: L, platform: 'niva', gens: [['I', 2002, 2020, ['1.7 80']]] },
    ],
  },
  {
    title: 'Ford',
    slug: 'ford',
    models: [
      {
        title: 'Focus',
        type: L,
        platform: 'ford-c1',
        gens: [
          ['II', 2005, 2011, ['1.4 80', '1.6 100', '1.8 125', '2.0 145']],
          ['III', 2011, 2019, ['1.6 85', '1.6 105', '1.6 125', '2.0 150', '1.5 EcoBoost 150']],
        ],
      },
      {
        title: 'Kuga',
        type: L,
        platform: 'ford-c1',
        gens: [['II', 2012, 2019, ['1.6 EcoBoost 150', '1.6 EcoBoost 182', '2.5 150']]],
      },
      {
        title: 'Mondeo',
        type: L,
        platform: 'ford-cd',
        gens: [
          ['IV', 2007, 2014, ['1.6 125', '2.0 145', '2.3 161']],
          ['V', 2014, 2019, ['2.5 149', '2.0 EcoBoost 199', '2.0 EcoBoost 240']],
        ],
      },
      {
        title: 'Transit',
        type: G,
        platform: 'lcv-euro',
        gens: [['VIII', 2014, 2026, ['2.2 TDCi 125 d', '2.2 TDCi 155 d']]],
      },
    ],
  },
  {
    title: 'Mitsubishi',
    slug: 'mitsubishi',
    models: [
      {
        title: 'Lancer',
        type: L,
        platform: 'mitsubishi',
        gens: [['X', 2007, 2017, ['1.5 109', '1.6 117', '1.8 143', '2.0 150']]],
      },
      {
        title: 'ASX',
        type: L,
        platform: 'mitsubishi',
        gens: [['I', 2010, 2020, ['1.6 117', '1.8 140', '2.0 150']]],
      },
      {
        title: 'Outlander',
        type: L,
        platform: 'mitsubishi',
        gens: [['III', 2012, 2022, ['2.0 146', '2.4 167', '3.0 230']]],
      },
      {
        title: 'Pajero Sport',
        type: L,
        platform: 'mitsubishi-4x4',
        gens: [['III', 2016, 2022, ['2.4 DI-D 181 d', '3.0 209']]],
      },
      {
        title: 'L200',
        type: L,
        platform: 'mitsubishi-4x4',
        gens: [['V', 2015, 2022, ['2.4 DI-D 154 d', '2.4 DI-D 181 d']]],
      },
    ],
  },
  {
    title: 'Mazda',
    slug: 'mazda',
    models: [
      {
        title: '3',
        type: L,
        platform: 'mazda',
        gens: [
          ['BL', 2009, 2013, ['1.6 105', '2.0 150']],
          ['BM', 2013, 2019, ['1.5 120', '1.6 104', '2.0 150']],
        ],
      },
      {
        title: '6',
        type: L,
        platform: 'mazda',
        gens: [
          ['GH', 2007, 2012, ['1.8 120', '2.0 147', '2.5 170']],
          ['GJ', 2012, 2023, ['2.0 150', '2.5 192']],
        ],
      },
      {
        title: 'CX-5',
        type: L,
        platform: 'mazda',
        gens: [
          ['KE', 2011, 2017, ['2.0 150', '2.5 192', '2.2 D 175 d']],
          ['KF', 2017, 2024, ['2.0 150', '2.5 194']],
        ],
      },
    ],
  },
  {
    title: 'Honda',
    slug: 'honda',
    models: [
      {
        title: 'CR-V',
        type: L,
        platform: 'honda',
        gens: [
          ['IV', 2012, 2017, ['2.0 150', '2.4 190']],
          ['V', 2017, 2022, ['2.0 150', '2.4 186']],
        ],
      },
      { title: 'CB500X', type: M, platform: 'moto', gens: [['PC46', 2013, 2024, ['0.47 48']]] },
      {
        title: 'Africa Twin CRF1100L',
        type: M,
        platform: 'moto',
        gens: [['SD10', 2019, 2024, ['1.08 102']]],
      },
    ],
  },
  {
    title: 'Haval',
    slug: 'haval',
    models: [
      { title: 'Jolion', type: L, platform: 'haval', gens: [['I', 2021, 2026, ['1.5 T 143', '1.5 T 150']]] },
      { title: 'F7', type: L, platform: 'haval', gens: [['I', 2019, 2024, ['1.5 T 150', '2.0 T 190']]] },
      { title: 'F7x', type: L, platform: 'haval', gens: [['I', 2019, 2024, ['1.5 T 150', '2.0 T 190']]] },
      { title: 'Dargo', type: L, platform: 'haval', gens: [['I', 2022, 2026, ['2.0 T 192']]] },
      { title: 'H9', type: L, platform: 'haval', gens: [['I', 2015, 2024, ['2.0 T 218', '2.0 TD 190 d']]] },
    ],
  },
  {
    title: 'Chery',
    slug: 'chery',
    models: [
      { title: 'Tiggo 3', type: L, platform: 'chery', gens: [['I', 2016, 2020, ['1.6 126']]] },
      {
        title: 'Tiggo 4 Pro',
        type: L,
        platform: 'chery',
        gens: [['I', 2022, 2026, ['1.5 113', '1.5 T 147']]],
      },
      {
        title: 'Tiggo 7 Pro',
        type: L,
        platform: 'chery',
        gens: [['I', 2020, 2026, ['1.5 T 147', '1.6 T 186']]],
      },
      {
        title: 'Tiggo 8 Pro',
        type: L,
        platform: 'chery',
        gens: [['I', 2021, 2026, ['1.6 T 186', '2.0 T 170']]],
      },
    ],
  },
  {
    title: 'Geely',
    slug: 'geely',
    models: [
      { title: 'Coolray', type: L, platform: 'geely', gens: [['I', 2020, 2026, ['1.5 T 150', '1.5 T 177']]] },
      {
        title: 'Atlas',
        type: L,
        platform: 'geely',
        gens: [
          ['I', 2018, 2022, ['2.0 139', '2.4 148']],
          ['II', 2023, 2026, ['2.0 T 200']],
        ],
      },
      { title: 'Atlas Pro', type: L, platform: 'geely', gens: [['I', 2021, 2024, ['1.5 T 177']]] },
      { title: 'Monjaro', type: L, platform: 'geely', gens: [['I', 2023, 2026, ['2.0 T 238']]] },
      { title: 'Tugella', type: L, platform: 'geely', gens: [['I', 2020, 2026, ['2.0 T 238']]] },
      { title: 'Emgrand', type: L, platform: 'geely', gens: [['IV', 2023, 2026, ['1.5 122']]] },
    ],
  },
  {
    title: 'ГАЗ',
    slug: 'gaz',
    models: [
      {
        title: 'ГАЗель Бизнес',
        type: G,
        platform: 'gazel',
        gens: [['3302', 2010, 2026, ['2.7 Evotech 107', '2.8 Cummins 120 d', '2.9 УМЗ 107']]],
      },
      {
        title: 'ГАЗель Next',
        type: G,
        platform: 'gazel',
        gens: [['A21', 2013, 2026, ['2.7 Evotech 107', '2.8 Cummins 120 d', '2.8 Cummins 149 d']]],
      },
      {
        title: 'Соболь Бизнес',
        type: G,
        platform: 'gazel',
        gens: [['2752', 2010, 2022, ['2.7 Evotech 107', '2.8 Cummins 120 d']]],
      },
      {
        title: 'ГАЗон Next',
        type: G,
        platform: 'truck-heavy',
        gens: [['C41', 2014, 2026, ['4.4 ЯМЗ 149 d']]],
      },
    ],
  },
  {
    title: 'УАЗ',
    slug: 'uaz',
    models: [
      {
        title: 'Patriot',
        type: L,
        platform: 'uaz',
        gens: [
          ['I', 2005, 2016, ['2.7 128', '2.2 D 114 d']],
          ['I рестайлинг', 2016, 2026, ['2.7 135', '2.7 150']],
        ],
      },
      { title: 'Hunter', type: L, platform: 'uaz', gens: [['I', 2003, 2026, ['2.7 112', '2.7 128']]] },
      { title: 'Буханка', type: L, platform: 'uaz', gens: [['452', 2012, 2026, ['2.7 112', '2.7 150']]] },
      { title: 'Профи', type: G, platform: 'uaz', gens: [['I', 2017, 2026, ['2.7 150']]] },
    ],
  },
  {
    title: 'КАМАЗ',
    slug: 'kamaz',
    models: [
      {
        title: '65115',
        type: G,
        platform: 'truck-heavy',
        gens: [['I', 2003, 2026, ['10.9 260 d', '6.7 Cummins 285 d']]],
      },
      { title: '5490 Neo', type: G, platform: 'truck-heavy', gens: [['I', 2013, 2026, ['12.0 401 d']]] },
    ],
  },
  {
    title: 'BMW',
    slug: 'bmw',
    models: [
      {
        title: '3 серии',
        type: L,
        platform: 'bmw',
        gens: [
          ['F30', 2011, 2019, ['2.0 184', '2.0 245', '2.0 d 184 d']],
          ['G20', 2019, 2022, ['2.0 184', '2.0 258', '2.0 d 190 d']],
        ],
      },
      {
        title: '5 серии',
        type: L,
        platform: 'bmw',
        gens: [
          ['F10', 2010, 2017, ['2.0 184', '2.0 245', '3.0 d 249 d']],
          ['G30', 2017, 2023, ['2.0 184', '2.0 249', '2.0 d 190 d']],
        ],
      },
      {
        title: 'X3',
        type: L,
        platform: 'bmw',
        gens: [['G01', 2017, 2024, ['2.0 184', '2.0 249', '2.0 d 190 d']]],
      },
      {
        title: 'X5',
        type: L,
        platform: 'bmw',
        gens: [
          ['F15', 2013, 2018, ['3.0 306', '3.0 d 249 d']],
          ['G05', 2018, 2023, ['3.0 340', '3.0 d 249 d']],
        ],
      },
      { title: 'R 1250 GS', type: M, platform: 'moto', gens: [['K50', 2018, 2024, ['1.25 136']]] },
    ],
  },
  {
    title: 'Mercedes-Benz',
    slug: 'mercedes-benz',
    models: [
      {
        title: 'C-класс',
        type: L,
        platform: 'mercedes',
        gens: [
          ['W204', 2007, 2014, ['1.6 156', '1.8 184', '2.1 CDI 170 d']],
          ['W205', 2014, 2021, ['1.6 156', '2.0 184', '2.0 245']],
        ],
      },
      {
        title: 'E-класс',
        type: L,
        platform: 'mercedes',
        gens: [
          ['W212', 2009, 2016, ['1.8 184', '3.5 306', '2.1 CDI 204 d']],
          ['W213', 2016, 2023, ['2.0 184', '2.0 245', '2.0 d 194 d']],
        ],
      },
      {
        title: 'GLC',
        type: L,
        platform: 'mercedes',
        gens: [['X253', 2015, 2022, ['2.0 211', '2.0 245', '2.1 CDI 170 d']]],
      },
      {
        title: 'Sprinter',
        type: G,
        platform: 'lcv-euro',
        gens: [
          ['W906', 2006, 2018, ['2.1 CDI 109 d', '2.1 CDI 136 d', '2.1 CDI 163 d']],
          ['W907', 2018, 2023, ['2.1 CDI 143 d', '2.1 CDI 163 d']],
        ],
      },
    ],
  },
  {
    title: 'Yamaha',
    slug: 'yamaha',
    models: [
      { title: 'MT-07', type: M, platform: 'moto', gens: [['RM04', 2014, 2024, ['0.69 74']]] },
      { title: 'YZF-R1', type: M, platform: 'moto', gens: [['RN32', 2015, 2024, ['1.0 200']]] },
      { title: 'Ténéré 700', type: M, platform: 'moto', gens: [['DM07', 2019, 2024, ['0.69 73']]] },
    ],
  },
  {
    title: 'Suzuki',
    slug: 'suzuki',
    models: [{ title: 'V-Strom 650', type: M, platform: 'moto', gens: [['II', 2012, 2024, ['0.65 69']]] }],
  },
  {
    title: 'Урал',
    slug: 'ural',
    models: [{ title: 'Gear-Up', type: M, platform: 'moto', gens: [['I', 2014, 2024, ['0.75 41']]] }],
  },
];

export interface EngineData {
  slug: string;
  title: string;
  fuel: 'petrol' | 'diesel' | 'hybrid';
  volumeL: string;
  powerHp: number;
}

/** '1.4 TSI 150' → { title: '1.4 TSI (150 л.с.)', … }. */
export function parseEngine(spec: string): EngineData {
  const parts = spec.split(' ');
  const volume = parts[0] ?? '';
  let fuel: EngineData['fuel'] = 'petrol';
  const last = parts[parts.length - 1];
  if (last === 'd' || last === 'h') {
    fuel = last === 'd' ? 'diesel' : 'hybrid';
    parts.pop();
  }
  const hp = Number(parts.pop());
  const label = parts.slice(1).join(' ');
  // Single-letter labels read as suffixes: '2.0d', '1.5T'.
  const sep = label.length === 1 ? '' : ' ';
  const title = `${volume}${label ? `${sep}${label}` : ''} (${hp} л.с.)`;
  const slug = slugify([volume, label, hp, fuel === 'petrol' ? '' : fuel].join(' '));
  return { slug, title, fuel, volumeL: volume, powerHp: hp };
}
