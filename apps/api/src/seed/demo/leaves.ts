import type { Rng } from '../random';
import type { VehicleTypeSlug } from './vehicles';

/**
 * How products of each leaf category are made up. Products come in analogue groups: the same part
 * (shared `group` properties — size, axle, viscosity…) offered by several makers, each under its own
 * article. Keys starting with '_' are wording only, not filterable properties.
 *
 * Article and line patterns: '#' = digit, '@' = capital letter, '{a|b|c}' = one of.
 */
export type Props = Record<string, string | number>;

export interface MakerSpec {
  m: string;
  article: string | ((p: Props) => string);
  lines?: string[];
  /** Price factor against the category's range (premium brands cost more, own-brand parts less). */
  k?: number;
}

export interface ItemCtx {
  maker: string;
  line: string;
  article: string;
  p: Props;
  /** The vehicle the group was made for, e.g. 'Kia Rio IV' (floor mats name it). */
  fit: string;
}

/** What the group's parts are made for: the vehicle type and the platform's factory rim sizes. */
export interface Vehicle {
  type: VehicleTypeSlug;
  rims: [number, number];
}

export interface LeafSpec {
  slug: string;
  weight: number;
  price: [number, number] | ((p: Props) => [number, number]);
  universal?: boolean;
  /** Installation offered: the base price per item in roubles (city and vehicle type adjust it). */
  install?: number;
  /** Vehicle types the parts are made for (default: cars). */
  fits?: VehicleTypeSlug[];
  /** Fitment limited to one model generation (floor mats) instead of a whole platform. */
  scope?: 'generation';
  makers: MakerSpec[];
  group(r: Rng, vehicle: Vehicle): Props;
  title(c: ItemCtx): string;
  about(c: ItemCtx): string;
}

const lower = (s: string | number | undefined) => String(s ?? '').toLowerCase();
const oilShort: Record<string, string> = {
  Синтетическое: 'синтетическое',
  Полусинтетическое: 'полусинтетическое',
  Минеральное: 'минеральное',
};
const litres = (v: string | number | undefined) => `${String(v).replace('.', ',')} л`;
const side = (p: Props, left: string, right: string) =>
  p.storona === 'Левая' ? ` ${left}` : p.storona === 'Правая' ? ` ${right}` : '';
const axle = (p: Props, front: string, rear: string) => (p.os === 'Передняя ось' ? front : rear);

const VOLUME_FACTOR: Record<string, number> = {
  '0.5': 0.55,
  '1': 1,
  '4': 3.5,
  '5': 4.3,
  '10': 8.2,
  '20': 15,
};
const OIL_TYPE_FACTOR: Record<string, number> = {
  Синтетическое: 1,
  Полусинтетическое: 0.75,
  Минеральное: 0.55,
};
const perVolume =
  (min: number, max: number) =>
  (p: Props): [number, number] => {
    const f = (VOLUME_FACTOR[String(p.obem)] ?? 1) * (OIL_TYPE_FACTOR[String(p['tip-masla'])] ?? 1);
    return [min * f, max * f];
  };

function motorOil(r: Rng): Props {
  const vyazkost = r.weighted(
    ['0W-20', '0W-30', '5W-30', '5W-40', '10W-40', '15W-40'],
    (v) => ({ '0W-20': 1, '0W-30': 1, '5W-30': 5, '5W-40': 4, '10W-40': 3, '15W-40': 1 })[v] ?? 1,
  );
  const tip =
    vyazkost.startsWith('0W') || vyazkost.startsWith('5W')
      ? r.chance(0.85)
        ? 'Синтетическое'
        : 'Полусинтетическое'
      : vyazkost === '10W-40'
        ? 'Полусинтетическое'
        : 'Минеральное';
  const api =
    vyazkost === '15W-40'
      ? 'CI-4'
      : r.weighted(['SL', 'SN', 'SN Plus', 'SP'], (v) => ({ SL: 1, SN: 4, 'SN Plus': 2, SP: 4 })[v] ?? 1);
  const obem = r.weighted(['1', '4', '5', '20'], (v) => ({ '1': 3, '4': 6, '5': 3, '20': 0.5 })[v] ?? 1);
  return { vyazkost, 'tip-masla': tip, 'klass-api': api, obem };
}

export const LEAVES: LeafSpec[] = [
  {
    slug: 'motornye-masla',
    weight: 7,
    universal: true,
    price: perVolume(420, 1250),
    makers: [
      { m: 'castrol', article: '15{5|6|8|9}##{E|A|C|B}', lines: ['EDGE', 'Magnatec', 'GTX'], k: 1.15 },
      { m: 'mobil', article: '15####', lines: ['Mobil 1 ESP', 'Super 3000 X1', 'Super 2000 X1'], k: 1.15 },
      { m: 'shell', article: '5500#####', lines: ['Helix Ultra', 'Helix HX8', 'Helix HX7'], k: 1.05 },
      {
        m: 'liqui-moly',
        article: '{2|3|7|8|9}###',
        lines: ['Molygen New Generation', 'Top Tec 4200', 'Special Tec AA', 'Synthoil High Tech'],
        k: 1.35,
      },
      {
        m: 'lukoil',
        article: '{1|2|3}#####',
        lines: ['Genesis Armortech', 'Genesis Universal', 'Люкс'],
        k: 0.75,
      },
      { m: 'g-energy', article: '25314####', lines: ['F Synth', 'Synthetic Active', 'Expert L'], k: 0.8 },
      { m: 'rosneft', article: '408#####', lines: ['Magnum Ultratec', 'Magnum Maxtec', 'Premium'], k: 0.7 },
      { m: 'zic', article: '16####', lines: ['X9', 'X7', 'Top'], k: 0.9 },
    ],
    group: motorOil,
    title: (c) =>
      `Масло моторное ${c.maker} ${c.line} ${c.p.vyazkost} ${oilShort[String(c.p['tip-masla'])]} ${litres(c.p.obem)}`,
    about: (c) =>
      `${c.p['tip-masla']} моторное масло ${c.maker} ${c.line} класса вязкости SAE ${c.p.vyazkost} для бензиновых и дизельных двигателей легковых автомобилей. Соответствует API ${c.p['klass-api']}, сохраняет стабильную масляную плёнку при холодном пуске и высоких нагрузках, снижает образование отложений.`,
  },
  {
    slug: 'transmissionnye-masla',
    weight: 2,
    universal: true,
    price: perVolume(480, 1600),
    makers: [
      {
        m: 'castrol',
        article: '15{D|F}#{0|1|2}{E|A}',
        lines: ['Syntrans Multivehicle', 'Transmax Manual'],
        k: 1.1,
      },
      { m: 'mobil', article: '15####', lines: ['Mobilube 1 SHC', 'Mobilube HD'], k: 1.1 },
      { m: 'shell', article: '5500#####', lines: ['Spirax S4 G', 'Spirax S3 G'] },
      { m: 'liqui-moly', article: '{1|3|4|8}###', lines: ['Hypoid-Getriebeoil', 'Top Tec MTF 5200'], k: 1.3 },
      { m: 'lukoil', article: '{1|3}#####', lines: ['ТМ-5', 'ТМ-4'], k: 0.7 },
      { m: 'g-energy', article: '25310####', lines: ['G-Box Expert', 'G-Truck'], k: 0.75 },
    ],
    group: (r) => {
      const vyazkost = r.pick(['75W-80', '75W-85', '75W-90', '80W-90']);
      return {
        vyazkost,
        'klass-gl': r.pick(['GL-4', 'GL-5', 'GL-4/5']),
        'tip-masla': vyazkost === '80W-90' ? 'Минеральное' : r.pick(['Синтетическое', 'Полусинтетическое']),
        obem: r.weighted(['1', '4', '20'], (v) => (v === '1' ? 6 : v === '4' ? 2 : 0.3)),
      };
    },
    title: (c) =>
      `Масло трансмиссионное ${c.maker} ${c.line} ${c.p.vyazkost} ${c.p['klass-gl']} ${litres(c.p.obem)}`,
    about: (c) =>
      `${c.p['tip-masla']} трансмиссионное масло ${c.p.vyazkost} класса ${c.p['klass-gl']} для механических коробок передач, раздаточных коробок и мостов. Обеспечивает чёткое переключение передач на морозе и защищает синхронизаторы от износа.`,
  },
  {
    slug: 'antifrizy',
    weight: 2.5,
    universal: true,
    price: perVolume(150, 420),
    makers: [
      { m: 'felix', article: '430206###', lines: ['Carbox', 'Prolonger', 'Energy'] },
      { m: 'sintec', article: '{8|9}#####', lines: ['Lux', 'Premium', 'Multifreeze', 'Euro'], k: 0.9 },
      { m: 'lukoil', article: '227#####', lines: ['Ultra', 'Standard'], k: 0.85 },
      {
        m: 'liqui-moly',
        article: '{8|2}###',
        lines: ['Kühlerfrostschutz KFS', 'Langzeit Kühlerfrostschutz'],
        k: 1.6,
      },
      { m: 'g-energy', article: '4303040###', lines: ['Antifreeze SNF', 'Antifreeze NF'] },
    ],
    group: (r) => {
      const tip = r.pick(['G11', 'G12', 'G12+', 'G12++', 'G13']);
      const colours: Record<string, string[]> = {
        G11: ['Зелёный', 'Синий'],
        G12: ['Красный'],
        'G12+': ['Красный', 'Жёлтый'],
        'G12++': ['Фиолетовый', 'Красный'],
        G13: ['Фиолетовый'],
      };
      return {
        'tip-antifriza': tip,
        'tsvet-antifriza': r.pick(colours[tip] ?? ['Зелёный']),
        obem: r.weighted(['1', '5', '10'], (v) => (v === '5' ? 6 : v === '1' ? 3 : 1)),
        'temperatura-zamerzaniya': r.pick([-40, -40, -45]),
      };
    },
    title: (c) =>
      `Антифриз ${c.maker} ${c.line} ${c.p['tip-antifriza']} ${lower(c.p['tsvet-antifriza'])} ${litres(c.p.obem)}`,
    about: (c) =>
      `Готовый к применению антифриз класса ${c.p['tip-antifriza']} на основе этиленгликоля. Защищает систему охлаждения от замерзания до ${c.p['temperatura-zamerzaniya']} °C, от коррозии и кавитации; совместим с радиаторами из алюминия и меди. Не смешивайте с антифризами других классов.`,
  },
  {
    slug: 'tormoznye-zhidkosti',
    weight: 1,
    universal: true,
    price: (p) => (p.obem === '0.5' ? [220, 520] : [380, 980]),
    makers: [
      { m: 'ate', article: '03.9901-{5802|6402|6202}.2', lines: ['Super DOT 4', 'SL.6 DOT 4'], k: 1.2 },
      { m: 'bosch', article: '1 987 479 ###', lines: ['DOT 4', 'ENV6'] },
      {
        m: 'liqui-moly',
        article: '{2|3|8}###',
        lines: ['Bremsenflüssigkeit', 'Bremsenflüssigkeit SL6'],
        k: 1.3,
      },
      { m: 'felix', article: '430130###', lines: ['DOT 4', 'Euro'], k: 0.7 },
      { m: 'castrol', article: '15{C|0}##{B|E}', lines: ['React Performance', 'Brake Fluid'] },
      { m: 'sintec', article: '{8|9}#####', lines: ['Euro', 'Super'], k: 0.65 },
    ],
    group: (r) => ({
      'klass-dot': r.weighted(['DOT 3', 'DOT 4', 'DOT 5.1'], (v) => (v === 'DOT 4' ? 8 : 1)),
      obem: r.pick(['0.5', '1']),
    }),
    title: (c) =>
      `Жидкость тормозная ${c.maker} ${c.line.replace(/ DOT 4$/, '')} ${c.p['klass-dot']} ${litres(c.p.obem)}`.replace(
        /\s+/g,
        ' ',
      ),
    about: (c) =>
      `Тормозная жидкость класса ${c.p['klass-dot']} на гликолевой основе с высокой температурой кипения. Подходит для тормозных систем с ABS и ESP. Жидкость гигроскопична: меняйте её каждые 2 года независимо от пробега.`,
  },
  {
    slug: 'zhidkosti-omyvatelya',
    weight: 1,
    universal: true,
    price: (p) => (p.obem === '1' ? [90, 260] : [260, 690]),
    makers: [
      { m: 'sintec', article: '{8|9}#####', lines: ['Arctic', 'Мультифрост'] },
      { m: 'felix', article: '411040###', lines: ['Arctic', 'Neo'] },
      {
        m: 'liqui-moly',
        article: '{3|6}###',
        lines: ['Scheiben-Frostschutz', 'Antifrost Scheiben-Frostschutz'],
        k: 2,
      },
      { m: 'lukoil', article: '30#####', lines: ['Зимняя', 'Стандарт'], k: 0.9 },
    ],
    group: (r) => ({
      'temperatura-zamerzaniya': r.pick([0, -20, -25, -25, -30]),
      obem: r.pick(['1', '4', '5']),
    }),
    title: (c) =>
      Number(c.p['temperatura-zamerzaniya']) === 0
        ? `Жидкость стеклоомывателя летняя ${c.maker} ${c.line} ${litres(c.p.obem)}`
        : `Жидкость стеклоомывателя зимняя ${c.maker} ${c.line} ${c.p['temperatura-zamerzaniya']} °C ${litres(c.p.obem)}`,
    about: (c) =>
      Number(c.p['temperatura-zamerzaniya']) === 0
        ? 'Летний омыватель: удаляет следы насекомых, пыль и дорожную грязь, не оставляет разводов.'
        : `Незамерзающая жидкость для стеклоомывателя на основе изопропилового спирта, не замерзает до ${c.p['temperatura-zamerzaniya']} °C. Быстро растворяет грязь и реагенты, без резкого запаха в салоне.`,
  },
  {
    slug: 'maslyanye-filtry',
    weight: 6,
    install: 600,
    price: [290, 1350],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'mann-filter', article: 'W {6|7|8|9}##/{1|2|3|7}#', k: 1.1 },
      { m: 'mahle', article: 'OC {2|5|9}##', k: 1.1 },
      { m: 'bosch', article: '0 451 103 ###' },
      { m: 'filtron', article: 'OP {5|6}##/{1|2|3}', k: 0.85 },
      { m: 'big-filter', article: 'GB-1{0|1}##', k: 0.6 },
      { m: 'nipparts', article: 'J131{0|1|3}###', k: 0.9 },
      { m: 'lada-original', article: '{2108|2110|2112|2170|2190|8450}0-1012005-{0|1|8}#', k: 0.7 },
      { m: 'hyundai-kia', article: '26300-{35|2J|2S|3F}{0|5}{0|3}#', k: 1.2 },
      { m: 'vag', article: '{03C|04E|06J|03N}115{561|403|562|466}{|A|B|D|H}', k: 1.5 },
      { m: 'toyota-genuine', article: '90915-{YZZ@#|1000#|2000#}', k: 1.3 },
      { m: 'renault-original', article: '{8200######|152089###R}', k: 1.2 },
    ],
    group: (r) => ({
      'tip-filtra': r.chance(0.8) ? 'Навинчиваемый' : 'Фильтрующий элемент',
      vysota: r.int(6, 14) * 10 + r.pick([0, 2, 5, 8]),
    }),
    title: (c) => `Фильтр масляный ${c.maker} ${c.article}`,
    about: (c) =>
      `${c.p['tip-filtra'] === 'Навинчиваемый' ? 'Навинчиваемый масляный фильтр' : 'Сменный фильтрующий элемент масляного фильтра'} с противодренажным клапаном: двигатель получает масло с первых секунд после пуска. Меняйте вместе с моторным маслом — каждые 10–15 тыс. км.`,
  },
  {
    slug: 'vozdushnye-filtry',
    weight: 4,
    install: 300,
    price: [340, 1900],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'mann-filter', article: 'C {2|3}###{|/1|/2}', k: 1.1 },
      { m: 'mahle', article: 'LX {1|2|3}###', k: 1.1 },
      { m: 'bosch', article: '{1 457 433 ###|F 026 400 ###}' },
      { m: 'filtron', article: 'AP {0|1}##/{1|2|3|5}', k: 0.85 },
      { m: 'big-filter', article: 'GB-9#{0|5}#', k: 0.6 },
      { m: 'nipparts', article: 'J132{0|1|2}###', k: 0.9 },
      { m: 'lada-original', article: '{2108|2110|2123|2170|2190}{0|3}-1109080-{0|1}#', k: 0.7 },
      { m: 'hyundai-kia', article: '28113-{1R|F2|2W|4L|J9|D3}{0|1}{0|3}0', k: 1.2 },
    ],
    group: (r) => ({ vysota: r.int(35, 95) }),
    title: (c) => `Фильтр воздушный ${c.maker} ${c.article}`,
    about: () =>
      'Воздушный фильтр двигателя из гофрированной целлюлозы с пропиткой: задерживает пыль и песок, не снижая наполнения цилиндров. Забитый фильтр повышает расход топлива — проверяйте его при каждом ТО и меняйте не реже чем раз в 15–30 тыс. км.',
  },
  {
    slug: 'salonnye-filtry',
    weight: 4,
    install: 450,
    price: (p) => (p['tip-salonnogo-filtra'] === 'Противопыльный' ? [290, 1100] : [520, 2300]),
    makers: [
      {
        m: 'mann-filter',
        article: (p) => (p['tip-salonnogo-filtra'] === 'Противопыльный' ? 'CU {1|2|3}###' : 'CUK {1|2|3}###'),
        k: 1.1,
      },
      {
        m: 'mahle',
        article: (p) => (p['tip-salonnogo-filtra'] === 'Противопыльный' ? 'LA {1|3|4}##' : 'LAK {1|3|4}##'),
        k: 1.1,
      },
      { m: 'bosch', article: '1 987 43{2|5} ###' },
      {
        m: 'filtron',
        article: (p) => (p['tip-salonnogo-filtra'] === 'Противопыльный' ? 'K 1###' : 'K 1###A'),
        k: 0.85,
      },
      { m: 'big-filter', article: 'GB-98##{|/C}', k: 0.6 },
      { m: 'hyundai-kia', article: '97133-{2H|F2|4L|D1|J9|C1}{0|1}{0|3}{0|1}', k: 1.2 },
    ],
    group: (r) => ({
      'tip-salonnogo-filtra': r.weighted(['Противопыльный', 'Угольный', 'Антибактериальный'], (v) =>
        v === 'Противопыльный' ? 5 : v === 'Угольный' ? 4 : 1,
      ),
      vysota: r.int(2, 4) * 10 + r.pick([0, 5]),
    }),
    title: (c) =>
      `Фильтр салона ${c.p['tip-salonnogo-filtra'] === 'Угольный' ? 'угольный ' : c.p['tip-salonnogo-filtra'] === 'Антибактериальный' ? 'антибактериальный ' : ''}${c.maker} ${c.article}`,
    about: (c) =>
      c.p['tip-salonnogo-filtra'] === 'Угольный'
        ? 'Угольный фильтр салона: помимо пыли и пыльцы поглощает выхлопные газы и неприятные запахи. Рекомендуем для городской езды в плотном потоке и для аллергиков.'
        : 'Фильтр салона задерживает пыль, пыльцу и сажу, защищает испаритель кондиционера. Менять — раз в год или каждые 15 тыс. км, перед летним сезоном.',
  },
  {
    slug: 'toplivnye-filtry',
    weight: 2,
    install: 900,
    price: [380, 2900],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'mann-filter', article: 'WK {5|6|8}##{|/1|/2}', k: 1.1 },
      { m: 'mahle', article: 'KL {1|5|7}##{|/1|/3}', k: 1.1 },
      { m: 'bosch', article: 'F 026 402 ###' },
      { m: 'filtron', article: 'PP {8|9}##/{1|2|3}', k: 0.85 },
      { m: 'big-filter', article: 'GB-3##', k: 0.6 },
      { m: 'lada-original', article: '{2112|2170|2190|8450}0-1117010-{0|1}#', k: 0.7 },
    ],
    group: (r) => ({
      'tip-filtra': r.chance(0.7) ? 'Проточный' : 'Фильтрующий элемент',
      vysota: r.int(8, 20) * 10,
    }),
    title: (c) => `Фильтр топливный ${c.maker} ${c.article}`,
    about: () =>
      'Фильтр тонкой очистки топлива защищает форсунки и топливный насос от частиц ржавчины и грязи. Менять — каждые 30 тыс. км или раньше, если двигатель стал хуже тянуть на разгоне.',
  },
  {
    slug: 'perednie-kolodki',
    weight: 6,
    install: 1200,
    price: [850, 5600],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'trw', article: 'GDB{1|2|3}###', k: 1.05 },
      { m: 'brembo', article: 'P {06|23|30|50|59|68|83|85} ###', k: 1.35 },
      { m: 'ate', article: '13.0460-{2|3|5|7}###.2', k: 1.15 },
      { m: 'ferodo', article: 'FDB{1|4}###', k: 1.1 },
      { m: 'textar', article: '2{1|2|3|4|5}###01', k: 1.3 },
      { m: 'bosch', article: '0 986 49{4|5} ###' },
      { m: 'sangsin', article: 'SP1###', k: 0.8 },
      { m: 'nipparts', article: 'N360{0|1|3|5}###', k: 0.85 },
      { m: 'trialli', article: 'PF {0|4}###', k: 0.6 },
      { m: 'lada-original', article: '{2108|2110|2170|2190|8450}0-3501080-{0|8}#', k: 0.65 },
      { m: 'hyundai-kia', article: '58101-{1R|4L|H5|2S|F1|J9|D3}A{0|1|3}{0|1}', k: 1.3 },
      { m: 'vag', article: '{6R0|5Q0|1K0|6RU|3Q0}698151{|A|B|C|D|E}', k: 1.5 },
      { m: 'toyota-genuine', article: '04465-{02|42|33|60|0K}###', k: 1.4 },
      { m: 'renault-original', article: '41060{2|4|6|7}###R', k: 1.2 },
    ],
    group: (r) => ({
      os: 'Передняя ось',
      'datchik-iznosa': r.chance(0.35) ? 'С датчиком' : 'Без датчика',
      'shirina-kolodki': r.int(116, 158),
    }),
    title: (c) => `Колодки тормозные передние ${c.maker} ${c.article}`,
    about: (c) =>
      `Комплект дисковых тормозных колодок на переднюю ось (4 шт.)${c.p['datchik-iznosa'] === 'С датчиком' ? ' с электронным датчиком износа' : ''}. Фрикционная смесь без меди, с противошумными пластинами и фасками: тормозят стабильно в холод и жару, не пищат и бережно относятся к диску.`,
  },
  {
    slug: 'zadnie-kolodki',
    weight: 3,
    install: 1400,
    price: [750, 4300],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'trw', article: 'GDB{1|2|3}###', k: 1.05 },
      { m: 'brembo', article: 'P {06|23|30|50|83|85} ###', k: 1.35 },
      { m: 'ate', article: '13.0460-{2|5|7}###.2', k: 1.15 },
      { m: 'ferodo', article: 'FDB{1|4}###', k: 1.1 },
      { m: 'textar', article: '2{1|2|4}###01', k: 1.3 },
      { m: 'bosch', article: '0 986 49{4|5} ###' },
      { m: 'sangsin', article: 'SP1###', k: 0.8 },
      { m: 'trialli', article: 'PF {0|4}###', k: 0.6 },
      { m: 'hyundai-kia', article: '58302-{1R|4L|D7|H5|F1}A{0|1|3}{0|1}', k: 1.3 },
      { m: 'vag', article: '{1K0|5Q0|3C0|6RU}698451{|A|B|F|G}', k: 1.5 },
    ],
    group: (r) => ({
      os: 'Задняя ось',
      'datchik-iznosa': r.chance(0.2) ? 'С датчиком' : 'Без датчика',
      'shirina-kolodki': r.int(88, 124),
    }),
    title: (c) => `Колодки тормозные задние ${c.maker} ${c.article}`,
    about: (c) =>
      `Комплект дисковых тормозных колодок на заднюю ось (4 шт.)${c.p['datchik-iznosa'] === 'С датчиком' ? ' с датчиком износа' : ''}. Подходят для автомобилей с электромеханическим и тросовым стояночным тормозом — проверьте применимость по VIN.`,
  },
  {
    slug: 'tormoznye-diski',
    weight: 4,
    install: 1200,
    price: [1300, 9800],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'trw', article: 'DF{2|4|6}###', k: 1.05 },
      { m: 'brembo', article: '09.{A|B|9}###.{10|11|21}', k: 1.35 },
      { m: 'ate', article: '24.01{1|2|3}{0|2}-0###.1', k: 1.15 },
      { m: 'textar', article: '92######', k: 1.3 },
      { m: 'bosch', article: '0 986 479 ###' },
      { m: 'febi', article: '{1|2|4}####', k: 0.95 },
      { m: 'nipparts', article: 'N330{0|3|5}###', k: 0.85 },
      { m: 'trialli', article: 'DF {0|1|2}##', k: 0.6 },
      { m: 'hyundai-kia', article: '51712-{1R|4L|2S|F2|H5|D3}{0|1}{0|3}0', k: 1.3 },
      { m: 'vag', article: '{1K0|5Q0|6R0|3Q0|6RU}615301{|A|AA|B|D}', k: 1.5 },
    ],
    group: (r) => {
      const front = r.chance(0.7);
      return {
        os: front ? 'Передняя ось' : 'Задняя ось',
        'tip-tormoznogo-diska': front || r.chance(0.2) ? 'Вентилируемый' : 'Невентилируемый',
        'diametr-diska': front
          ? r.pick([238, 256, 260, 276, 280, 288, 300, 305, 312, 320, 345])
          : r.pick([228, 234, 262, 272, 282, 300]),
      };
    },
    title: (c) =>
      `Диск тормозной ${axle(c.p, 'передний', 'задний')}${c.p['tip-tormoznogo-diska'] === 'Вентилируемый' ? ' вентилируемый' : ''} ${c.maker} ${c.article}`,
    about: (c) =>
      `${c.p['tip-tormoznogo-diska']} тормозной диск диаметром ${c.p['diametr-diska']} мм из высокоуглеродистого чугуна с антикоррозийным покрытием нерабочих поверхностей. Продаётся поштучно; меняйте диски парой на одной оси вместе с колодками.`,
  },
  {
    slug: 'perednie-amortizatory',
    weight: 3,
    install: 2500,
    price: [2100, 14500],
    makers: [
      { m: 'kayaba', article: '3{33|34|39}###', lines: ['Excel-G', 'Ultra SR'], k: 1.1 },
      { m: 'sachs', article: '31{3|4|5} ###', lines: ['Super Touring', 'Standard'], k: 1.15 },
      { m: 'monroe', article: '{G|E}{7|8|16}###', lines: ['Original', 'Reflex'], k: 1.05 },
      { m: 'trialli', article: 'AG {01|08|17}###', lines: [''], k: 0.6 },
      { m: 'lada-original', article: '{2108|2110|2170|2190|8450}0-2905004-{0|1}#', lines: [''], k: 0.6 },
      { m: 'hyundai-kia', article: '54651-{4L|H5|F2|1R|D3|J9}{0|1}{0|1}0', lines: [''], k: 1.3 },
    ],
    group: (r) => ({
      os: 'Передняя ось',
      storona: r.pick(['Левая', 'Правая']),
      'tip-amortizatora': r.chance(0.85) ? 'Газомасляный' : 'Масляный',
    }),
    title: (c) =>
      `Амортизатор передний${side(c.p, 'левый', 'правый')} ${lower(c.p['tip-amortizatora'])} ${c.maker}${c.line ? ` ${c.line}` : ''} ${c.article}`,
    about: (c) =>
      `${c.p['tip-amortizatora']} амортизатор (стойка) передней подвески, ${lower(c.p.storona)} сторона. Возвращает автомобилю устойчивость в поворотах и короткий тормозной путь. Меняйте амортизаторы парой на одной оси; опорные подшипники и пыльники — вместе с ними.`,
  },
  {
    slug: 'zadnie-amortizatory',
    weight: 3,
    install: 1600,
    price: [1700, 11500],
    makers: [
      { m: 'kayaba', article: '3{43|49}###', lines: ['Excel-G', 'Ultra SR'], k: 1.1 },
      { m: 'sachs', article: '31{3|4|5} ###', lines: ['Super Touring', 'Standard'], k: 1.15 },
      { m: 'monroe', article: '{G|E}{7|8|16}###', lines: ['Original', 'Reflex'], k: 1.05 },
      { m: 'trialli', article: 'AG {01|08|17}###', lines: [''], k: 0.6 },
      { m: 'lada-original', article: '{2108|2110|2170|2190|8450}0-2915004-{0|1}#', lines: [''], k: 0.6 },
    ],
    group: (r) => ({
      os: 'Задняя ось',
      storona: 'Левая/правая',
      'tip-amortizatora': r.chance(0.8) ? 'Газомасляный' : 'Масляный',
    }),
    title: (c) =>
      `Амортизатор задний ${lower(c.p['tip-amortizatora'])} ${c.maker}${c.line ? ` ${c.line}` : ''} ${c.article}`,
    about: (c) =>
      `${c.p['tip-amortizatora']} амортизатор задней подвески, устанавливается слева и справа. Продаётся поштучно; меняйте амортизаторы парой на одной оси.`,
  },
  {
    slug: 'pruzhiny-podveski',
    weight: 2,
    install: 1800,
    price: [1200, 6200],
    makers: [
      { m: 'kayaba', article: 'R{A|H|I}####', k: 1.1 },
      { m: 'sachs', article: '99{4|6} ###', k: 1.1 },
      { m: 'febi', article: '{2|3}####' },
      { m: 'trialli', article: 'SS {0|1}###', k: 0.6 },
      { m: 'lada-original', article: '{2108|2110|2170|2190|8450}0-2902712-{0|1}#', k: 0.6 },
    ],
    group: (r) => ({
      os: r.pick(['Передняя ось', 'Задняя ось']),
      'tip-pruzhiny': r.weighted(['Стандартная', 'Усиленная', 'Заниженная'], (v) =>
        v === 'Стандартная' ? 6 : 1,
      ),
    }),
    title: (c) =>
      `Пружина подвески ${axle(c.p, 'передняя', 'задняя')}${c.p['tip-pruzhiny'] === 'Стандартная' ? '' : ` ${lower(c.p['tip-pruzhiny'])}`} ${c.maker} ${c.article}`,
    about: (c) =>
      `${c.p['tip-pruzhiny']} пружина ${axle(c.p, 'передней', 'задней')} подвески из хромокремниевой стали с порошковым покрытием. Восстанавливает штатный клиренс после просадки. Меняйте пружины парой.`,
  },
  {
    slug: 'stoyki-stabilizatora',
    weight: 2,
    install: 700,
    price: [450, 3400],
    makers: [
      { m: 'lemforder', article: '{2|3}#### 0{1|2}', k: 1.3 },
      { m: 'febi', article: '{1|2|3}####' },
      { m: 'trw', article: 'JTS###', k: 1.1 },
      { m: 'ctr', article: 'CL{KK|KH|T}-##', k: 0.8 },
      { m: 'trialli', article: 'SP {0|1}###', k: 0.6 },
    ],
    group: (r) => ({
      os: r.chance(0.75) ? 'Передняя ось' : 'Задняя ось',
      storona: r.pick(['Левая', 'Правая', 'Левая/правая']),
    }),
    title: (c) =>
      `Стойка стабилизатора ${axle(c.p, 'передняя', 'задняя')}${side(c.p, 'левая', 'правая')} ${c.maker} ${c.article}`,
    about: () =>
      'Тяга (стойка) стабилизатора поперечной устойчивости с шаровыми шарнирами в пыльниках и гайками в комплекте. Стук спереди на неровностях — частый признак износа стоек.',
  },
  {
    slug: 'rychagi-i-sharovye-opory',
    weight: 2,
    install: 1500,
    price: [900, 8900],
    makers: [
      { m: 'lemforder', article: '{2|3}#### 0{1|2}', k: 1.3 },
      { m: 'febi', article: '{1|2|3}####' },
      { m: 'trw', article: 'JT{C|S}{1|2}###', k: 1.1 },
      { m: 'ctr', article: 'C{Q|B}{KK|KH}-##', k: 0.8 },
      { m: 'trialli', article: 'BJ {0|1}###', k: 0.6 },
    ],
    group: (r) => ({
      _detail: r.chance(0.55) ? 'arm' : 'joint',
      os: 'Передняя ось',
      storona: r.pick(['Левая', 'Правая', 'Левая/правая']),
    }),
    title: (c) =>
      c.p._detail === 'arm'
        ? `Рычаг передней подвески нижний${side(c.p, 'левый', 'правый')} ${c.maker} ${c.article}`
        : `Опора шаровая${side(c.p, 'левая', 'правая')} ${c.maker} ${c.article}`,
    about: (c) =>
      c.p._detail === 'arm'
        ? 'Нижний рычаг передней подвески в сборе с сайлентблоками и шаровой опорой. Поставляется с крепежом; после замены обязательна регулировка развала-схождения.'
        : 'Шаровая опора с пыльником и смазкой на весь срок службы. Изношенная опора проявляется стуком и люфтом руля — не откладывайте замену.',
  },
  {
    slug: 'remni-grm',
    weight: 2,
    install: 6500,
    price: (p) =>
      p['komplektatsiya-grm'] === 'Ремень'
        ? [650, 3200]
        : p['komplektatsiya-grm'] === 'Ремень и ролики'
          ? [2400, 9800]
          : [6500, 18900],
    makers: [
      {
        m: 'gates',
        article: (p) => (p['komplektatsiya-grm'] === 'Ремень' ? '5###XS' : 'K0{1|2}5###{XS|}'),
        k: 1.1,
      },
      {
        m: 'contitech',
        article: (p) => (p['komplektatsiya-grm'] === 'Ремень' ? 'CT1###' : 'CT1###{K1|K2|WP1}'),
      },
      { m: 'dayco', article: (p) => (p['komplektatsiya-grm'] === 'Ремень' ? '94###' : 'KTB###'), k: 0.95 },
      { m: 'bosch', article: '1 987 9{48|49} ###' },
      { m: 'lada-original', article: '{2112|2170|2190|8450}0-1006040-{0|1}#', k: 0.6 },
    ],
    group: (r) => ({
      'komplektatsiya-grm': r.weighted(['Ремень', 'Ремень и ролики', 'Ремень, ролики и помпа'], (v) =>
        v === 'Ремень' ? 4 : v === 'Ремень и ролики' ? 4 : 2,
      ),
      'kolichestvo-zubev': r.int(98, 153),
    }),
    title: (c) =>
      c.p['komplektatsiya-grm'] === 'Ремень'
        ? `Ремень ГРМ ${c.maker} ${c.article}`
        : c.p['komplektatsiya-grm'] === 'Ремень и ролики'
          ? `Комплект ремня ГРМ с роликами ${c.maker} ${c.article}`
          : `Комплект ГРМ с помпой ${c.maker} ${c.article}`,
    about: (c) =>
      `${c.p['komplektatsiya-grm']}: ремень ГРМ на ${c.p['kolichestvo-zubev']} зубьев из HNBR-резины с армированием стекловолокном. На многих двигателях обрыв ремня ведёт к встрече клапанов с поршнями — соблюдайте регламент замены (обычно 60–90 тыс. км).`,
  },
  {
    slug: 'privodnye-remni',
    weight: 2,
    install: 900,
    price: [420, 2600],
    fits: ['legkovye', 'gruzovye'],
    makers: [
      { m: 'gates', article: (p) => `${p._ribs}PK${p['dlina-remnya']}`, k: 1.1 },
      { m: 'contitech', article: (p) => `${p._ribs}PK${p['dlina-remnya']}` },
      { m: 'dayco', article: (p) => `${p._ribs}PK${p['dlina-remnya']}{|S}`, k: 0.95 },
      { m: 'bosch', article: '1 987 94{6|7} ###' },
    ],
    group: (r) => ({
      _ribs: r.pick([4, 5, 6, 6, 6, 7]),
      'dlina-remnya': r.int(70, 220) * 10 + r.pick([0, 3, 5, 8]),
    }),
    title: (c) => `Ремень поликлиновой ${c.maker} ${c.article}`,
    about: (c) =>
      `Поликлиновой ремень привода навесного оборудования: ${c.p._ribs} ручьёв, длина ${c.p['dlina-remnya']} мм. Приводит генератор, насос гидроусилителя и компрессор кондиционера. Свист при пуске и трещины на рёбрах — повод заменить ремень.`,
  },
  {
    slug: 'akkumulyatory',
    weight: 4,
    install: 300,
    fits: ['legkovye', 'gruzovye', 'mototsikly'],
    price: (p) => {
      const ah = Number(p.emkost);
      return [ah * 75 + 900, ah * 150 + 2500];
    },
    makers: [
      {
        m: 'varta',
        article: (p) =>
          `${Math.floor(Number(p.emkost) / 100) + 5}${String(Number(p.emkost) % 100).padStart(2, '0')} {0|1|4}{0|1|7}{0|1|2} 0{36|48|54|68|80}`,
        lines: ['Blue Dynamic', 'Silver Dynamic', 'Black Dynamic'],
        k: 1.15,
      },
      {
        m: 'mutlu',
        article: (p) => `L{1|2|3|4|5}.${p.emkost}.0##.{A|B}`,
        lines: ['SFB', 'Calcium Silver', 'EFB'],
      },
      { m: 'bosch', article: '0 092 S{3|4|5}0 0##', lines: ['S3', 'S4 Silver', 'S5 Silver Plus'], k: 1.1 },
      {
        m: 'tyumen',
        article: (p) => `6СТ-${p.emkost}${p.polyarnost === 'Обратная (R+)' ? 'L' : 'R'}`,
        lines: ['Batbear', 'Premium', 'Standard'],
        k: 0.8,
      },
    ],
    group: (r, { type }) => {
      const ah =
        type === 'gruzovye'
          ? r.pick([90, 140, 190, 225])
          : type === 'mototsikly'
            ? r.pick([7, 9, 12, 14])
            : r.pick([45, 55, 60, 60, 62, 70, 74, 75, 80, 95, 100]);
      return {
        emkost: ah,
        'pusk-tok': Math.round((ah * r.int(80, 100)) / 100) * 10,
        polyarnost: r.chance(0.8) ? 'Обратная (R+)' : 'Прямая (L+)',
        'tekhnologiya-akb':
          type === 'mototsikly'
            ? 'AGM'
            : r.weighted(['Кальциевая (Ca/Ca)', 'EFB', 'AGM', 'Гибридная'], (v) =>
                v === 'Кальциевая (Ca/Ca)' ? 6 : v === 'Гибридная' ? 1 : 2,
              ),
      };
    },
    title: (c) =>
      `Аккумулятор ${c.maker} ${c.line} ${c.p.emkost} А·ч ${c.p['pusk-tok']} А ${c.p.polyarnost === 'Обратная (R+)' ? 'обратная' : 'прямая'} полярность`,
    about: (c) =>
      `Стартерная аккумуляторная батарея ${c.p['tekhnologiya-akb'] === 'Кальциевая (Ca/Ca)' ? 'по кальциевой технологии' : `технологии ${c.p['tekhnologiya-akb']}`}, ёмкость ${c.p.emkost} А·ч, ток холодной прокрутки ${c.p['pusk-tok']} А (EN). Необслуживаемая: не требует доливки воды. Поставляется заряженной, с индикатором заряда.`,
  },
  {
    slug: 'galogennye-lampy',
    weight: 2,
    install: 300,
    price: [190, 2100],
    fits: ['legkovye', 'gruzovye', 'mototsikly'],
    makers: [
      {
        m: 'osram',
        article: (p) =>
          `${{ H1: '64150', H3: '64151', H4: '64193', H7: '64210', H11: '64211', HB3: '9005', HB4: '9006' }[String(p.tsokol)] ?? '64210'}{NL|NBS|CBI|XTR|}`,
        lines: ['Night Breaker Laser', 'Night Breaker Silver', 'Cool Blue Intense', 'Original Line'],
        k: 1.1,
      },
      {
        m: 'philips',
        article: (p) =>
          `${{ H1: '12258', H3: '12336', H4: '12342', H7: '12972', H11: '12362', HB3: '9005', HB4: '9006' }[String(p.tsokol)] ?? '12972'}{PRC1|XVPS2|WVUB1|LLECOC1}`,
        lines: ['Vision', 'X-tremeVision Pro150', 'WhiteVision ultra', 'LongLife EcoVision'],
        k: 1.1,
      },
      { m: 'bosch', article: '1 987 30{1|2} ###', lines: ['Plus 90', 'Gigalight Plus 120', 'Pure Light'] },
      { m: 'hella', article: '8GH 178 555-###', lines: ['Performance', 'Standard'] },
    ],
    group: (r) => ({
      tsokol: r.weighted(['H1', 'H3', 'H4', 'H7', 'H11', 'HB3', 'HB4'], (v) =>
        v === 'H7' ? 5 : v === 'H4' ? 5 : v === 'H11' ? 2 : 1,
      ),
      'moshchnost-lampy': r.weighted([55, 60, 65], (v) => (v === 55 ? 5 : 1)),
      'tsvetovaya-temperatura': r.pick([3200, 3400, 3700, 4200]),
    }),
    title: (c) => `Лампа галогенная ${c.maker} ${c.line} ${c.p.tsokol} 12V ${c.p['moshchnost-lampy']}W`,
    about: (c) =>
      `Галогенная лампа ${c.p.tsokol} 12 В ${c.p['moshchnost-lampy']} Вт с цветовой температурой ${c.p['tsvetovaya-temperatura']} K для фар ближнего и дальнего света и противотуманных фар. Меняйте лампы парой, чтобы обе фары светили одинаково; не касайтесь колбы пальцами.`,
  },
  {
    slug: 'svetodiodnye-lampy',
    weight: 1.5,
    price: [1400, 7900],
    fits: ['legkovye', 'gruzovye', 'mototsikly'],
    makers: [
      {
        m: 'osram',
        article: (p) =>
          `${{ H1: '64150', H4: '64193', H7: '64210', H11: '64211', HB3: '9005', HB4: '9006' }[String(p.tsokol)] ?? '64210'}{DWESY|DWINT|CW}`,
        lines: ['LEDriving HL Easy', 'LEDriving HL Intense', 'LEDriving HL Bright'],
        k: 1.1,
      },
      {
        m: 'philips',
        article: (p) =>
          `11${{ H1: '258', H4: '342', H7: '972', H11: '362', HB3: '005', HB4: '006' }[String(p.tsokol)] ?? '972'}U{6000|2500|3022}X2`,
        lines: ['Ultinon Pro6000', 'Ultinon Essential', 'Ultinon Pro3022'],
        k: 1.15,
      },
      { m: 'bosch', article: '1 987 301 ###', lines: ['Gigalight LED'] },
    ],
    group: (r) => ({
      tsokol: r.weighted(['H1', 'H4', 'H7', 'H11', 'HB3', 'HB4'], (v) =>
        v === 'H7' ? 5 : v === 'H4' ? 4 : 1,
      ),
      'moshchnost-lampy': r.pick([18, 20, 24, 25, 30]),
      'tsvetovaya-temperatura': r.pick([5700, 6000, 6500]),
    }),
    title: (c) => `Лампа светодиодная ${c.maker} ${c.line} ${c.p.tsokol} ${c.p['tsvetovaya-temperatura']}K`,
    about: (c) =>
      `Светодиодная лампа ${c.p.tsokol} с белым светом ${c.p['tsvetovaya-temperatura']} K и активным охлаждением. Потребляет ${c.p['moshchnost-lampy']} Вт. Перед покупкой проверьте, что в фаре достаточно места для радиатора; в некоторых автомобилях нужен CAN-адаптер.`,
  },
  {
    slug: 'ksenonovye-lampy',
    weight: 0.7,
    price: [2300, 9800],
    makers: [
      {
        m: 'osram',
        article: (p) =>
          `66${{ D1S: '140', D2S: '240', D3S: '340', D4S: '440' }[String(p.tsokol)] ?? '240'}{|XNL|CBI}`,
        lines: ['Xenarc Original', 'Xenarc Night Breaker Laser', 'Xenarc Cool Blue Intense'],
        k: 1.1,
      },
      {
        m: 'philips',
        article: (p) =>
          `85${{ D1S: '415', D2S: '122', D3S: '423', D4S: '125' }[String(p.tsokol)] ?? '122'}{VIS1|WHV2S1|C1}`,
        lines: ['Xenon Vision', 'Xenon WhiteVision gen2', 'Xenon Standard'],
        k: 1.1,
      },
    ],
    group: (r) => ({
      tsokol: r.pick(['D1S', 'D2S', 'D3S', 'D4S']),
      'tsvetovaya-temperatura': r.pick([4300, 4500, 4800, 6000]),
    }),
    title: (c) => `Лампа ксеноновая ${c.maker} ${c.line} ${c.p.tsokol} 35W`,
    about: (c) =>
      `Газоразрядная (ксеноновая) лампа ${c.p.tsokol} 35 Вт, ${c.p['tsvetovaya-temperatura']} K, для штатных ксеноновых фар. Со временем ксенон тускнеет и меняет оттенок — меняйте лампы парой.`,
  },
  {
    slug: 'svechi-zazhiganiya',
    weight: 3,
    install: 250,
    fits: ['legkovye', 'mototsikly'],
    price: (p) =>
      p['material-elektroda'] === 'Никель'
        ? [160, 420]
        : p['material-elektroda'] === 'Платина'
          ? [450, 950]
          : [690, 1850],
    makers: [
      {
        m: 'ngk',
        article: (p) =>
          p['material-elektroda'] === 'Никель'
            ? '{BKR{5|6|7}E{|-11}|BPR{5|6}ES|LZKR6{A|B}-10E}'
            : p['material-elektroda'] === 'Платина'
              ? 'PFR{5|6|7}{A|B|G}-11'
              : '{ILZKR7B11|IZFR6K11|ILKAR7B11|DILKAR7{A|B|C}11|SILZKR7B11}',
        k: 1.05,
      },
      {
        m: 'denso',
        article: (p) =>
          p['material-elektroda'] === 'Никель'
            ? 'K{16|20}{PR-U|TT}{|11}'
            : p['material-elektroda'] === 'Платина'
              ? 'PK{16|20}{TT|PR-P8}'
              : '{IK{16|20|22}TT|IXU{20|22}|FXE20HR11|VK{16|20}}',
        k: 1.05,
      },
      {
        m: 'bosch',
        article: '0 242 2{35|36|45|29} ###',
        lines: ['Super Plus', 'Platinum Plus', 'Double Iridium'],
      },
      {
        m: 'brisk',
        article: (p) =>
          p['material-elektroda'] === 'Никель'
            ? '{DR{15|17}YC-1|LR15YC-1|L15Y}'
            : p['material-elektroda'] === 'Платина'
              ? 'DR15TC-1'
              : 'DR15{YIR|YS}-1',
        k: 0.7,
      },
      {
        m: 'champion',
        article: (p) => (p['material-elektroda'] === 'Никель' ? 'RC{9|10|12}YC{|C}' : 'OE{0|2}##'),
        k: 0.8,
      },
    ],
    group: (r) => {
      const material = r.weighted(['Никель', 'Платина', 'Иридий'], (v) =>
        v === 'Никель' ? 5 : v === 'Платина' ? 2 : 3,
      );
      return {
        'material-elektroda': material,
        'razmer-pod-klyuch': material === 'Иридий' && r.chance(0.5) ? '14' : r.chance(0.1) ? '21' : '16',
      };
    },
    title: (c) =>
      `Свеча зажигания${c.p['material-elektroda'] === 'Иридий' ? ' иридиевая' : c.p['material-elektroda'] === 'Платина' ? ' платиновая' : ''} ${c.maker} ${c.article}`,
    about: (c) =>
      `Свеча зажигания с ${c.p['material-elektroda'] === 'Никель' ? 'никелевым' : c.p['material-elektroda'] === 'Платина' ? 'платиновым' : 'иридиевым'} центральным электродом, шестигранник ${c.p['razmer-pod-klyuch']} мм. ${c.p['material-elektroda'] === 'Никель' ? 'Ресурс — 15–30 тыс. км.' : 'Тонкий электрод даёт стабильную искру и ресурс до 60–100 тыс. км.'} Продаётся поштучно, меняйте весь комплект.`,
  },
  ...(['letnie', 'zimnie', 'vsesezonnye'] as const).map((season): LeafSpec => {
    const lines: Record<string, Record<typeof season, string[]>> = {
      cordiant: {
        letnie: ['Comfort 2', 'Sport 3', 'Road Runner'],
        zimnie: ['Snow Cross 2', 'Winter Drive 2'],
        vsesezonnye: ['All Season'],
      },
      ikon: {
        letnie: ['Autograph Eco 3', 'Character Aqua 3'],
        zimnie: ['Autograph Ice 9', 'Nordman 8', 'Autograph Snow 3'],
        vsesezonnye: ['Autograph Weather 3'],
      },
      kama: {
        letnie: ['Breeze', 'Euro-129', 'Flame'],
        zimnie: ['Alga', 'Irbis', 'Euro-519'],
        vsesezonnye: ['Euro-224'],
      },
      pirelli: {
        letnie: ['Cinturato P7', 'P Zero', 'Scorpion Verde'],
        zimnie: ['Ice Zero 2', 'Ice Zero FR'],
        vsesezonnye: ['Cinturato All Season SF2'],
      },
      continental: {
        letnie: ['PremiumContact 6', 'EcoContact 6'],
        zimnie: ['IceContact 3', 'VikingContact 7'],
        vsesezonnye: ['AllSeasonContact'],
      },
      hankook: {
        letnie: ['Ventus Prime 3 K125', 'Kinergy Eco 2 K435'],
        zimnie: ['Winter i*Pike RS2 W429', 'Winter i*cept IZ2 W616'],
        vsesezonnye: ['Kinergy 4S2 H750'],
      },
      yokohama: {
        letnie: ['BluEarth-GT AE51', 'Advan Sport V105'],
        zimnie: ['iceGUARD Stud IG65', 'iceGUARD IG60'],
        vsesezonnye: ['BluEarth-4S AW21'],
      },
    };
    const articles: Record<string, string> = {
      cordiant: '{68|70|12}#######',
      ikon: 'T{4|7}{2|3}###',
      kama: '{2|4}####',
      pirelli: '{2|3|4}###{0|1|3}00',
      continental: '03{1|4|5}####',
      hankook: '10{1|2}####',
      yokohama: 'R{0|1}####',
    };
    const factor: Record<string, number> = {
      cordiant: 0.8,
      ikon: 0.95,
      kama: 0.6,
      pirelli: 1.3,
      continental: 1.35,
      hankook: 0.95,
      yokohama: 1.05,
    };
    const seasonWord = { letnie: 'летняя', zimnie: 'зимняя', vsesezonnye: 'всесезонная' }[season];
    return {
      slug: `${season}-shiny`,
      weight: season === 'vsesezonnye' ? 1 : 3,
      install: 600,
      price: (p) => {
        const d = Number(String(p['posadochnyy-diametr']).slice(1));
        const base = 2600 + (d - 14) * 1500 + (Number(p['shirina-profilya']) - 175) * 25;
        return [base, base * 1.9];
      },
      makers: Object.keys(lines).map((m) => ({
        m,
        article: articles[m] ?? '######',
        lines: lines[m]?.[season] ?? [''],
        k: factor[m],
      })),
      group: (r, { rims }) => {
        const d = r.int(rims[0], rims[1]);
        // Wider and lower tyres on bigger rims: 175/70 R14 … 265/45 R20.
        const width = 175 + 10 * Math.min(9, Math.max(0, Math.round((d - 14) * 1.4) + r.int(-1, 2)));
        const profile = Math.min(70, Math.max(45, 110 - d * 3 - r.pick([0, 5, 10])));
        const p: Props = {
          'shirina-profilya': String(width),
          'vysota-profilya': String(Math.round(profile / 5) * 5),
          'posadochnyy-diametr': `R${d}`,
          'indeks-skorosti': season === 'zimnie' ? r.pick(['T', 'T', 'H']) : r.pick(['H', 'V', 'V', 'W']),
          _load: 82 + (d - 14) * 3 + r.int(0, 4),
        };
        if (season === 'zimnie') p.shipy = r.chance(0.55) ? 'Шипованная' : 'Нешипованная';
        return p;
      },
      title: (c) =>
        `Шина ${seasonWord} ${c.maker} ${c.line} ${c.p['shirina-profilya']}/${c.p['vysota-profilya']} ${c.p['posadochnyy-diametr']} ${c.p._load}${c.p['indeks-skorosti']}${c.p.shipy === 'Шипованная' ? ' шип.' : ''}`,
      about: (c) =>
        season === 'zimnie'
          ? `${c.p.shipy === 'Шипованная' ? 'Шипованная' : 'Фрикционная (нешипованная)'} зимняя шина размера ${c.p['shirina-profilya']}/${c.p['vysota-profilya']} ${c.p['posadochnyy-diametr']} для легковых автомобилей и кроссоверов. ${c.p.shipy === 'Шипованная' ? 'Уверенно держит на льду и укатанном снегу.' : 'Тихая, хорошо работает на снегу, слякоти и холодном асфальте.'} Индекс нагрузки ${c.p._load}, скорости — ${c.p['indeks-skorosti']}.`
          : `${season === 'letnie' ? 'Летняя' : 'Всесезонная'} шина ${c.p['shirina-profilya']}/${c.p['vysota-profilya']} ${c.p['posadochnyy-diametr']} с асимметричным рисунком протектора: короткий тормозной путь на мокрой дороге и низкий уровень шума. Индекс нагрузки ${c.p._load}, скорости — ${c.p['indeks-skorosti']}. Цена указана за одну шину.`,
    };
  }),
  {
    slug: 'litye-diski',
    weight: 2.5,
    install: 600,
    price: (p) => {
      const d = Number(String(p['posadochnyy-diametr']).slice(1));
      return [3800 + (d - 15) * 1600, 8200 + (d - 15) * 3800];
    },
    makers: [
      {
        m: 'skad',
        article: '{1|2|3}######',
        lines: ['Тулон', 'Мицар', 'Ле-Ман', 'Веритас', 'Сиена', 'Аллегро'],
      },
      {
        m: 'kik',
        article: 'r{1|4|6|9}###',
        lines: ['Сиерра', 'Премиум', 'Кастор', 'Твистер', 'КС{5|6|8}##'],
        k: 0.95,
      },
    ],
    group: (r, { rims }) => {
      const d = r.int(Math.max(15, rims[0]), Math.max(15, Math.min(19, rims[1])));
      return {
        'posadochnyy-diametr': `R${d}`,
        pcd: r.weighted(['4x98', '4x100', '5x108', '5x112', '5x114.3'], (v) =>
          v === '5x114.3' ? 4 : v === '4x100' ? 4 : 2,
        ),
        'shirina-diska': [6, 6.5, 7, 7.5, 8][Math.min(4, d - 15 + r.int(0, 1))] ?? 6.5,
        vylet: r.int(7, 10) * 5,
        'tsvet-diska': r.pick(['Серебристый', 'Графитовый', 'Чёрный', 'Чёрный с проточкой']),
        _dia: r.pick(['54.1', '56.1', '57.1', '60.1', '66.1', '67.1']),
      };
    },
    title: (c) =>
      `Диск литой ${c.maker} ${c.line} ${c.p['shirina-diska']}x${String(c.p['posadochnyy-diametr']).slice(1)} ${c.p.pcd} ET${c.p.vylet} DIA${c.p._dia} ${lower(c.p['tsvet-diska'])}`,
    about: (c) =>
      `Литой алюминиевый диск ${c.p['shirina-diska']}J×${String(c.p['posadochnyy-diametr']).slice(1)}″, сверловка ${c.p.pcd}, вылет ET${c.p.vylet} мм, центральное отверстие ${c.p._dia} мм. Порошковая окраска и лак устойчивы к реагентам. Проверьте соответствие параметров вашему автомобилю по таблице заводских размеров.`,
  },
  {
    slug: 'shtampovannye-diski',
    weight: 1,
    install: 500,
    price: (p) =>
      p['posadochnyy-diametr'] === 'R14'
        ? [1900, 2900]
        : p['posadochnyy-diametr'] === 'R15'
          ? [2300, 3600]
          : [2900, 4800],
    makers: [
      { m: 'trebl', article: '{5|6|7|8|9}###', lines: [''] },
      { m: 'lada-original', article: '{2110|2170|2190|8450}0-3101015-{0|1}#', lines: [''], k: 0.9 },
      { m: 'renault-original', article: '40300{0|1|4}###R', lines: [''], k: 1.2 },
    ],
    group: (r, { rims }) => {
      const d = r.int(Math.min(16, rims[0]), Math.min(16, rims[1]));
      return {
        'posadochnyy-diametr': `R${d}`,
        pcd: r.pick(['4x98', '4x100', '4x100', '5x114.3', '5x112']),
        'shirina-diska': d === 14 ? 5.5 : 6,
        vylet: r.int(7, 10) * 5,
        _dia: r.pick(['58.6', '60.1', '54.1', '57.1']),
      };
    },
    title: (c) =>
      `Диск штампованный ${c.maker}${c.line ? ` ${c.line}` : ''} ${c.p['shirina-diska']}x${String(c.p['posadochnyy-diametr']).slice(1)} ${c.p.pcd} ET${c.p.vylet} DIA${c.p._dia} чёрный`,
    about: (c) =>
      `Стальной штампованный диск ${c.p['shirina-diska']}J×${String(c.p['posadochnyy-diametr']).slice(1)}″ (${c.p.pcd}, ET${c.p.vylet}) с катафорезным покрытием. Ремонтопригоден после ударов — практичный выбор для зимнего комплекта.`,
  },
  {
    slug: 'shchetki-stekloochistitelya',
    weight: 2,
    price: (p) => (p['tip-shchetki'] === 'Каркасная' ? [290, 900] : [590, 2400]),
    fits: ['legkovye', 'gruzovye'],
    makers: [
      {
        m: 'bosch',
        article: '3 397 {118|008|006|014} ###',
        lines: ['Aerotwin', 'Aerotwin Plus', 'Eco', 'Twin'],
        k: 1.15,
      },
      {
        m: 'valeo',
        article: '{VM###|574###|575###}',
        lines: ['Silencio X.TRM', 'First Flatblade', 'Compact'],
        k: 1.05,
      },
      { m: 'denso', article: '{DF-0##|DUR-0{35|40|45|50|55|60|65}{L|R}}', lines: ['Flat', 'Hybrid'] },
      { m: 'alca', article: '0{4|5|3}{0|2|8}000', lines: ['Super Flat', 'Special', 'Universal'], k: 0.7 },
      {
        m: 'champion',
        article: 'AF{45|48|50|53|55|60|65}/B01',
        lines: ['Aerovantage', 'EasyVision'],
        k: 0.85,
      },
    ],
    group: (r) => ({
      'dlina-shchetki': r.pick([350, 380, 400, 430, 450, 475, 500, 530, 550, 600, 650, 700]),
      'tip-shchetki': r.weighted(['Бескаркасная', 'Каркасная', 'Гибридная'], (v) =>
        v === 'Бескаркасная' ? 5 : 2,
      ),
    }),
    title: (c) =>
      `Щётка стеклоочистителя ${lower(c.p['tip-shchetki'])} ${c.maker} ${c.line} ${c.p['dlina-shchetki']} мм`,
    about: (c) =>
      `${c.p['tip-shchetki']} щётка длиной ${c.p['dlina-shchetki']} мм с резиной на основе натурального каучука и графитовым покрытием: бесшумно и без полос очищает стекло. Универсальный адаптер под крючок и большинство штатных креплений.`,
  },
  {
    slug: 'kovriki-v-salon',
    weight: 2,
    scope: 'generation',
    price: (p) => (p['material-kovrikov'] === 'Текстиль' ? [1900, 5200] : [2300, 6900]),
    makers: [
      { m: 'norplast', article: 'NPA{10|11}-C{23|46|62|94}-###', k: 1 },
      { m: 'seintex', article: '{8|9}####', k: 1.1 },
      { m: 'element', article: 'ELEMENT{3|4}######', k: 0.95 },
    ],
    group: (r) => {
      const material = r.pick(['Полиуретан', 'Резина', 'Текстиль', 'EVA']);
      return {
        'material-kovrikov': material,
        'tsvet-kovrikov':
          material === 'Текстиль' || material === 'EVA' ? r.pick(['Чёрный', 'Серый', 'Бежевый']) : 'Чёрный',
      };
    },
    title: (c) =>
      `Коврики в салон ${c.fit} ${c.maker}, ${lower(c.p['material-kovrikov'])}, ${lower(c.p['tsvet-kovrikov'])}, 4 шт.`,
    about: (c) =>
      `Комплект ковриков в салон ${c.fit}, повторяющих рельеф пола. Материал — ${lower(c.p['material-kovrikov'])}; высокие бортики удерживают воду и снег, штатные крепления не дают коврику водительского места сползать под педали.`,
  },
  {
    slug: 'kovriki-v-bagazhnik',
    weight: 1.5,
    scope: 'generation',
    price: [1600, 4800],
    makers: [
      { m: 'norplast', article: 'NPA00-T{23|46|62|94}-###', k: 1 },
      { m: 'seintex', article: '{8|9}####', k: 1.1 },
      { m: 'element', article: 'ELEMENT{3|4}######', k: 0.95 },
    ],
    group: (r) => ({
      'material-kovrikov': r.pick(['Полиуретан', 'Полиуретан', 'Резина', 'EVA']),
      'tsvet-kovrikov': 'Чёрный',
    }),
    title: (c) => `Коврик в багажник ${c.fit} ${c.maker}, ${lower(c.p['material-kovrikov'])}`,
    about: (c) =>
      `Коврик в багажник ${c.fit} по форме штатного пола, с бортиком 5 см. Легко моется; не пропускает воду и технические жидкости.`,
  },
  {
    slug: 'videoregistratory',
    weight: 1,
    universal: true,
    price: (p) =>
      p.razreshenie === '4K' ? [9900, 24900] : p.razreshenie === '2K' ? [5900, 14900] : [2900, 7900],
    makers: [
      {
        m: '70mai',
        article: 'Midrive D{0|1}{1|5|6|8}',
        lines: ['Dash Cam A{4|5}00S', 'Dash Cam Omni', 'Dash Cam M{3|5}00', 'Dash Cam Pro Plus+ A{2|5}00S'],
      },
      {
        m: 'neoline',
        article: 'NL-{G|W|C}{1|2|3}##',
        lines: ['G-Tech X{7|8}{2|4|6}', 'Wide S{3|6}{1|5}', 'Cubex V{5|6|7}{0|1}'],
      },
      {
        m: 'roadgid',
        article: 'RG-{1|2|3}##{0|1}',
        lines: ['CityGo 3 Wi-Fi', 'Mini 3 Wi-Fi', 'Blick Wi-Fi', 'Optima GT'],
      },
    ],
    group: (r) => {
      const res = r.weighted(['Full HD', '2K', '4K'], (v) => (v === 'Full HD' ? 4 : v === '2K' ? 3 : 1));
      return {
        razreshenie: res,
        gps: r.chance(0.5) ? 'Есть' : 'Нет',
        'kolichestvo-kamer': r.chance(0.3) ? '2' : '1',
      };
    },
    title: (c) =>
      `Видеорегистратор ${c.maker} ${c.line}${c.p['kolichestvo-kamer'] === '2' ? ' с камерой заднего вида' : ''}`,
    about: (c) =>
      `Видеорегистратор с записью в ${c.p.razreshenie}${c.p.gps === 'Есть' ? ', GPS-модулем (скорость и координаты в кадре)' : ''} и широкоугольным объективом 140°. ${c.p['kolichestvo-kamer'] === '2' ? 'В комплекте вторая камера для заднего стекла. ' : ''}Циклическая запись, датчик удара защищает файл от перезаписи, просмотр и выгрузка видео — в приложении на смартфоне.`,
  },
];

/** Installation services: a fixed list, not scaled with the catalogue. */
export const SERVICES: { category: string; title: string; price: number; about: string }[] = [
  {
    category: 'zamena-masla',
    title: 'Замена моторного масла и масляного фильтра',
    price: 1200,
    about:
      'Слив отработанного масла, замена масляного фильтра и уплотнительной шайбы, заливка нового масла до нормы, сброс сервисного интервала.',
  },
  {
    category: 'zamena-masla',
    title: 'Замена масла в механической коробке передач',
    price: 1500,
    about:
      'Слив старого масла через сливную пробку, заливка нового до контрольного уровня, проверка на подтекания.',
  },
  {
    category: 'zamena-masla',
    title: 'Частичная замена масла в АКПП',
    price: 2500,
    about:
      'Слив масла из поддона, замена уплотнителей пробок, доливка нового масла по уровню на прогретой коробке.',
  },
  {
    category: 'zamena-masla',
    title: 'Замена антифриза',
    price: 2200,
    about:
      'Слив охлаждающей жидкости из радиатора и блока, промывка при необходимости, заливка нового антифриза с удалением воздушных пробок.',
  },
  {
    category: 'shinomontazh',
    title: 'Шиномонтаж комплекта колёс R13–R15',
    price: 2400,
    about:
      'Снятие и установка 4 колёс, демонтаж и монтаж шин, балансировка, подкачка до рекомендованного давления.',
  },
  {
    category: 'shinomontazh',
    title: 'Шиномонтаж комплекта колёс R16–R17',
    price: 3200,
    about:
      'Снятие и установка 4 колёс, демонтаж и монтаж шин, балансировка, подкачка до рекомендованного давления.',
  },
  {
    category: 'shinomontazh',
    title: 'Шиномонтаж комплекта колёс R18–R20',
    price: 4400,
    about:
      'Снятие и установка 4 колёс, демонтаж и монтаж шин, балансировка, подкачка. Для низкопрофильных шин и Run Flat — на специальном оборудовании.',
  },
  {
    category: 'shinomontazh',
    title: 'Ремонт прокола шины',
    price: 600,
    about: 'Поиск прокола, установка жгута или грибка изнутри, балансировка колеса.',
  },
  {
    category: 'shinomontazh',
    title: 'Сезонное хранение шин',
    price: 3500,
    about:
      'Хранение комплекта шин или колёс в отапливаемом помещении до 6 месяцев; мойка и упаковка в чехлы входят в цену.',
  },
  {
    category: 'diagnostika',
    title: 'Компьютерная диагностика двигателя',
    price: 1500,
    about:
      'Считывание и расшифровка ошибок, проверка датчиков и параметров работы двигателя сканером, рекомендации по ремонту.',
  },
  {
    category: 'diagnostika',
    title: 'Диагностика подвески',
    price: 900,
    about:
      'Осмотр подвески на подъёмнике: люфты шаровых опор и рулевых наконечников, состояние сайлентблоков, амортизаторов, пыльников.',
  },
  {
    category: 'diagnostika',
    title: 'Проверка аккумулятора и генератора',
    price: 500,
    about:
      'Тест аккумулятора нагрузочной вилкой и тестером, проверка тока зарядки генератора и утечек тока на стоянке.',
  },
  {
    category: 'diagnostika',
    title: 'Диагностика перед покупкой автомобиля',
    price: 3500,
    about:
      'Комплексная проверка подержанного автомобиля: кузов и ЛКП толщиномером, компьютерная диагностика, подвеска и тормоза на подъёмнике, тест-драйв с мастером.',
  },
  {
    category: 'remont-tormozov',
    title: 'Замена передних тормозных колодок',
    price: 1200,
    about: 'Снятие колёс, замена колодок, очистка и смазка направляющих суппорта, проверка толщины дисков.',
  },
  {
    category: 'remont-tormozov',
    title: 'Замена задних тормозных колодок',
    price: 1400,
    about: 'Снятие колёс, замена колодок, обслуживание направляющих, регулировка стояночного тормоза.',
  },
  {
    category: 'remont-tormozov',
    title: 'Замена тормозных дисков на одной оси',
    price: 2400,
    about:
      'Замена двух тормозных дисков с очисткой ступиц от коррозии; колодки на этой оси рекомендуем менять одновременно.',
  },
  {
    category: 'remont-tormozov',
    title: 'Замена тормозной жидкости',
    price: 1500,
    about:
      'Полная замена тормозной жидкости с прокачкой всех контуров; для автомобилей с ABS — по процедуре производителя.',
  },
  {
    category: 'razval-skhozhdenie',
    title: 'Регулировка развала-схождения, одна ось',
    price: 1500,
    about:
      'Проверка и регулировка углов установки колёс передней оси на 3D-стенде, распечатка результатов до и после.',
  },
  {
    category: 'razval-skhozhdenie',
    title: 'Регулировка развала-схождения, две оси',
    price: 2500,
    about:
      'Проверка и регулировка углов обеих осей на 3D-стенде; рекомендуется после замены элементов подвески и рулевого управления.',
  },
  {
    category: 'razval-skhozhdenie',
    title: 'Проверка углов установки колёс',
    price: 800,
    about:
      'Замер углов на 3D-стенде без регулировки: покажет, нужна ли регулировка, если автомобиль уводит или неравномерно изнашиваются шины.',
  },
];
