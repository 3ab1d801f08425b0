/**
 * Regions, cities and branches of the demo shop. Addresses are real streets; coordinates point at
 * those addresses (to 6 decimals), so the storefront map puts each marker where a customer would drive.
 */
export interface BranchData {
  title: string;
  street: string;
  lat: number;
  lon: number;
  phone: string;
  /** Mailbox local part; the domain is the shop's. */
  mailbox: string;
  hours: string;
  description: string;
}

export interface CityData {
  slug: string;
  /** Prefix of the branches' terminal codes (MSK-01…). */
  code: string;
  title: string;
  lat: number;
  lon: number;
  branches: BranchData[];
}

export interface RegionData {
  slug: string;
  title: string;
  cities: CityData[];
}

export const MAIL_DOMAIN = 'podbor.ru';

const WEEK = 'Пн–Пт 9:00–21:00, Сб–Вс 10:00–20:00';
const DAILY = 'Ежедневно 9:00–21:00';
const ROUND_CLOCK = 'Круглосуточно';
const SHORT = 'Пн–Сб 9:00–20:00, Вс 10:00–18:00';

const WITH_SERVICE = 'Пункт выдачи заказов и сервис: замена масла, колодок, шиномонтаж.';
const PICKUP = 'Пункт выдачи заказов. Оплата наличными и картой при получении.';
const PARKING = 'Пункт выдачи и сервис на 4 поста. Бесплатная парковка для клиентов.';

export const REGIONS: RegionData[] = [
  {
    slug: 'moskva-i-oblast',
    title: 'Москва и Московская область',
    cities: [
      {
        slug: 'moskva',
        code: 'MSK',
        title: 'Москва',
        lat: 55.755826,
        lon: 37.6173,
        branches: [
          {
            title: 'Подбор на Профсоюзной',
            street: 'ул. Профсоюзная, 56',
            lat: 55.670451,
            lon: 37.553612,
            phone: '+7 (495) 150-35-01',
            mailbox: 'profsoyuznaya',
            hours: WEEK,
            description: PARKING,
          },
          {
            title: 'Подбор на Варшавском',
            street: 'Варшавское ш., 87Б',
            lat: 55.652384,
            lon: 37.619071,
            phone: '+7 (495) 150-35-02',
            mailbox: 'varshavka',
            hours: DAILY,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Дмитровском',
            street: 'Дмитровское ш., 89',
            lat: 55.864106,
            lon: 37.547102,
            phone: '+7 (495) 150-35-03',
            mailbox: 'dmitrovka',
            hours: WEEK,
            description: PICKUP,
          },
          {
            title: 'Подбор на Щёлковском',
            street: 'Щёлковское ш., 75',
            lat: 55.810797,
            lon: 37.798873,
            phone: '+7 (495) 150-35-04',
            mailbox: 'shchelkovskoe',
            hours: ROUND_CLOCK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Рязанском',
            street: 'Рязанский пр-т, 75, корп. 1',
            lat: 55.716532,
            lon: 37.786504,
            phone: '+7 (495) 150-35-05',
            mailbox: 'ryazanka',
            hours: WEEK,
            description: PICKUP,
          },
        ],
      },
      {
        slug: 'khimki',
        code: 'KHM',
        title: 'Химки',
        lat: 55.889361,
        lon: 37.444853,
        branches: [
          {
            title: 'Подбор на Ленинградской',
            street: 'ул. Ленинградская, 29',
            lat: 55.889753,
            lon: 37.440612,
            phone: '+7 (498) 720-11-40',
            mailbox: 'khimki',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Юбилейном',
            street: 'Юбилейный пр-т, 67А',
            lat: 55.880214,
            lon: 37.431987,
            phone: '+7 (498) 720-11-41',
            mailbox: 'khimki.yubileyny',
            hours: SHORT,
            description: PICKUP,
          },
        ],
      },
      {
        slug: 'podolsk',
        code: 'PDL',
        title: 'Подольск',
        lat: 55.431177,
        lon: 37.544737,
        branches: [
          {
            title: 'Подбор на Большой Серпуховской',
            street: 'ул. Большая Серпуховская, 43',
            lat: 55.423608,
            lon: 37.553164,
            phone: '+7 (4967) 55-20-10',
            mailbox: 'podolsk',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на проспекте Ленина',
            street: 'пр-т Ленина, 107/49',
            lat: 55.428704,
            lon: 37.529013,
            phone: '+7 (4967) 55-20-11',
            mailbox: 'podolsk.lenina',
            hours: SHORT,
            description: PICKUP,
          },
        ],
      },
    ],
  },
  {
    slug: 'sankt-peterburg-i-oblast',
    title: 'Санкт-Петербург и Ленинградская область',
    cities: [
      {
        slug: 'sankt-peterburg',
        code: 'SPB',
        title: 'Санкт-Петербург',
        lat: 59.938678,
        lon: 30.314474,
        branches: [
          {
            title: 'Подбор на Московском',
            street: 'Московский пр-т, 183',
            lat: 59.855031,
            lon: 30.321197,
            phone: '+7 (812) 409-35-01',
            mailbox: 'spb.moskovsky',
            hours: DAILY,
            description: PARKING,
          },
          {
            title: 'Подбор на Энгельса',
            street: 'пр-т Энгельса, 109',
            lat: 60.030014,
            lon: 30.329125,
            phone: '+7 (812) 409-35-02',
            mailbox: 'spb.engelsa',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Ленинском',
            street: 'Ленинский пр-т, 117, корп. 1',
            lat: 59.851273,
            lon: 30.252846,
            phone: '+7 (812) 409-35-03',
            mailbox: 'spb.leninsky',
            hours: WEEK,
            description: PICKUP,
          },
          {
            title: 'Подбор на Индустриальном',
            street: 'Индустриальный пр-т, 44',
            lat: 59.944139,
            lon: 30.476903,
            phone: '+7 (812) 409-35-04',
            mailbox: 'spb.industrialny',
            hours: ROUND_CLOCK,
            description: WITH_SERVICE,
          },
        ],
      },
      {
        slug: 'gatchina',
        code: 'GTC',
        title: 'Гатчина',
        lat: 59.565151,
        lon: 30.128309,
        branches: [
          {
            title: 'Подбор на Соборной',
            street: 'ул. Соборная, 13',
            lat: 59.566417,
            lon: 30.125804,
            phone: '+7 (81371) 2-35-10',
            mailbox: 'gatchina',
            hours: SHORT,
            description: PICKUP,
          },
          {
            title: 'Подбор на проспекте 25 Октября',
            street: 'пр-т 25 Октября, 42',
            lat: 59.558972,
            lon: 30.106837,
            phone: '+7 (81371) 2-35-11',
            mailbox: 'gatchina.25oktyabrya',
            hours: WEEK,
            description: WITH_SERVICE,
          },
        ],
      },
    ],
  },
  {
    slug: 'povolzhe',
    title: 'Поволжье',
    cities: [
      {
        slug: 'kazan',
        code: 'KZN',
        title: 'Казань',
        lat: 55.796289,
        lon: 49.108795,
        branches: [
          {
            title: 'Подбор на проспекте Победы',
            street: 'пр-т Победы, 141',
            lat: 55.758104,
            lon: 49.213377,
            phone: '+7 (843) 212-35-01',
            mailbox: 'kazan.pobedy',
            hours: DAILY,
            description: PARKING,
          },
          {
            title: 'Подбор на Ямашева',
            street: 'пр-т Ямашева, 93',
            lat: 55.826517,
            lon: 49.139126,
            phone: '+7 (843) 212-35-02',
            mailbox: 'kazan.yamasheva',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Декабристов',
            street: 'ул. Декабристов, 85Б',
            lat: 55.822372,
            lon: 49.102655,
            phone: '+7 (843) 212-35-03',
            mailbox: 'kazan.dekabristov',
            hours: SHORT,
            description: PICKUP,
          },
        ],
      },
      {
        slug: 'nizhniy-novgorod',
        code: 'NNV',
        title: 'Нижний Новгород',
        lat: 56.326887,
        lon: 44.005986,
        branches: [
          {
            title: 'Подбор на Московском шоссе',
            street: 'Московское ш., 52',
            lat: 56.324046,
            lon: 43.938215,
            phone: '+7 (831) 280-35-01',
            mailbox: 'nn.moskovskoe',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Гагарина',
            street: 'пр-т Гагарина, 35',
            lat: 56.289613,
            lon: 43.986402,
            phone: '+7 (831) 280-35-02',
            mailbox: 'nn.gagarina',
            hours: DAILY,
            description: PARKING,
          },
          {
            title: 'Подбор в Сормове',
            street: 'ул. Коминтерна, 39',
            lat: 56.354175,
            lon: 43.862391,
            phone: '+7 (831) 280-35-03',
            mailbox: 'nn.sormovo',
            hours: SHORT,
            description: PICKUP,
          },
        ],
      },
      {
        slug: 'samara',
        code: 'SMR',
        title: 'Самара',
        lat: 53.195878,
        lon: 50.100202,
        branches: [
          {
            title: 'Подбор на Московском шоссе',
            street: 'Московское ш., 4, стр. 2',
            lat: 53.207512,
            lon: 50.146318,
            phone: '+7 (846) 300-35-01',
            mailbox: 'samara.moskovskoe',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Ново-Садовой',
            street: 'ул. Ново-Садовая, 160М',
            lat: 53.231462,
            lon: 50.179805,
            phone: '+7 (846) 300-35-02',
            mailbox: 'samara.novosadovaya',
            hours: SHORT,
            description: PICKUP,
          },
          {
            title: 'Подбор на проспекте Кирова',
            street: 'пр-т Кирова, 147',
            lat: 53.224317,
            lon: 50.271609,
            phone: '+7 (846) 300-35-03',
            mailbox: 'samara.kirova',
            hours: DAILY,
            description: PARKING,
          },
        ],
      },
    ],
  },
  {
    slug: 'ural',
    title: 'Урал',
    cities: [
      {
        slug: 'ekaterinburg',
        code: 'EKB',
        title: 'Екатеринбург',
        lat: 56.838926,
        lon: 60.605703,
        branches: [
          {
            title: 'Подбор на Малышева',
            street: 'ул. Малышева, 120',
            lat: 56.840402,
            lon: 60.642207,
            phone: '+7 (343) 226-35-01',
            mailbox: 'ekb.malysheva',
            hours: WEEK,
            description: PICKUP,
          },
          {
            title: 'Подбор на Бебеля',
            street: 'ул. Бебеля, 17',
            lat: 56.855318,
            lon: 60.565402,
            phone: '+7 (343) 226-35-02',
            mailbox: 'ekb.bebelya',
            hours: DAILY,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Щербакова',
            street: 'ул. Щербакова, 4',
            lat: 56.791203,
            lon: 60.622917,
            phone: '+7 (343) 226-35-03',
            mailbox: 'ekb.shcherbakova',
            hours: WEEK,
            description: PARKING,
          },
          {
            title: 'Подбор на Космонавтов',
            street: 'пр-т Космонавтов, 108',
            lat: 56.903046,
            lon: 60.612051,
            phone: '+7 (343) 226-35-04',
            mailbox: 'ekb.kosmonavtov',
            hours: SHORT,
            description: WITH_SERVICE,
          },
        ],
      },
      {
        slug: 'chelyabinsk',
        code: 'CHL',
        title: 'Челябинск',
        lat: 55.164442,
        lon: 61.436843,
        branches: [
          {
            title: 'Подбор на Копейском шоссе',
            street: 'Копейское ш., 1',
            lat: 55.143027,
            lon: 61.463218,
            phone: '+7 (351) 225-35-01',
            mailbox: 'chel.kopeyskoe',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Комсомольском',
            street: 'Комсомольский пр-т, 86',
            lat: 55.185106,
            lon: 61.320413,
            phone: '+7 (351) 225-35-02',
            mailbox: 'chel.komsomolsky',
            hours: DAILY,
            description: PICKUP,
          },
          {
            title: 'Подбор на Свердловском тракте',
            street: 'Свердловский тракт, 5',
            lat: 55.200381,
            lon: 61.382147,
            phone: '+7 (351) 225-35-03',
            mailbox: 'chel.sverdlovsky',
            hours: SHORT,
            description: PARKING,
          },
        ],
      },
    ],
  },
  {
    slug: 'yug',
    title: 'Юг',
    cities: [
      {
        slug: 'krasnodar',
        code: 'KRD',
        title: 'Краснодар',
        lat: 45.03547,
        lon: 38.975313,
        branches: [
          {
            title: 'Подбор на Ставропольской',
            street: 'ул. Ставропольская, 215',
            lat: 45.026981,
            lon: 39.020154,
            phone: '+7 (861) 203-35-01',
            mailbox: 'krd.stavropolskaya',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Красных Партизан',
            street: 'ул. Красных Партизан, 200',
            lat: 45.062318,
            lon: 38.957044,
            phone: '+7 (861) 203-35-02',
            mailbox: 'krd.partizan',
            hours: DAILY,
            description: PICKUP,
          },
          {
            title: 'Подбор на Дзержинского',
            street: 'ул. Дзержинского, 100',
            lat: 45.090176,
            lon: 38.983507,
            phone: '+7 (861) 203-35-03',
            mailbox: 'krd.dzerzhinskogo',
            hours: SHORT,
            description: PARKING,
          },
        ],
      },
      {
        slug: 'rostov-na-donu',
        code: 'RND',
        title: 'Ростов-на-Дону',
        lat: 47.235714,
        lon: 39.701505,
        branches: [
          {
            title: 'Подбор на Шолохова',
            street: 'пр-т Шолохова, 31',
            lat: 47.247116,
            lon: 39.767204,
            phone: '+7 (863) 310-35-01',
            mailbox: 'rnd.sholokhova',
            hours: WEEK,
            description: WITH_SERVICE,
          },
          {
            title: 'Подбор на Малиновского',
            street: 'ул. Малиновского, 25',
            lat: 47.236207,
            lon: 39.617349,
            phone: '+7 (863) 310-35-02',
            mailbox: 'rnd.malinovskogo',
            hours: DAILY,
            description: PICKUP,
          },
        ],
      },
    ],
  },
];
