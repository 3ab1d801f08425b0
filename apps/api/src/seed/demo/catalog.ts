import type { ImageKind } from '../media';

/** A category; leaves carry products. Slugs are unique across the whole tree (the API looks categories up by slug). */
export interface CategoryData {
  slug: string;
  title: string;
  kind: ImageKind;
  service?: boolean;
  /** Filters offered on this category's page, in order. Parents get the union of their children's. */
  props?: string[];
  children?: CategoryData[];
}

export const CATEGORY_TREE: CategoryData[] = [
  {
    slug: 'masla-i-zhidkosti',
    title: 'Масла и жидкости',
    kind: 'oil',
    children: [
      {
        slug: 'motornye-masla',
        title: 'Моторные масла',
        kind: 'oil',
        props: ['vyazkost', 'tip-masla', 'obem', 'klass-api'],
      },
      {
        slug: 'transmissionnye-masla',
        title: 'Трансмиссионные масла',
        kind: 'oil',
        props: ['vyazkost', 'klass-gl', 'tip-masla', 'obem'],
      },
      {
        slug: 'antifrizy',
        title: 'Антифризы',
        kind: 'coolant',
        props: ['tip-antifriza', 'tsvet-antifriza', 'obem', 'temperatura-zamerzaniya'],
      },
      {
        slug: 'tormoznye-zhidkosti',
        title: 'Тормозные жидкости',
        kind: 'coolant',
        props: ['klass-dot', 'obem'],
      },
      {
        slug: 'zhidkosti-omyvatelya',
        title: 'Жидкости омывателя',
        kind: 'coolant',
        props: ['temperatura-zamerzaniya', 'obem'],
      },
    ],
  },
  {
    slug: 'filtry',
    title: 'Фильтры',
    kind: 'filter',
    children: [
      {
        slug: 'maslyanye-filtry',
        title: 'Масляные фильтры',
        kind: 'filter',
        props: ['tip-filtra', 'vysota'],
      },
      { slug: 'vozdushnye-filtry', title: 'Воздушные фильтры', kind: 'panel-filter', props: ['vysota'] },
      {
        slug: 'salonnye-filtry',
        title: 'Салонные фильтры',
        kind: 'panel-filter',
        props: ['tip-salonnogo-filtra', 'vysota'],
      },
      {
        slug: 'toplivnye-filtry',
        title: 'Топливные фильтры',
        kind: 'filter',
        props: ['tip-filtra', 'vysota'],
      },
    ],
  },
  {
    slug: 'tormoznaya-sistema',
    title: 'Тормозная система',
    kind: 'brake-disc',
    children: [
      {
        slug: 'tormoznye-kolodki',
        title: 'Тормозные колодки',
        kind: 'brake-pads',
        children: [
          {
            slug: 'perednie-kolodki',
            title: 'Передние колодки',
            kind: 'brake-pads',
            props: ['os', 'datchik-iznosa', 'shirina-kolodki'],
          },
          {
            slug: 'zadnie-kolodki',
            title: 'Задние колодки',
            kind: 'brake-pads',
            props: ['os', 'datchik-iznosa', 'shirina-kolodki'],
          },
        ],
      },
      {
        slug: 'tormoznye-diski',
        title: 'Тормозные диски',
        kind: 'brake-disc',
        props: ['os', 'tip-tormoznogo-diska', 'diametr-diska'],
      },
    ],
  },
  {
    slug: 'podveska',
    title: 'Подвеска',
    kind: 'shock',
    children: [
      {
        slug: 'amortizatory',
        title: 'Амортизаторы',
        kind: 'shock',
        children: [
          {
            slug: 'perednie-amortizatory',
            title: 'Передние амортизаторы',
            kind: 'shock',
            props: ['tip-amortizatora', 'storona', 'os'],
          },
          {
            slug: 'zadnie-amortizatory',
            title: 'Задние амортизаторы',
            kind: 'shock',
            props: ['tip-amortizatora', 'storona', 'os'],
          },
        ],
      },
      { slug: 'pruzhiny-podveski', title: 'Пружины подвески', kind: 'spring', props: ['os', 'tip-pruzhiny'] },
      { slug: 'stoyki-stabilizatora', title: 'Стойки стабилизатора', kind: 'link', props: ['os', 'storona'] },
      {
        slug: 'rychagi-i-sharovye-opory',
        title: 'Рычаги и шаровые опоры',
        kind: 'link',
        props: ['os', 'storona'],
      },
    ],
  },
  {
    slug: 'dvigatel',
    title: 'Двигатель',
    kind: 'belt',
    children: [
      {
        slug: 'remni-grm',
        title: 'Ремни и комплекты ГРМ',
        kind: 'belt',
        props: ['komplektatsiya-grm', 'kolichestvo-zubev'],
      },
      { slug: 'privodnye-remni', title: 'Приводные ремни', kind: 'belt', props: ['dlina-remnya'] },
    ],
  },
  {
    slug: 'elektrika',
    title: 'Электрика',
    kind: 'battery',
    children: [
      {
        slug: 'akkumulyatory',
        title: 'Аккумуляторы',
        kind: 'battery',
        props: ['emkost', 'pusk-tok', 'polyarnost', 'tekhnologiya-akb'],
      },
      {
        slug: 'lampy',
        title: 'Лампы',
        kind: 'bulb',
        children: [
          {
            slug: 'galogennye-lampy',
            title: 'Галогенные лампы',
            kind: 'bulb',
            props: ['tsokol', 'moshchnost-lampy', 'tsvetovaya-temperatura'],
          },
          {
            slug: 'svetodiodnye-lampy',
            title: 'Светодиодные лампы',
            kind: 'bulb',
            props: ['tsokol', 'moshchnost-lampy', 'tsvetovaya-temperatura'],
          },
          {
            slug: 'ksenonovye-lampy',
            title: 'Ксеноновые лампы',
            kind: 'bulb',
            props: ['tsokol', 'tsvetovaya-temperatura'],
          },
        ],
      },
      {
        slug: 'svechi-zazhiganiya',
        title: 'Свечи зажигания',
        kind: 'spark-plug',
        props: ['material-elektroda', 'razmer-pod-klyuch'],
      },
    ],
  },
  {
    slug: 'shiny-i-diski',
    title: 'Шины и диски',
    kind: 'tyre',
    children: [
      {
        slug: 'shiny',
        title: 'Шины',
        kind: 'tyre',
        children: [
          {
            slug: 'letnie-shiny',
            title: 'Летние шины',
            kind: 'tyre',
            props: ['shirina-profilya', 'vysota-profilya', 'posadochnyy-diametr', 'indeks-skorosti'],
          },
          {
            slug: 'zimnie-shiny',
            title: 'Зимние шины',
            kind: 'tyre',
            props: ['shirina-profilya', 'vysota-profilya', 'posadochnyy-diametr', 'shipy', 'indeks-skorosti'],
          },
          {
            slug: 'vsesezonnye-shiny',
            title: 'Всесезонные шины',
            kind: 'tyre',
            props: ['shirina-profilya', 'vysota-profilya', 'posadochnyy-diametr', 'indeks-skorosti'],
          },
        ],
      },
      {
        slug: 'diski',
        title: 'Диски',
        kind: 'rim',
        children: [
          {
            slug: 'litye-diski',
            title: 'Литые диски',
            kind: 'rim',
            props: ['posadochnyy-diametr', 'pcd', 'shirina-diska', 'vylet', 'tsvet-diska'],
          },
          {
            slug: 'shtampovannye-diski',
            title: 'Штампованные диски',
            kind: 'rim',
            props: ['posadochnyy-diametr', 'pcd', 'shirina-diska', 'vylet'],
          },
        ],
      },
    ],
  },
  {
    slug: 'aksessuary',
    title: 'Аксессуары',
    kind: 'dashcam',
    children: [
      {
        slug: 'shchetki-stekloochistitelya',
        title: 'Щётки стеклоочистителя',
        kind: 'wiper',
        props: ['dlina-shchetki', 'tip-shchetki'],
      },
      {
        slug: 'kovriki',
        title: 'Коврики',
        kind: 'mat',
        children: [
          {
            slug: 'kovriki-v-salon',
            title: 'Коврики в салон',
            kind: 'mat',
            props: ['material-kovrikov', 'tsvet-kovrikov'],
          },
          {
            slug: 'kovriki-v-bagazhnik',
            title: 'Коврики в багажник',
            kind: 'mat',
            props: ['material-kovrikov', 'tsvet-kovrikov'],
          },
        ],
      },
      {
        slug: 'videoregistratory',
        title: 'Видеорегистраторы',
        kind: 'dashcam',
        props: ['razreshenie', 'gps', 'kolichestvo-kamer'],
      },
    ],
  },
  {
    slug: 'uslugi',
    title: 'Услуги',
    kind: 'service',
    service: true,
    children: [
      { slug: 'zamena-masla', title: 'Замена масла', kind: 'service', service: true },
      { slug: 'shinomontazh', title: 'Шиномонтаж', kind: 'service', service: true },
      { slug: 'diagnostika', title: 'Диагностика', kind: 'service', service: true },
      { slug: 'remont-tormozov', title: 'Ремонт тормозной системы', kind: 'service', service: true },
      { slug: 'razval-skhozhdenie', title: 'Развал-схождение', kind: 'service', service: true },
    ],
  },
];

export interface PropertyData {
  slug: string;
  title: string;
  type: 'CHECKBOX' | 'RANGE' | 'RADIO';
  unit?: string;
  /** [value, title]; a bare string is both. RANGE properties have none. */
  values?: (string | [string, string])[];
}

const mm = (v: number) => [String(v), `${v} мм`] as [string, string];

export const PROPERTIES: PropertyData[] = [
  {
    slug: 'vyazkost',
    title: 'Вязкость SAE',
    type: 'CHECKBOX',
    values: ['0W-20', '0W-30', '5W-30', '5W-40', '10W-40', '15W-40', '75W-80', '75W-85', '75W-90', '80W-90'],
  },
  {
    slug: 'tip-masla',
    title: 'Тип масла',
    type: 'CHECKBOX',
    values: ['Синтетическое', 'Полусинтетическое', 'Минеральное'],
  },
  {
    slug: 'obem',
    title: 'Объём',
    type: 'CHECKBOX',
    unit: 'л',
    values: [
      ['0.5', '0,5 л'],
      ['1', '1 л'],
      ['4', '4 л'],
      ['5', '5 л'],
      ['10', '10 л'],
      ['20', '20 л'],
    ],
  },
  { slug: 'klass-api', title: 'Класс API', type: 'CHECKBOX', values: ['SL', 'SN', 'SN Plus', 'SP', 'CI-4'] },
  { slug: 'klass-gl', title: 'Класс GL', type: 'CHECKBOX', values: ['GL-4', 'GL-5', 'GL-4/5'] },
  {
    slug: 'tip-antifriza',
    title: 'Класс антифриза',
    type: 'CHECKBOX',
    values: ['G11', 'G12', 'G12+', 'G12++', 'G13'],
  },
  {
    slug: 'tsvet-antifriza',
    title: 'Цвет',
    type: 'CHECKBOX',
    values: ['Зелёный', 'Синий', 'Красный', 'Жёлтый', 'Фиолетовый'],
  },
  { slug: 'temperatura-zamerzaniya', title: 'Температура замерзания', type: 'RANGE', unit: '°C' },
  { slug: 'klass-dot', title: 'Класс DOT', type: 'CHECKBOX', values: ['DOT 3', 'DOT 4', 'DOT 5.1'] },
  {
    slug: 'tip-filtra',
    title: 'Исполнение',
    type: 'RADIO',
    values: ['Навинчиваемый', 'Фильтрующий элемент', 'Проточный'],
  },
  { slug: 'vysota', title: 'Высота', type: 'RANGE', unit: 'мм' },
  {
    slug: 'tip-salonnogo-filtra',
    title: 'Тип фильтра',
    type: 'RADIO',
    values: ['Противопыльный', 'Угольный', 'Антибактериальный'],
  },
  { slug: 'os', title: 'Ось', type: 'CHECKBOX', values: ['Передняя ось', 'Задняя ось'] },
  { slug: 'datchik-iznosa', title: 'Датчик износа', type: 'RADIO', values: ['С датчиком', 'Без датчика'] },
  { slug: 'shirina-kolodki', title: 'Ширина колодки', type: 'RANGE', unit: 'мм' },
  { slug: 'diametr-diska', title: 'Диаметр тормозного диска', type: 'RANGE', unit: 'мм' },
  {
    slug: 'tip-tormoznogo-diska',
    title: 'Тип диска',
    type: 'CHECKBOX',
    values: ['Вентилируемый', 'Невентилируемый'],
  },
  {
    slug: 'tip-amortizatora',
    title: 'Тип амортизатора',
    type: 'CHECKBOX',
    values: ['Газомасляный', 'Масляный', 'Газовый'],
  },
  {
    slug: 'storona',
    title: 'Сторона установки',
    type: 'CHECKBOX',
    values: ['Левая', 'Правая', 'Левая/правая'],
  },
  {
    slug: 'tip-pruzhiny',
    title: 'Исполнение пружины',
    type: 'CHECKBOX',
    values: ['Стандартная', 'Усиленная', 'Заниженная'],
  },
  {
    slug: 'komplektatsiya-grm',
    title: 'Комплектация',
    type: 'CHECKBOX',
    values: ['Ремень', 'Ремень и ролики', 'Ремень, ролики и помпа'],
  },
  { slug: 'kolichestvo-zubev', title: 'Количество зубьев', type: 'RANGE' },
  { slug: 'dlina-remnya', title: 'Длина ремня', type: 'RANGE', unit: 'мм' },
  { slug: 'emkost', title: 'Ёмкость', type: 'RANGE', unit: 'А·ч' },
  { slug: 'pusk-tok', title: 'Пусковой ток', type: 'RANGE', unit: 'А' },
  { slug: 'polyarnost', title: 'Полярность', type: 'CHECKBOX', values: ['Обратная (R+)', 'Прямая (L+)'] },
  {
    slug: 'tekhnologiya-akb',
    title: 'Технология',
    type: 'CHECKBOX',
    values: ['Кальциевая (Ca/Ca)', 'EFB', 'AGM', 'Гибридная'],
  },
  {
    slug: 'tsokol',
    title: 'Цоколь',
    type: 'CHECKBOX',
    values: ['H1', 'H3', 'H4', 'H7', 'H11', 'HB3', 'HB4', 'D1S', 'D2S', 'D3S', 'D4S'],
  },
  { slug: 'moshchnost-lampy', title: 'Мощность', type: 'RANGE', unit: 'Вт' },
  { slug: 'tsvetovaya-temperatura', title: 'Цветовая температура', type: 'RANGE', unit: 'K' },
  {
    slug: 'material-elektroda',
    title: 'Материал электрода',
    type: 'CHECKBOX',
    values: ['Никель', 'Платина', 'Иридий'],
  },
  {
    slug: 'razmer-pod-klyuch',
    title: 'Размер под ключ',
    type: 'CHECKBOX',
    unit: 'мм',
    values: [mm(14), mm(16), mm(21)],
  },
  {
    slug: 'shirina-profilya',
    title: 'Ширина профиля',
    type: 'CHECKBOX',
    unit: 'мм',
    values: ['175', '185', '195', '205', '215', '225', '235', '245', '255', '265'],
  },
  {
    slug: 'vysota-profilya',
    title: 'Высота профиля',
    type: 'CHECKBOX',
    unit: '%',
    values: ['45', '50', '55', '60', '65', '70'],
  },
  {
    slug: 'posadochnyy-diametr',
    title: 'Посадочный диаметр',
    type: 'CHECKBOX',
    values: ['R14', 'R15', 'R16', 'R17', 'R18', 'R19', 'R20'],
  },
  { slug: 'shipy', title: 'Шипы', type: 'RADIO', values: ['Шипованная', 'Нешипованная'] },
  {
    slug: 'indeks-skorosti',
    title: 'Индекс скорости',
    type: 'CHECKBOX',
    values: [
      ['T', 'T (до 190 км/ч)'],
      ['H', 'H (до 210 км/ч)'],
      ['V', 'V (до 240 км/ч)'],
      ['W', 'W (до 270 км/ч)'],
    ],
  },
  {
    slug: 'pcd',
    title: 'Сверловка (PCD)',
    type: 'CHECKBOX',
    values: ['4x98', '4x100', '5x108', '5x112', '5x114.3', '6x139.7'],
  },
  { slug: 'shirina-diska', title: 'Ширина диска', type: 'RANGE', unit: '″' },
  { slug: 'vylet', title: 'Вылет (ET)', type: 'RANGE', unit: 'мм' },
  {
    slug: 'tsvet-diska',
    title: 'Цвет',
    type: 'CHECKBOX',
    values: ['Серебристый', 'Графитовый', 'Чёрный', 'Чёрный с проточкой'],
  },
  { slug: 'dlina-shchetki', title: 'Длина щётки', type: 'RANGE', unit: 'мм' },
  {
    slug: 'tip-shchetki',
    title: 'Тип щётки',
    type: 'CHECKBOX',
    values: ['Бескаркасная', 'Каркасная', 'Гибридная'],
  },
  {
    slug: 'material-kovrikov',
    title: 'Материал',
    type: 'CHECKBOX',
    values: ['Полиуретан', 'Резина', 'Текстиль', 'EVA'],
  },
  { slug: 'tsvet-kovrikov', title: 'Цвет', type: 'CHECKBOX', values: ['Чёрный', 'Серый', 'Бежевый'] },
  { slug: 'razreshenie', title: 'Разрешение видео', type: 'CHECKBOX', values: ['Full HD', '2K', '4K'] },
  { slug: 'gps', title: 'GPS-модуль', type: 'RADIO', values: ['Есть', 'Нет'] },
  { slug: 'kolichestvo-kamer', title: 'Количество камер', type: 'CHECKBOX', values: ['1', '2'] },
];
