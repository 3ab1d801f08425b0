// Business constants of SPEC §9 and the fixed vocabularies both apps share.

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** Longest `filter` (JSON selection) the facet call takes in its query string. */
export const FILTERS_QUERY_MAX_LENGTH = 4000;
export const ORDERS_PAGE_SIZE = 12;
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE = 1;
/** Largest value of PostgreSQL's `integer`: every id, page and quantity the API takes must fit its columns. */
export const INT4_MAX = 2_147_483_647;

export const CATALOG_SORTS = ['popular', 'price', 'rating', 'new'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'popular';
export const DEFAULT_SORT_ORDER: SortOrder = 'desc';

/** Values of the storefront's `order` URL parameter and the listing body they stand for. */
export const CATALOG_ORDERS = {
  byPopularDown: { sort: 'popular', order: 'desc' },
  byPopularUp: { sort: 'popular', order: 'asc' },
  byPriceUp: { sort: 'price', order: 'asc' },
  byPriceDown: { sort: 'price', order: 'desc' },
  byRatingDown: { sort: 'rating', order: 'desc' },
  byNewDown: { sort: 'new', order: 'desc' },
} as const satisfies Record<string, { sort: CatalogSort; order: SortOrder }>;
export type CatalogOrderKey = keyof typeof CATALOG_ORDERS;
export const CATALOG_ORDER_KEYS = [
  'byPopularDown',
  'byPopularUp',
  'byPriceUp',
  'byPriceDown',
  'byRatingDown',
  'byNewDown',
] as const satisfies readonly CatalogOrderKey[];
export const DEFAULT_CATALOG_ORDER: CatalogOrderKey = 'byPopularDown';
/** Page-URL prefixes of range filters: `min<slug>` / `max<slug>`. */
export const RANGE_FILTER_MIN_PREFIX = 'min';
export const RANGE_FILTER_MAX_PREFIX = 'max';
export const FILTER_TYPES = ['CHECKBOX', 'RANGE', 'RADIO'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/**
 * Category slugs that would collide with fixed catalogue paths
 * (`/catalog/products/…`, `/catalog/search/` …), so the catalogue must never use them.
 */
export const RESERVED_CATEGORY_SLUGS = [
  'products',
  'categories',
  'search',
  'banners',
  'manufacturers',
  'recommendations',
  'sitemap',
] as const;

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_SHORT_DEBOUNCE_MS = 1;

export const CALLBACK_MINUTES = 17;
export const MESSAGE_MAX_LENGTH = 1000;
export const TEXT_INPUT_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const RESEND_CODE_SECONDS = 59;
export const COOKIE_MAX_AGE_DAYS = 30;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
/** Lifetime of an access token (JWT); the storefront's access cookie lives as long. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Absolute lifetime of a session's refresh tokens: the same 30 days as the session cookies. */
export const REFRESH_TOKEN_TTL_SECONDS = COOKIE_MAX_AGE_SECONDS;

export const MAP_DEFAULT_CENTER = [55.75, 37.57] as const;
export const MAP_DEFAULT_ZOOM = 9;
export const MAP_ANIMATION_MS = 1000;

/** Layout breakpoints in px (max-width). SPEC gives the values, not their roles. */
export const BREAKPOINTS = {
  xxs: 315,
  xs: 479,
  sm: 600,
  md: 720,
  lg: 830,
  xl: 1200,
  hidePhoneWhileSearching: 1000,
} as const;

export const MODAL_Z_INDEX = 1104;

/** Cookie names of SPEC §3; `firstChageCity` is misspelt on purpose — existing cookies use it. */
export const COOKIE_NAMES = {
  access: 'access',
  refresh: 'refresh',
  notAuthorizedToken: 'notAuthorizedToken',
  cartItems: 'cartItems',
  transportId: 'transportId',
  transportYear: 'transportYear',
  selectedCity: 'selectedCity',
  selectedBranchId: 'selectedBranchId',
  firstChageCity: 'firstChageCity',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

export const HEADER_NAMES = {
  clientHost: 'X-Client-Host',
  city: 'X-City',
  authorization: 'Authorization',
  idempotencyKey: 'Idempotency-Key',
  /**
   * `relative`: media URLs as stored (`/media/…`), for a client that serves them on its own origin (Podbor's
   * storefront); without it they are absolute (MEDIA_PUBLIC_URL), for clients on other origins.
   */
  mediaUrls: 'X-Media-Urls',
  retryAfter: 'Retry-After',
} as const;

/** Query parameters the storefront reads (SPEC §2). */
export const QUERY_PARAMS = {
  transportId: 'transport_id',
  categorySlug: 'categorySlug',
  page: 'page',
  order: 'order',
  /** The search results page's query (`/search?q=…`, Podbor addition). */
  searchQuery: 'q',
} as const;

/** The search results page (Enter in the search box); SPEC names no route for it. */
export const SEARCH_PAGE_PATH = '/search';

export const FEEDBACK_TYPES = ['CONSULTATION', 'HELP', 'SPECIAL_OFFER'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'CONSULTATION';

export const PLACEMENT_TYPES = ['CART', 'BUY_NOW'] as const;
export type PlacementType = (typeof PLACEMENT_TYPES)[number];
export const DEFAULT_PLACEMENT_TYPE: PlacementType = 'CART';

export const PAYMENT_TYPES = ['CARD', 'CASH'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ORDER_STATUSES = [
  'new',
  'awaiting_payment',
  'paid',
  'assembling',
  'ready',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An online payment's states (YooKassa's vocabulary, which the payments table shares). */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_ORDERINGS = ['created_at', '-created_at'] as const;
export type OrderOrdering = (typeof ORDER_ORDERINGS)[number];
export const DEFAULT_ORDER_ORDERING: OrderOrdering = '-created_at';

export const USER_ROLES = ['customer', 'manager', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const REVIEW_GRADE_MIN = 1;
export const REVIEW_GRADE_MAX = 5;
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 999;
/** Upper bound on lines per cart update / order, so one request cannot ask for unbounded work. */
export const CART_MAX_LINES = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 4;
export const ORDER_NUMBER_LENGTH = 9;
export const SLUG_MAX_LENGTH = 200;

/** Page-title prefixes of SPEC §2. */
export const PAGE_TITLES = {
  cart: 'Корзина',
  order: 'Заказ',
  orderPlacement: 'Оформление заказа',
  loading: 'Загрузка',
  notFound: 'Страница не найдена',
  catalog: 'Каталог',
  profile: 'Профиль',
  orderHistory: 'История заказов',
  orderInfo: 'Информация о заказе',
} as const;
