export interface ManufacturerData {
  slug: string;
  title: string;
  country: string;
  description: string;
  /** Vehicle makers' own parts: only offered for their platforms, and marked is_original as analogues. */
  oemPlatforms?: string[];
}

export const MANUFACTURERS: ManufacturerData[] = [
  {
    slug: 'bosch',
    title: 'Bosch',
    country: 'Германия',
    description:
      'Крупнейший в мире поставщик автокомпонентов. Поставляет на конвейеры большинства автопроизводителей фильтры, тормозные колодки, свечи, щётки и электрооборудование.',
  },
  {
    slug: 'mann-filter',
    title: 'MANN-FILTER',
    country: 'Германия',
    description:
      'Специалист по фильтрации с 1941 года. Фильтры MANN-FILTER устанавливают на заводах Volkswagen, BMW, Mercedes-Benz и Renault.',
  },
  {
    slug: 'mahle',
    title: 'Mahle',
    country: 'Германия',
    description:
      'Производитель поршневых групп, систем фильтрации и термоменеджмента. Фильтры Mahle (ранее Knecht) выпускаются в качестве оригинальных для многих европейских марок.',
  },
  {
    slug: 'filtron',
    title: 'Filtron',
    country: 'Польша',
    description:
      'Один из крупнейших европейских производителей фильтров для вторичного рынка; входит в группу MANN+HUMMEL.',
  },
  {
    slug: 'big-filter',
    title: 'BIG Filter',
    country: 'Россия',
    description:
      'Петербургский производитель фильтров для отечественных и иномарок, массово продающихся в России. Хорошее соотношение цены и качества.',
  },
  {
    slug: 'trw',
    title: 'TRW',
    country: 'Германия',
    description:
      'Тормозные системы и детали рулевого управления ZF Aftermarket. Колодки и диски TRW — частый выбор для замены оригинала.',
  },
  {
    slug: 'brembo',
    title: 'Brembo',
    country: 'Италия',
    description:
      'Итальянский специалист по тормозным системам: от серийных автомобилей до Формулы-1. Диски и колодки с высокой стабильностью торможения.',
  },
  {
    slug: 'ate',
    title: 'ATE',
    country: 'Германия',
    description:
      'Тормозные компоненты Continental: колодки, диски, тормозные жидкости. Поставщик первичной комплектации для европейских автопроизводителей.',
  },
  {
    slug: 'ferodo',
    title: 'Ferodo',
    country: 'Великобритания',
    description:
      'Производитель фрикционных материалов с более чем вековой историей. Колодки Ferodo отличаются низким пылеобразованием.',
  },
  {
    slug: 'textar',
    title: 'Textar',
    country: 'Германия',
    description:
      'Премиальные тормозные колодки и диски группы TMD Friction; оригинальная комплектация Mercedes-Benz, Audi и Porsche.',
  },
  {
    slug: 'febi',
    title: 'Febi Bilstein',
    country: 'Германия',
    description:
      'Широкий ассортимент деталей подвески, рулевого управления и двигателя для европейских и азиатских автомобилей.',
  },
  {
    slug: 'sachs',
    title: 'Sachs',
    country: 'Германия',
    description:
      'Амортизаторы, пружины и сцепления ZF. Более 100 лет опыта в производстве компонентов трансмиссии и подвески.',
  },
  {
    slug: 'kayaba',
    title: 'KYB (Kayaba)',
    country: 'Япония',
    description:
      'Крупнейший производитель амортизаторов в мире: каждый пятый автомобиль выходит с конвейера с амортизаторами KYB.',
  },
  {
    slug: 'monroe',
    title: 'Monroe',
    country: 'Бельгия',
    description:
      'Амортизаторы и элементы подвески Tenneco. Изобретатель телескопического амортизатора для легковых автомобилей.',
  },
  {
    slug: 'lemforder',
    title: 'Lemförder',
    country: 'Германия',
    description:
      'Рычаги, шаровые опоры, тяги и стойки стабилизатора ZF. Оригинальная комплектация BMW, Audi и Volkswagen.',
  },
  {
    slug: 'ctr',
    title: 'CTR',
    country: 'Южная Корея',
    description: 'Корейский производитель деталей подвески и рулевого управления, поставщик Hyundai и Kia.',
  },
  {
    slug: 'ngk',
    title: 'NGK',
    country: 'Япония',
    description:
      'Мировой лидер в производстве свечей зажигания и кислородных датчиков. Свечи NGK стоят на конвейерах большинства японских и многих европейских марок.',
  },
  {
    slug: 'denso',
    title: 'Denso',
    country: 'Япония',
    description:
      'Японский производитель электрооборудования, свечей зажигания и систем климат-контроля, основной поставщик Toyota.',
  },
  {
    slug: 'brisk',
    title: 'Brisk',
    country: 'Чехия',
    description: 'Чешский производитель свечей зажигания с 1935 года; поставляет свечи на конвейер АвтоВАЗа.',
  },
  {
    slug: 'champion',
    title: 'Champion',
    country: 'США',
    description:
      'Свечи зажигания и щётки стеклоочистителя. Бренд с более чем столетней историей в автоспорте и авиации.',
  },
  {
    slug: 'castrol',
    title: 'Castrol',
    country: 'Великобритания',
    description:
      'Моторные и трансмиссионные масла с допусками ведущих автопроизводителей. Линейка EDGE рекомендована для современных турбомоторов.',
  },
  {
    slug: 'mobil',
    title: 'Mobil',
    country: 'США',
    description:
      'Синтетические масла ExxonMobil. Mobil 1 — первое в мире полностью синтетическое моторное масло массового рынка.',
  },
  {
    slug: 'shell',
    title: 'Shell',
    country: 'Великобритания',
    description:
      'Масла Shell Helix на основе технологии PurePlus: базовые масла, полученные из природного газа.',
  },
  {
    slug: 'liqui-moly',
    title: 'Liqui Moly',
    country: 'Германия',
    description:
      'Немецкие масла, присадки и автохимия. Продукция выпускается на собственных заводах в Германии.',
  },
  {
    slug: 'lukoil',
    title: 'Лукойл',
    country: 'Россия',
    description:
      'Моторные масла Лукойл Genesis с допусками Mercedes-Benz, Volkswagen, Renault и АвтоВАЗа. Производство в Перми и Волгограде.',
  },
  {
    slug: 'g-energy',
    title: 'G-Energy',
    country: 'Россия',
    description:
      'Моторные масла «Газпромнефть — смазочные материалы» для легковых автомобилей и коммерческой техники.',
  },
  {
    slug: 'rosneft',
    title: 'Роснефть',
    country: 'Россия',
    description:
      'Масла Rosneft Magnum для бензиновых и дизельных двигателей; одобрены АвтоВАЗом и Группой ГАЗ.',
  },
  {
    slug: 'zic',
    title: 'ZIC',
    country: 'Южная Корея',
    description: 'Масла SK Lubricants на собственной базе YUBASE; заливаются на заводах Hyundai и Kia.',
  },
  {
    slug: 'felix',
    title: 'Felix',
    country: 'Россия',
    description:
      'Антифризы и технические жидкости «Тосол-Синтез» из Дзержинска; первая заливка на конвейерах АвтоВАЗа и ГАЗа.',
  },
  {
    slug: 'sintec',
    title: 'Sintec',
    country: 'Россия',
    description: 'Антифризы, тормозные жидкости и омывающие жидкости обнинского завода «Обнинскоргсинтез».',
  },
  {
    slug: 'varta',
    title: 'Varta',
    country: 'Германия',
    description:
      'Аккумуляторы Clarios: от классических кальциевых до AGM для систем старт-стоп. Каждый третий новый автомобиль в Европе оснащён аккумулятором Varta.',
  },
  {
    slug: 'mutlu',
    title: 'Mutlu',
    country: 'Турция',
    description: 'Крупнейший производитель аккумуляторов в Турции. Надёжный холодный пуск и доступная цена.',
  },
  {
    slug: 'tyumen',
    title: 'Tyumen Battery',
    country: 'Россия',
    description:
      'Тюменский аккумуляторный завод: батареи для легковых автомобилей, грузовиков и спецтехники, рассчитанные на сибирские морозы.',
  },
  {
    slug: 'osram',
    title: 'Osram',
    country: 'Германия',
    description:
      'Автомобильные лампы: галогенные, ксеноновые и светодиодные. Линейка Night Breaker даёт до 150% больше света.',
  },
  {
    slug: 'philips',
    title: 'Philips',
    country: 'Нидерланды',
    description: 'Автомобильное освещение Lumileds: лампы для фар, противотуманных фонарей и салона.',
  },
  {
    slug: 'valeo',
    title: 'Valeo',
    country: 'Франция',
    description:
      'Системы освещения, стеклоочистки и сцепления. Поставщик первичной комплектации для Renault, PSA и Volkswagen.',
  },
  {
    slug: 'hella',
    title: 'Hella',
    country: 'Германия',
    description: 'Светотехника и электроника для автомобилей: фары, лампы, реле и датчики.',
  },
  {
    slug: 'gates',
    title: 'Gates',
    country: 'США',
    description: 'Ремни ГРМ, поликлиновые ремни и комплекты роликов. Изобретатель клинового ремня.',
  },
  {
    slug: 'contitech',
    title: 'ContiTech',
    country: 'Германия',
    description: 'Ремни привода и комплекты ГРМ концерна Continental.',
  },
  {
    slug: 'dayco',
    title: 'Dayco',
    country: 'Италия',
    description: 'Итальянский производитель ремней и натяжителей привода ГРМ и навесного оборудования.',
  },
  {
    slug: 'nipparts',
    title: 'Nipparts',
    country: 'Нидерланды',
    description: 'Запчасти для японских и корейских автомобилей: фильтры, тормоза, подвеска.',
  },
  {
    slug: 'sangsin',
    title: 'Sangsin Brake',
    country: 'Южная Корея',
    description: 'Корейский производитель тормозных колодок, поставщик первичной комплектации Hyundai и Kia.',
  },
  {
    slug: 'trialli',
    title: 'Trialli',
    country: 'Россия',
    description:
      'Российский бренд запчастей для массовых автомобилей: колодки, диски, амортизаторы и детали двигателя.',
  },
  {
    slug: 'lada-original',
    title: 'LADA Original',
    country: 'Россия',
    description:
      'Оригинальные запчасти АвтоВАЗа, идентичные деталям, устанавливаемым на конвейере в Тольятти.',
    oemPlatforms: ['lada-classic', 'lada-samara', 'lada-granta', 'lada-vesta', 'niva'],
  },
  {
    slug: 'hyundai-kia',
    title: 'Hyundai/Kia (Mobis)',
    country: 'Южная Корея',
    description: 'Оригинальные запчасти Hyundai Mobis для автомобилей Hyundai и Kia.',
    oemPlatforms: ['hk-b', 'hk-c', 'hk-suv', 'hk-d'],
  },
  {
    slug: 'vag',
    title: 'VAG Original',
    country: 'Германия',
    description: 'Оригинальные запчасти концерна Volkswagen для Volkswagen, Skoda и Audi.',
    oemPlatforms: ['vag-a0', 'vag-mqb', 'vag-pq'],
  },
  {
    slug: 'toyota-genuine',
    title: 'Toyota Genuine Parts',
    country: 'Япония',
    description: 'Оригинальные запчасти Toyota.',
    oemPlatforms: ['toyota-c', 'toyota-k', 'toyota-4x4'],
  },
  {
    slug: 'renault-original',
    title: 'Renault Original',
    country: 'Франция',
    description:
      'Оригинальные запчасти Renault для Logan, Sandero, Duster, Kaptur и родственных моделей Lada и Nissan.',
    oemPlatforms: ['renault-b0', 'renault-c'],
  },
  {
    slug: 'cordiant',
    title: 'Cordiant',
    country: 'Россия',
    description: 'Шины, разработанные и произведённые в России с учётом местных дорог и климата.',
  },
  {
    slug: 'ikon',
    title: 'Ikon Tyres',
    country: 'Россия',
    description:
      'Шины завода во Всеволожске (ранее Nokian Tyres): зимние Autograph Ice и летние Autograph Eco.',
  },
  {
    slug: 'kama',
    title: 'КАМА',
    country: 'Россия',
    description: 'Шины Нижнекамского шинного завода для легковых и грузовых автомобилей.',
  },
  {
    slug: 'pirelli',
    title: 'Pirelli',
    country: 'Италия',
    description: 'Итальянские шины премиум-класса, официальный поставщик Формулы-1.',
  },
  {
    slug: 'continental',
    title: 'Continental',
    country: 'Германия',
    description: 'Летние и зимние шины с высокими оценками в европейских тестах.',
  },
  {
    slug: 'hankook',
    title: 'Hankook',
    country: 'Южная Корея',
    description:
      'Корейские шины с оптимальным соотношением цены и качества; поставщик первичной комплектации Hyundai, Kia и Volkswagen.',
  },
  {
    slug: 'yokohama',
    title: 'Yokohama',
    country: 'Япония',
    description: 'Японские шины; в России выпускаются на заводе в Липецке.',
  },
  {
    slug: 'skad',
    title: 'СКАД',
    country: 'Россия',
    description:
      'Литые диски красноярского завода «КраМЗ»: более 300 моделей для отечественных и иностранных автомобилей.',
  },
  {
    slug: 'kik',
    title: 'K&K',
    country: 'Россия',
    description: 'Литые диски из Красноярска: низкое давление литья, контроль геометрии каждого диска.',
  },
  {
    slug: 'trebl',
    title: 'Trebl',
    country: 'Россия',
    description: 'Штампованные стальные диски под оригинальные параметры массовых автомобилей.',
  },
  {
    slug: 'norplast',
    title: 'Norplast',
    country: 'Россия',
    description: 'Полиуретановые коврики в салон и багажник, повторяющие геометрию пола конкретной модели.',
  },
  {
    slug: 'seintex',
    title: 'Seintex',
    country: 'Россия',
    description: 'Коврики и аксессуары для салона с высокими бортиками и антискользящим покрытием.',
  },
  {
    slug: 'element',
    title: 'Element',
    country: 'Россия',
    description: 'Коврики в салон и багажник из полиуретана и EVA для более чем 1000 моделей автомобилей.',
  },
  {
    slug: '70mai',
    title: '70mai',
    country: 'Китай',
    description: 'Видеорегистраторы экосистемы Xiaomi с управлением со смартфона.',
  },
  {
    slug: 'neoline',
    title: 'Neoline',
    country: 'Россия',
    description: 'Видеорегистраторы и радар-детекторы с базой камер по России и СНГ.',
  },
  {
    slug: 'roadgid',
    title: 'Roadgid',
    country: 'Россия',
    description: 'Компактные видеорегистраторы и комбо-устройства с голосовым оповещением о камерах.',
  },
  {
    slug: 'alca',
    title: 'Alca',
    country: 'Германия',
    description: 'Щётки стеклоочистителя и автоаксессуары для европейского рынка.',
  },
];
