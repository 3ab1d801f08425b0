import type { z } from 'zod';
import * as admin from './admin';
import * as adminOrders from './admin-orders';
import * as adminBranches from './admin-branches';
import * as desk from './admin-desk';
import * as exchange1c from './exchange-1c';
import { idParams } from './common';
import * as adminCatalog from './admin-catalog';
import * as adminStructure from './admin-structure';
import * as adminContent from './admin-content';
import * as adminInstallation from './admin-installation';
import * as adminImports from './admin-imports';
import * as adminJobs from './admin-jobs';
import * as adminSuppliers from './admin-suppliers';
import * as adminExport from './admin-export';
import * as auth from './auth';
import * as branches from './branches';
import * as cart from './cart';
import * as catalog from './catalog';
import * as feedback from './feedback';
import * as garage from './garage';
import * as health from './health';
import * as pages from './pages';
import * as payment from './payment';
import * as product from './product';
import * as profile from './profile';
import * as review from './review';
import * as showcase from './showcase';
import * as maintenance from './maintenance';
import * as transport from './transport';

// Every call of SPEC §7 with its path template and schemas. The API registers its routes from
// this table and the web client builds URLs from it, so a path exists in exactly one place.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `public`: the answer is the same for everybody; the API does not read a token, clients send none.
 * - `optional`: no token needed; a token, when sent, personalises the answer (the caller's own review, …).
 * - `session`: a signed-in bearer token or an anonymous visitor token (cart, order, payment status).
 * - `user`: a signed-in bearer token only.
 * - `staff`: a signed-in bearer token of shop staff (users.role manager or admin); the back office
 *   (`/api/admin/v1/…`). Enforced centrally by the API for every such route: 401 without a session, 403 for a
 *   customer.
 */
export type RouteAuth = 'public' | 'optional' | 'session' | 'user' | 'staff';

export interface ApiRouteDef {
  method: HttpMethod;
  /** Path template with `{param}` placeholders, trailing slash included. */
  path: string;
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Body of a successful answer (a string schema for the one HTML answer, the sandbox payment page). */
  response: z.ZodType;
  /** Status of a successful answer when it is not 200. */
  successStatus?: number;
  /** Further statuses answered with the same success body (an idempotent replay of a 201 answers 200). */
  otherSuccessStatuses?: readonly number[];
  /** Error statuses the call may answer, each with the spec's error body (OpenAPI documents them). */
  errors?: readonly number[];
  /** OpenAPI grouping, one-line description and, where one line is not enough, the longer text. */
  tags?: readonly string[];
  summary?: string;
  description?: string;
  /**
   * Not part of the storefront's API (health check, payment providers' webhooks, the sandbox payment page):
   * registered from this table like every route, hidden from the OpenAPI document and from the web clients.
   */
  internal?: boolean;
  /**
   * `staff` routes only: the roles allowed (default: every staff role). A manager on an admin-only route gets
   * 403 (the API checks it centrally, with the session's second factor).
   */
  staffRoles?: readonly admin.StaffRole[];
}

const FACETS_DESCRIPTION =
  'Без query — число товаров по каждому значению. С query filter (выбор фильтров в JSON, как filter тела листинга) ' +
  'счёт дизъюнктивный: значения фильтра считаются под всеми остальными выбранными фильтрами, кроме его собственного; ' +
  'выбранные значения остаются в списке и при нуле.';

const LISTING_DESCRIPTION =
  'Товары категории и всех её подкатегорий. Тело {page, sort, order, filter}; ключи, которых нет в теле, берутся из query. ' +
  'filter: slug фильтра → массив значений (CHECKBOX/RADIO) или [min, max] (RANGE, в т.ч. price).';

const SEARCH_RESULTS_DESCRIPTION =
  'Все товары, найденные по query (как в поиске: морфология, коды в любом написании, синонимы, раскладка, опечатка), ' +
  'постранично. Тело и сортировка как у товаров категории; filter: price [min, max], category и manufacturer — slug-и. ' +
  'Запрос короче 3 символов (кроме кодов вроде H7) даёт пустую страницу.';

export const API_ROUTES = {
  // ---- user and auth ----
  login: {
    method: 'POST',
    path: '/api/v1/user/login/',
    // Reads the visitor token in Authorization to merge the anonymous cart into the user's.
    auth: 'optional',
    body: auth.loginRequest,
    response: auth.loginResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Вход по телефону и паролю; анонимная корзина переносится в корзину пользователя',
  },
  register: {
    method: 'POST',
    path: '/api/v1/user/register/',
    auth: 'public',
    body: auth.registerRequest,
    response: auth.registerResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Регистрация: учетная запись активируется кодом из SMS',
  },
  registerVerify: {
    method: 'POST',
    path: '/api/v1/user/register/verify/',
    // Signs in: the visitor token in Authorization names the anonymous cart to merge.
    auth: 'optional',
    body: auth.registerVerifyRequest,
    response: auth.registerVerifyResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Подтверждение регистрации кодом; возвращает токены',
  },
  registerRetry: {
    method: 'POST',
    path: '/api/v1/user/register/verify/retry/',
    auth: 'public',
    body: auth.registerRetryRequest,
    response: auth.registerRetryResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Повторная отправка кода регистрации (не чаще раза в 59 с)',
  },
  tokenRefresh: {
    method: 'POST',
    path: '/api/v1/user/token/refresh/',
    auth: 'public',
    body: auth.tokenRefreshRequest,
    response: auth.tokenRefreshResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Новая пара токенов; refresh-токен одноразовый, повторное использование завершает сессию',
  },
  logout: {
    method: 'POST',
    path: '/api/v1/user/logout/',
    auth: 'public',
    body: auth.logoutRequest,
    response: auth.logoutResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Выход: refresh-токен и вся его сессия отзываются',
  },
  passwordResetStart: {
    method: 'POST',
    path: '/api/v1/user/reset_password_request/',
    auth: 'public',
    body: auth.passwordResetStartRequest,
    response: auth.passwordResetStartResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Восстановление пароля: звонок, код — последние 4 цифры номера',
  },
  passwordResetVerify: {
    method: 'POST',
    path: '/api/v1/user/reset_password_verify/',
    auth: 'public',
    body: auth.passwordResetVerifyRequest,
    response: auth.passwordResetVerifyResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Проверка кода восстановления',
  },
  passwordResetSet: {
    method: 'PUT',
    path: '/api/v1/user/reset_password/',
    auth: 'public',
    body: auth.passwordResetSetRequest,
    response: auth.passwordResetSetResponse,
    errors: [400, 401, 404, 429],
    tags: ['user'],
    summary: 'Новый пароль по подтвержденному коду (один раз); все сессии завершаются',
  },
  unauthorizedToken: {
    method: 'POST',
    path: '/api/v1/user/token/unauthorized_user/',
    auth: 'public',
    response: auth.unauthorizedTokenResponse,
    errors: [429],
    tags: ['user'],
    summary: 'Токен неавторизованного посетителя (владеет анонимной корзиной)',
  },
  authMethods: {
    method: 'GET',
    path: '/api/v1/auth/methods/',
    auth: 'public',
    response: auth.authMethodsResponse,
    tags: ['auth'],
    summary: 'Дополнительные способы входа (только настроенные)',
  },
  authByMethod: {
    method: 'POST',
    path: '/api/v1/auth/{method}/',
    // A signed-in caller links the identity to their account; a visitor's anonymous cart is merged.
    auth: 'optional',
    params: auth.authMethodParams,
    body: auth.authMethodRequest,
    response: auth.authMethodResponse,
    errors: [400, 401, 404, 429],
    tags: ['auth'],
    summary: 'Вход через внешний сервис: обмен кода авторизации на токены',
  },
  profile: {
    method: 'GET',
    path: '/api/v1/user/profile/',
    auth: 'user',
    response: profile.profileResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'Профиль',
  },
  profilePatch: {
    method: 'PATCH',
    path: '/api/v1/user/profile/',
    auth: 'user',
    body: profile.profilePatchRequest,
    response: profile.profilePatchResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'Изменение профиля (любые поля); новый email получает код подтверждения',
  },
  changePassword: {
    method: 'PUT',
    path: '/api/v1/user/profile/change-password/',
    auth: 'user',
    body: profile.changePasswordRequest,
    response: profile.changePasswordResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'Смена пароля: остальные сессии завершаются, эта получает новые токены',
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/v1/user/profile/verify_email/',
    auth: 'user',
    body: profile.verifyEmailRequest,
    response: profile.verifyEmailResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'Подтверждение email кодом из письма',
  },
  orders: {
    method: 'GET',
    path: '/api/v1/user/profile/orders/',
    auth: 'user',
    query: profile.ordersQuery,
    response: profile.ordersResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'История заказов',
  },
  orderDetail: {
    method: 'GET',
    path: '/api/v1/user/profile/orders/{orderId}/',
    auth: 'user',
    params: profile.orderIdParams,
    response: profile.orderDetailResponse,
    errors: [400, 401, 404, 429],
    tags: ['profile'],
    summary: 'Заказ из истории',
  },

  // ---- catalogue: products ----
  productDetail: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/',
    auth: 'public',
    params: product.productSlugParams,
    query: product.productDetailQuery,
    response: product.productDetailResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Товар',
    description:
      'Склады и остатки — для города из заголовка X-City (slug; иначе город по умолчанию). ' +
      'is_linked_transport — для транспорта из query `transport` (или `transport_id`); без него false.',
  },
  productsBySlugs: {
    method: 'POST',
    path: '/api/v1/catalog/products/',
    auth: 'public',
    query: product.productDetailQuery,
    body: product.productsBySlugsRequest,
    response: product.productsBySlugsResponse,
    errors: [400],
    tags: ['catalog'],
    summary: 'Товары по списку slug (в том же порядке; неизвестные пропускаются)',
  },
  productAnalogues: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/analogues/',
    auth: 'public',
    params: product.productSlugParams,
    query: product.analoguesQuery,
    response: product.analoguesResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Аналоги товара',
  },
  recommendations: {
    method: 'POST',
    path: '/api/v1/catalog/recommendations/',
    auth: 'public',
    body: product.recommendationsRequest,
    response: product.recommendationsResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Рекомендуемые товары',
  },
  fitmentBrands: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/',
    auth: 'public',
    params: product.productSlugParams,
    response: product.fitmentBrandsResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Марки, которым подходит товар',
  },
  fitmentModels: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/',
    auth: 'public',
    params: product.fitmentBrandParams,
    response: product.fitmentModelsResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Модели марки, которым подходит товар',
  },
  fitmentYears: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/{modelSlug}/years/',
    auth: 'public',
    params: product.fitmentModelParams,
    response: product.fitmentYearsResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Годы выпуска модели, которым подходит товар',
  },
  fitmentTransport: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/{modelSlug}/years/{yearSlug}/transport/',
    auth: 'public',
    params: product.fitmentYearParams,
    response: product.fitmentTransportResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Транспорт (двигатели) этого года, которому подходит товар',
  },
  installationPrice: {
    method: 'POST',
    path: '/api/v1/catalog/products/{productSlug}/installation-price/',
    auth: 'public',
    params: product.productSlugParams,
    body: product.installationPriceRequest,
    response: product.installationPriceResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Цена установки: категория × город × тип транспорта (с запасными строками)',
  },

  // ---- catalogue: categories, listing, search ----
  categories: {
    method: 'GET',
    path: '/api/v1/catalog/categories/',
    auth: 'public',
    response: catalog.categoriesResponse,
    tags: ['catalog'],
    summary: 'Категории верхнего уровня',
  },
  categoryTree: {
    method: 'GET',
    path: '/api/v1/catalog/categories/tree/',
    auth: 'public',
    response: catalog.categoryTreeResponse,
    tags: ['catalog'],
    summary: 'Дерево категорий',
  },
  categoryTreeByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/categories/tree/{transportId}/',
    auth: 'public',
    params: catalog.transportIdParams,
    response: catalog.categoryTreeResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Дерево категорий; found — товары, подходящие транспорту (вместе с универсальными)',
  },
  categoryFilters: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/filters/',
    auth: 'public',
    params: catalog.categorySlugParams,
    query: catalog.filtersQuery,
    response: catalog.filtersResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Фильтры категории с числом товаров по значениям и диапазоном цен',
    description: FACETS_DESCRIPTION,
  },
  categoryFiltersByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/filters/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    query: catalog.filtersQuery,
    response: catalog.filtersResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Фильтры категории для транспорта',
    description: FACETS_DESCRIPTION,
  },
  categoryProducts: {
    method: 'POST',
    path: '/api/v1/catalog/{categorySlug}/products/',
    auth: 'public',
    params: catalog.categorySlugParams,
    query: catalog.catalogProductsQuery,
    body: catalog.catalogProductsBody,
    response: catalog.catalogProductsResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Товары категории',
    description: LISTING_DESCRIPTION,
  },
  categoryProductsByTransport: {
    method: 'POST',
    path: '/api/v1/catalog/{categorySlug}/products/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    query: catalog.catalogProductsQuery,
    body: catalog.catalogProductsBody,
    response: catalog.catalogProductsResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Товары категории, подходящие транспорту (и универсальные)',
    description: LISTING_DESCRIPTION,
  },
  categoryChildren: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/categories/',
    auth: 'public',
    params: catalog.categorySlugParams,
    response: catalog.categoryChildrenResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Подкатегории',
  },
  categoryChildrenByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/categories/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    response: catalog.categoryChildrenResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Подкатегории для транспорта',
  },
  categoryDetail: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/detail/',
    auth: 'public',
    params: catalog.categorySlugParams,
    response: catalog.categoryDetailResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Категория: описание, SEO, хлебные крошки',
  },
  search: {
    method: 'GET',
    path: '/api/v1/catalog/search/',
    auth: 'public',
    query: catalog.searchQuery,
    response: catalog.searchResponse,
    errors: [400],
    tags: ['catalog'],
    summary: 'Поиск: транспорт, категории, товары (морфология, опечатка, артикул в любом написании)',
    description: 'Запрос короче 3 символов даёт пустой ответ, а не ошибку.',
  },
  searchResults: {
    method: 'POST',
    path: '/api/v1/catalog/search/products/',
    auth: 'public',
    query: catalog.searchProductsQuery,
    body: catalog.catalogProductsBody,
    response: catalog.searchProductsResponse,
    errors: [400],
    tags: ['catalog'],
    summary: 'Страница результатов поиска: все найденные товары с фильтрами, сортировкой и страницами',
    description: SEARCH_RESULTS_DESCRIPTION,
  },
  searchResultsByTransport: {
    method: 'POST',
    path: '/api/v1/catalog/search/products/{transportId}/',
    auth: 'public',
    params: catalog.transportIdParams,
    query: catalog.searchProductsQuery,
    body: catalog.catalogProductsBody,
    response: catalog.searchProductsResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Результаты поиска, подходящие транспорту (и универсальные)',
    description: SEARCH_RESULTS_DESCRIPTION,
  },
  searchFilters: {
    method: 'GET',
    path: '/api/v1/catalog/search/filters/',
    auth: 'public',
    query: catalog.searchFiltersQuery,
    response: catalog.filtersResponse,
    errors: [400],
    tags: ['catalog'],
    summary: 'Фильтры результатов поиска: цена, категории и производители с числом товаров',
  },
  searchFiltersByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/search/filters/{transportId}/',
    auth: 'public',
    params: catalog.transportIdParams,
    query: catalog.searchFiltersQuery,
    response: catalog.filtersResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Фильтры результатов поиска для транспорта',
  },
  banners: {
    method: 'GET',
    path: '/api/v1/catalog/banners/',
    auth: 'public',
    query: catalog.bannersQuery,
    response: catalog.bannersResponse,
    errors: [400, 404],
    tags: ['catalog'],
    summary: 'Баннеры главной или категории',
  },
  manufacturer: {
    method: 'GET',
    path: '/api/v1/catalog/manufacturers/{slug}/',
    auth: 'public',
    params: catalog.manufacturerParams,
    response: catalog.manufacturerResponse,
    errors: [404],
    tags: ['catalog'],
    summary: 'Производитель',
  },
  sitemapProducts: {
    method: 'GET',
    path: '/api/v1/catalog/sitemap/products/',
    auth: 'public',
    query: catalog.sitemapProductsQuery,
    response: catalog.sitemapProductsResponse,
    errors: [400],
    tags: ['catalog'],
    summary: 'Товары для sitemap.xml',
    description:
      'Активные товары в порядке id: slug и каноническая цепочка категорий. size по умолчанию 10 000.',
  },
  sitemapManufacturers: {
    method: 'GET',
    path: '/api/v1/catalog/sitemap/manufacturers/',
    auth: 'public',
    response: catalog.sitemapManufacturersResponse,
    tags: ['catalog'],
    summary: 'Производители для sitemap.xml',
  },

  // ---- transport ----
  transportYears: {
    method: 'GET',
    path: '/api/v2/transport/years/',
    auth: 'public',
    response: transport.transportYearsResponse,
    tags: ['transport'],
    summary: 'Годы выпуска, новые первыми',
  },
  transportBrands: {
    method: 'GET',
    path: '/api/v2/transport/{year}/brands/',
    auth: 'public',
    params: transport.transportYearParams,
    response: transport.transportBrandsResponse,
    errors: [404],
    tags: ['transport'],
    summary: 'Типы транспорта с марками, выпускавшими модели в этом году',
  },
  transportModels: {
    method: 'GET',
    path: '/api/v2/transport/{year}/{type}/{brand}/models/',
    auth: 'public',
    params: transport.transportModelsParams,
    response: transport.transportModelsResponse,
    errors: [404],
    tags: ['transport'],
    summary: 'Модели марки в этом году',
  },
  transportEngines: {
    method: 'GET',
    path: '/api/v2/transport/{year}/{type}/{brand}/{model}/engines/',
    auth: 'public',
    params: transport.transportEnginesParams,
    response: transport.transportEnginesResponse,
    errors: [404],
    tags: ['transport'],
    summary: 'Двигатели модели в этом году; каждый ведёт к id транспорта',
  },
  transportDetail: {
    method: 'GET',
    path: '/api/v1/transport/{transportId}/',
    auth: 'public',
    params: transport.transportDetailParams,
    response: transport.transportDetailResponse,
    errors: [404],
    tags: ['transport'],
    summary: 'Описание транспорта: марка, модель, годы, двигатель и текстовая форма',
  },
  transportDecode: {
    method: 'GET',
    path: '/api/v1/transport/decode/',
    auth: 'public',
    query: transport.vehicleCodeQuery,
    response: transport.vehicleCodeResponse,
    errors: [400],
    tags: ['transport'],
    summary: 'VIN или номер кузова (FRAME): что он говорит о машине и с какого шага выбора продолжить',
  },

  // ---- reviews ----
  reviews: {
    method: 'GET',
    path: '/api/v1/review/{productSlug}/',
    // Optional: a signed-in caller also learns whether they have reviewed the product already.
    auth: 'optional',
    params: review.reviewsParams,
    query: review.reviewsQuery,
    response: review.reviewsResponse,
    errors: [400, 404],
    tags: ['reviews'],
    summary: 'Отзывы о товаре, новые первыми',
  },
  reviewCreate: {
    method: 'POST',
    path: '/api/v1/review/',
    auth: 'user',
    body: review.reviewCreateRequest,
    response: review.reviewCreateResponse,
    successStatus: 201,
    errors: [400, 401],
    tags: ['reviews'],
    summary: 'Оставить отзыв (только для вошедших; один на товар)',
  },

  // ---- payment, orders, cart ----
  installment: {
    method: 'GET',
    path: '/api/v1/payment/installment/{productSlug}/',
    auth: 'public',
    params: payment.installmentParams,
    response: payment.installmentResponse,
    errors: [404],
    tags: ['payment'],
    summary: 'Предложение оплаты частями для цены товара',
  },
  paymentMethods: {
    method: 'GET',
    path: '/api/v1/payment/methods/',
    auth: 'public',
    response: payment.paymentMethodsResponse,
    tags: ['payment'],
    summary: 'Способы оплаты по группам',
  },
  paymentStatus: {
    method: 'GET',
    path: '/api/v1/payment/status/',
    auth: 'session',
    query: payment.paymentStatusQuery,
    response: payment.paymentStatusResponse,
    errors: [401, 404],
    tags: ['payment'],
    summary: 'Статус оплаты заказа (только для его владельца)',
  },
  orderCreate: {
    method: 'POST',
    path: '/api/v1/payment/orders/',
    auth: 'session',
    headers: payment.orderCreateHeaders,
    body: payment.orderCreateRequest,
    response: payment.orderCreateResponse,
    // 201 for a new order, 200 when an Idempotency-Key replays an earlier one.
    successStatus: 201,
    otherSuccessStatuses: [200],
    // 400 also for the shop's order limits (lines, cash orders' size, open unpaid orders); 409: stock of the
    // branch's city short, or a line beyond what one order may take of it; 422: Idempotency-Key reused with
    // another body; 502: the online payment could not be created (the order stays awaiting payment).
    errors: [400, 401, 409, 422, 429, 502],
    tags: ['payment'],
    summary: 'Оформить заказ с резервированием товара',
  },
  orderPay: {
    method: 'POST',
    path: '/api/v1/payment/orders/{orderId}/pay/',
    auth: 'session',
    params: profile.orderIdParams,
    body: payment.orderPayRequest,
    response: payment.orderCreateResponse,
    // 400: the method is unknown, or paying at pickup is not allowed for this order (its size); 404: not the
    // caller's order; 409: the order no longer awaits payment (paid, cancelled, expired); 502: the provider failed.
    errors: [400, 401, 404, 409, 502],
    tags: ['payment'],
    summary: 'Оплатить заказ ещё раз или выбрать оплату при получении',
    description:
      'For an online order whose payment was not finished (the customer backed out or the card was declined): a ' +
      'card method starts a new payment (answer with payment_url); a cash method makes it an order paid at pickup. ' +
      'The order keeps its number, its lines and its reserved stock.',
  },
  orderCancel: {
    method: 'POST',
    path: '/api/v1/payment/orders/{orderId}/cancel/',
    auth: 'session',
    params: profile.orderIdParams,
    response: payment.paymentStatusResponse,
    // 404: not the caller's order; 409: paid, being assembled or already finished (call the shop); 502: the
    // provider could not say whether the order was just paid.
    errors: [401, 404, 409, 502],
    tags: ['payment'],
    summary: 'Отменить свой неоплаченный заказ',
  },
  orderLookup: {
    method: 'POST',
    path: '/api/v1/payment/orders/lookup/',
    auth: 'public',
    body: payment.orderLookupRequest,
    response: payment.paymentStatusResponse,
    // 404 alike for an unknown number and a wrong phone (the answer never tells which); 429 past the per-address
    // limit of lookups.
    errors: [400, 404, 429],
    tags: ['payment'],
    summary: 'Статус заказа по номеру и телефону (для покупателя без личного кабинета)',
  },
  paymentSandboxPage: {
    method: 'GET',
    path: '/api/v1/payment/sandbox/{paymentId}/',
    auth: 'public',
    params: payment.sandboxParams,
    response: payment.sandboxPageResponse,
    tags: ['payment'],
    summary: 'Тестовая платёжная страница (HTML)',
    internal: true,
  },
  paymentSandboxAction: {
    method: 'POST',
    path: '/api/v1/payment/sandbox/{paymentId}/',
    auth: 'public',
    params: payment.sandboxParams,
    body: payment.sandboxActionRequest,
    response: payment.sandboxActionResponse,
    successStatus: 303,
    tags: ['payment'],
    summary: 'Ответ тестовой платёжной страницы',
    internal: true,
  },
  paymentWebhookYookassa: {
    method: 'POST',
    path: '/api/v1/payment/webhooks/yookassa/',
    auth: 'public',
    body: payment.yookassaNotification,
    response: payment.webhookAckResponse,
    errors: [400, 404, 502],
    tags: ['payment'],
    summary: 'Уведомления ЮKassa (проверяются запросом платежа)',
    internal: true,
  },
  cart: {
    method: 'POST',
    path: '/api/v1/payment/cart/',
    auth: 'session',
    body: cart.cartReadRequest,
    response: cart.cartResponse,
    errors: [400, 401, 409],
    tags: ['cart'],
    summary: 'Корзина для города и автомобиля',
  },
  cartGet: {
    // Older clients read the cart with GET: the same answer as POST, `transport` and `city` in the query. A read
    // only: the vehicle sent prices the answer but is not remembered with the cart (POST does that).
    method: 'GET',
    path: '/api/v1/payment/cart/',
    auth: 'session',
    query: cart.cartRequest,
    response: cart.cartResponse,
    errors: [400, 401],
    tags: ['cart'],
    summary: 'Корзина (чтение, как POST)',
  },
  cartAddItem: {
    method: 'POST',
    path: '/api/v1/payment/cart/add-item/',
    auth: 'session',
    body: cart.cartAddItemRequest,
    response: cart.cartResponse,
    errors: [400, 401, 409],
    tags: ['cart'],
    summary: 'Добавить товар в корзину (количество прибавляется к уже лежащему)',
  },
  cartClear: {
    method: 'POST',
    path: '/api/v1/payment/cart/clear/',
    auth: 'session',
    body: cart.cartClearRequest,
    response: cart.cartResponse,
    errors: [400, 401, 409],
    tags: ['cart'],
    summary: 'Очистить корзину',
  },
  cartUpdateItem: {
    method: 'PUT',
    path: '/api/v1/payment/cart/update-item/',
    auth: 'session',
    body: cart.cartUpdateItemRequest,
    response: cart.cartResponse,
    errors: [400, 401, 409],
    tags: ['cart'],
    summary: 'Задать количество, установку и отметку строк (0 удаляет строку)',
  },

  // ---- feedback ----
  feedback: {
    method: 'POST',
    path: '/api/v1/feedback/',
    // The request is linked to the signed-in user or the anonymous visitor who sent it.
    auth: 'optional',
    body: feedback.feedbackRequest,
    response: feedback.feedbackResponse,
    successStatus: 201,
    errors: [400, 401, 429],
    tags: ['feedback'],
    summary: 'Заявка на обратный звонок или консультацию',
  },

  // ---- showcase, pages, branches ----
  showcase: {
    method: 'GET',
    path: '/api/v1/showcase/',
    // The same answer for everybody, but the storefront asks for it on every page: a token sent here is still
    // checked, so a dead session answers 401 and the SPEC §8 refresh runs once per page, not on a later call.
    auth: 'optional',
    response: showcase.showcaseResponse,
    errors: [401, 404],
    tags: ['showcase'],
    summary: 'Настройки витрины (по заголовку X-Client-Host)',
  },
  pagesMenu: {
    method: 'GET',
    path: '/api/v1/pages/menu/',
    auth: 'public',
    response: pages.pagesMenuResponse,
    errors: [404],
    tags: ['pages'],
    summary: 'Меню информационных страниц',
  },
  pageDetail: {
    method: 'GET',
    path: '/api/v1/pages/{pageSlug}/',
    auth: 'public',
    params: pages.pageSlugParams,
    response: pages.pageDetailResponse,
    errors: [404],
    tags: ['pages'],
    summary: 'Информационная страница',
  },
  branches: {
    method: 'GET',
    path: '/api/v1/branches/',
    auth: 'public',
    response: branches.branchesResponse,
    tags: ['branches'],
    summary: 'Города и филиалы',
  },
  regions: {
    method: 'GET',
    path: '/api/v1/branches/regions/',
    auth: 'public',
    response: branches.regionsResponse,
    tags: ['branches'],
    summary: 'Регионы с городами и филиалами',
  },

  // ---- maintenance kits (issue #17) ----
  maintenanceKit: {
    method: 'GET',
    path: '/api/v1/maintenance/',
    auth: 'public',
    query: maintenance.maintenanceQuery,
    response: maintenance.maintenanceResponse,
    errors: [400, 404],
    tags: ['maintenance'],
    summary: 'Каталог ТО: детали ближайшего ТО автомобиля для пробега, с заменами',
  },
  maintenanceKitToCart: {
    method: 'POST',
    path: '/api/v1/maintenance/cart/',
    auth: 'session',
    body: maintenance.maintenanceCartRequest,
    response: maintenance.maintenanceCartResponse,
    errors: [400, 401, 409],
    tags: ['maintenance', 'cart'],
    summary: 'Комплект ТО в корзину одной транзакцией; позиции без наличия перечислены в not_added',
  },

  // ---- garage (issue #17) ----
  garage: {
    method: 'GET',
    path: '/api/v1/user/garage/',
    auth: 'user',
    response: garage.garageResponse,
    errors: [401, 429],
    tags: ['garage'],
    summary: 'Гараж: автомобили покупателя',
  },
  garageAdd: {
    method: 'POST',
    path: '/api/v1/user/garage/',
    auth: 'user',
    body: garage.garageAddRequest,
    response: garage.garageVehicle,
    successStatus: 201,
    errors: [400, 401, 409, 429],
    tags: ['garage'],
    summary: 'Добавить автомобиль в гараж (не больше 10; без названия — марка и модель)',
  },
  garageUpdate: {
    method: 'PATCH',
    path: '/api/v1/user/garage/{vehicleId}/',
    auth: 'user',
    params: garage.garageVehicleParams,
    body: garage.garageUpdateRequest,
    response: garage.garageVehicle,
    errors: [400, 401, 404, 429],
    tags: ['garage'],
    summary: 'Переименовать автомобиль гаража, изменить VIN или пробег',
  },
  garageDelete: {
    method: 'DELETE',
    path: '/api/v1/user/garage/{vehicleId}/',
    auth: 'user',
    params: garage.garageVehicleParams,
    response: garage.garageDeleted,
    errors: [400, 401, 404, 429],
    tags: ['garage'],
    summary: 'Удалить автомобиль из гаража',
  },

  // ---- back office (ARCHITECTURE §2: /api/admin/v1/…) ----
  staffLogin: {
    method: 'POST',
    path: '/api/admin/v1/auth/login/',
    auth: 'public',
    body: admin.staffLoginRequest,
    response: admin.staffLoginResponse,
    errors: [400, 429],
    tags: ['admin'],
    summary: 'Вход сотрудника: телефон, пароль и код из приложения-аутентификатора (TOTP)',
    description:
      'Открывает сессию панели управления (только она допускается к /api/admin/v1/…). Неверный телефон, пароль или код ' +
      'дают один и тот же ответ; код действует один раз.',
  },
  staffMe: {
    method: 'GET',
    path: '/api/admin/v1/me/',
    auth: 'staff',
    response: admin.staffMember,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Сотрудник текущей сессии панели управления: имя, роль, филиалы',
  },
  // ---- back office: catalogue (issue #14) ----
  adminProductDetail: {
    method: 'GET',
    path: '/api/admin/v1/products/{id}/',
    auth: 'staff',
    params: idParams,
    response: adminCatalog.adminProduct,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Товар для редактирования: всё, что можно изменить, остатки по складам и версия',
  },
  adminProductUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/products/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminCatalog.adminProductPatch,
    response: adminCatalog.adminProduct,
    // 409: someone saved the product after `version` was read.
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить товар (только администратор); HTML описания очищается, витрина видит изменение сразу',
    description:
      'Поля, которых нет в теле, не меняются. version — из чтения товара: если товар с тех пор изменили, ответ 409. ' +
      'Каждое изменение пишется в журнал (до → после) и сбрасывает кэши каталога во всех процессах API.',
  },
  // ---- back office: product properties, fitment, installation prices ----
  adminInstallationCategories: {
    method: 'GET',
    path: '/api/admin/v1/installation-prices/',
    auth: 'staff',
    response: adminInstallation.adminInstallationCategoriesResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Категории для таблицы цен установки: путь в дереве и число заполненных ячеек',
  },
  adminInstallationPrices: {
    method: 'GET',
    path: '/api/admin/v1/installation-prices/{id}/',
    auth: 'staff',
    params: idParams,
    response: adminInstallation.adminInstallationTable,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Таблица цен установки категории: города × типы транспорта, с запасными строкой и столбцом',
  },
  adminInstallationPricesUpdate: {
    method: 'PUT',
    path: '/api/admin/v1/installation-prices/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminInstallation.adminInstallationUpdate,
    response: adminInstallation.adminInstallationTable,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Сохранить всю таблицу цен установки категории одним запросом (только администратор)',
    description:
      'Ячейки, которых нет в теле, остаются без цены. city_id или vehicle_type_id null — запасная цена для любого ' +
      'города или типа. Изменение пишется в журнал (до → после), витрина видит новые цены сразу.',
  },
  adminProductImageUpload: {
    method: 'POST',
    path: '/api/admin/v1/products/{id}/images/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    // multipart/form-data with one file field `image` (no JSON body).
    response: adminCatalog.adminProduct,
    successStatus: 201,
    errors: [400, 401, 403, 404, 413],
    tags: ['admin'],
    summary:
      'Загрузить фото товара (multipart, поле image): JPEG, PNG, WebP или AVIF до 10 МБ, сжимается в WebP',
    description:
      'Тип проверяется по содержимому файла, не по имени. Фото вписывается в 1200×1200 и добавляется в конец списка ' +
      'фото товара; убрать или переставить фото — PATCH товара с полем images.',
  },
  adminProductStock: {
    method: 'PUT',
    path: '/api/admin/v1/products/{id}/stock/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminCatalog.adminStockUpdate,
    response: adminCatalog.adminStockResponse,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Остатки товара на складах (на руках, не меньше резерва заказов); только администратор',
  },
  // ---- back office: categories and manufacturers ----
  adminCategories: {
    method: 'GET',
    path: '/api/admin/v1/categories/',
    auth: 'staff',
    response: adminStructure.adminCategoriesResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Всё дерево категорий, в том числе скрытые, с числом товаров поддерева',
  },
  adminCategoryCreate: {
    method: 'POST',
    path: '/api/admin/v1/categories/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminStructure.adminCategoryCreate,
    response: adminStructure.adminCategory,
    successStatus: 201,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Добавить категорию (адрес без slug — транслитерация названия); только администратор',
  },
  adminCategoryUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/categories/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminStructure.adminCategoryPatch,
    response: adminStructure.adminCategory,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить категорию: название, адрес, описание, SEO, скрыть/показать; только администратор',
    description:
      'Поля, которых нет в теле, не меняются; version — из прочитанной категории (409, если её уже изменили). ' +
      'Скрытая категория со всем поддеревом пропадает с витрины (дерево, листинги, поиск, карта сайта), товары сохраняются. ' +
      'Смена адреса переписывает пути всего поддерева.',
  },
  adminCategoryMove: {
    method: 'POST',
    path: '/api/admin/v1/categories/{id}/move/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminStructure.adminCategoryMove,
    response: adminStructure.adminCategoriesResponse,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary:
      'Переместить категорию к другому родителю и/или на другое место среди соседей; только администратор',
    description:
      'Отвечает всем деревом. Нельзя переместить категорию в саму себя или в её подкатегорию (400). Пути и глубина ' +
      'всего поддерева переписываются в той же транзакции.',
  },
  adminCategoryDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/categories/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Удалить пустую категорию (без товаров и подкатегорий, иначе 409); только администратор',
  },
  adminManufacturers: {
    method: 'GET',
    path: '/api/admin/v1/manufacturers/',
    auth: 'staff',
    query: adminStructure.adminManufacturerListQuery,
    response: adminStructure.adminManufacturerListResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Производители с поиском по названию, адресу и стране и числом товаров',
  },
  adminManufacturerCreate: {
    method: 'POST',
    path: '/api/admin/v1/manufacturers/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminStructure.adminManufacturerCreate,
    response: adminStructure.adminManufacturer,
    successStatus: 201,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Добавить производителя; только администратор',
  },
  adminManufacturerUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/manufacturers/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminStructure.adminManufacturerPatch,
    response: adminStructure.adminManufacturer,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить производителя (logo: null убирает логотип); только администратор',
  },
  adminManufacturerLogo: {
    method: 'POST',
    path: '/api/admin/v1/manufacturers/{id}/logo/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    // multipart/form-data with one file field `image` (no JSON body).
    response: adminStructure.adminManufacturer,
    successStatus: 201,
    errors: [400, 401, 403, 404, 413],
    tags: ['admin'],
    summary: 'Загрузить логотип производителя (multipart, поле image): JPEG, PNG, WebP или AVIF до 10 МБ',
  },
  adminManufacturerDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/manufacturers/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Удалить производителя, если ни один товар его не использует (иначе 409); только администратор',
  },
  // ---- back office: banners, info pages, showcase ----
  adminBanners: {
    method: 'GET',
    path: '/api/admin/v1/banners/',
    auth: 'staff',
    staffRoles: ['admin'],
    response: adminContent.adminBannersResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary:
      'Баннеры главной и категорий, включённые и выключенные, по местам и порядку (только администратор)',
  },
  adminBannerCreate: {
    method: 'POST',
    path: '/api/admin/v1/banners/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminContent.adminBannerCreate,
    response: adminContent.adminBanner,
    successStatus: 201,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary:
      'Добавить баннер (главная или категория); картинка загружается отдельно, без неё баннер не показывается',
    description:
      'Ссылка — путь на сайте магазина (/catalog/…) или адрес https://; javascript: и другие схемы отклоняются. ' +
      'Без sort баннер встаёт в конец своего места.',
  },
  adminBannersReorder: {
    method: 'PUT',
    path: '/api/admin/v1/banners/order/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminContent.adminBannersReorder,
    response: adminContent.adminBannersResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Новый порядок баннеров одного места (главной или категории): все его баннеры, каждый один раз',
  },
  adminBannerUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/banners/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminContent.adminBannerPatch,
    response: adminContent.adminBanner,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Изменить баннер: тексты, ссылку, место, порядок, включён ли (только администратор)',
  },
  adminBannerDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/banners/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Удалить баннер (только администратор)',
  },
  adminBannerImageUpload: {
    method: 'POST',
    path: '/api/admin/v1/banners/{id}/image/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    // multipart/form-data with one file field `image` (no JSON body).
    response: adminContent.adminBanner,
    errors: [400, 401, 403, 404, 413],
    tags: ['admin'],
    summary:
      'Картинка баннера (multipart, поле image): JPEG, PNG, WebP или AVIF до 10 МБ, вписывается в 1600×600, WebP',
  },
  adminPages: {
    method: 'GET',
    path: '/api/admin/v1/pages/',
    auth: 'staff',
    staffRoles: ['admin'],
    response: adminContent.adminPagesResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Информационные страницы, опубликованные и черновики, по порядку (только администратор)',
  },
  adminPageCreate: {
    method: 'POST',
    path: '/api/admin/v1/pages/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminContent.adminPageCreate,
    response: adminContent.adminPage,
    successStatus: 201,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Добавить страницу; адрес без slug — из заголовка латиницей, уникальный; по умолчанию черновик',
  },
  adminPage: {
    method: 'GET',
    path: '/api/admin/v1/pages/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    response: adminContent.adminPage,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Страница для редактирования: заголовок, адрес, HTML, порядок, опубликована ли, версия',
  },
  adminPageUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/pages/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminContent.adminPagePatch,
    response: adminContent.adminPage,
    // 409: someone saved the page after `version` was read.
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить страницу (HTML очищается как описание товара); черновик не виден на витрине',
  },
  adminPageDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/pages/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Удалить страницу (только администратор)',
  },
  adminShowcase: {
    method: 'GET',
    path: '/api/admin/v1/showcase/',
    auth: 'staff',
    staffRoles: ['admin'],
    response: adminContent.adminShowcase,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Настройки витрины по умолчанию: название, контакты, часы, реквизиты, SEO, счётчики, версия',
  },
  adminShowcaseUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/showcase/',
    auth: 'staff',
    staffRoles: ['admin'],
    body: adminContent.adminShowcasePatch,
    response: adminContent.adminShowcase,
    errors: [400, 401, 403, 409],
    tags: ['admin'],
    summary: 'Изменить настройки витрины (только администратор); ИНН и ОГРН проверяются по контрольной сумме',
    description:
      'Поля, которых нет в теле, не меняются. version — из чтения настроек: если их с тех пор изменили, 409.',
  },
  adminAuditLog: {
    method: 'GET',
    path: '/api/admin/v1/audit/',
    auth: 'staff',
    staffRoles: ['admin'],
    query: admin.auditListQuery,
    response: admin.auditListResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Журнал действий сотрудников: кто, что, до → после, когда (только администратор)',
  },
  // ---- back office: order desk (issue #14) ----
  adminOrders: {
    method: 'GET',
    path: '/api/admin/v1/orders/',
    auth: 'staff',
    query: adminOrders.adminOrderListQuery,
    response: adminOrders.adminOrderListResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary:
      'Заказы: фильтры, поиск по номеру или телефону, счётчики по статусам (менеджер — только своих филиалов)',
    description:
      'Новые сверху. Даты — московские, включительно. counts — число заказов каждого статуса при тех же фильтрах, ' +
      'кроме status; счётчики и total точны до 1000 (exact: false — «не меньше»). 403 — фильтр по чужому филиалу.',
  },
  adminOrder: {
    method: 'GET',
    path: '/api/admin/v1/orders/{number}/',
    auth: 'staff',
    params: admin.adminOrderNumberParams,
    response: adminOrders.adminOrderDetail,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary:
      'Карточка заказа: строки, резервы по складам, покупатель, платежи с событиями, история, возможные статусы',
  },
  adminOrderStatus: {
    method: 'POST',
    path: '/api/admin/v1/orders/{number}/status/',
    auth: 'staff',
    params: admin.adminOrderNumberParams,
    body: adminOrders.adminOrderStatusRequest,
    response: adminOrders.adminOrderStatusResponse,
    // 409: stale version (another manager changed the order) or a move the status machine does not allow;
    // 502: the payment provider refused or could not be reached for the refund of a paid online order.
    errors: [400, 401, 403, 404, 409, 502],
    tags: ['admin'],
    summary:
      'Сменить статус заказа: сборка → готов (SMS покупателю) → выдан, или отмена (резерв снимается, оплата возвращается)',
    description:
      'version — версия заказа, которую видел сотрудник: если заказ с тех пор изменили, ответ 409 с текущими status ' +
      'и version, изменение не применяется. Отмена требует reason.',
  },
  adminProducts: {
    method: 'GET',
    path: '/api/admin/v1/products/',
    auth: 'staff',
    query: adminOrders.adminProductListQuery,
    response: adminOrders.adminProductListResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Поиск товаров панели управления: по названию, артикулу в любом написании или id',
  },
  adminDashboard: {
    method: 'GET',
    path: '/api/admin/v1/dashboard/',
    auth: 'staff',
    response: adminOrders.adminDashboard,
    errors: [401, 403],
    tags: ['admin'],
    summary:
      'Сводка: заказы и выручка за сегодня, открытые и просроченные звонки, товары без остатка по филиалам',
  },
  adminOrderRelease: {
    method: 'POST',
    path: '/api/admin/v1/orders/{number}/release/',
    auth: 'staff',
    params: admin.adminOrderNumberParams,
    body: admin.orderReleaseRequest,
    response: admin.orderReleaseResponse,
    // 409: the order is paid (money goes back through the payment provider first) or already finished;
    // 502: the payment provider could not be asked whether an online payment went through.
    errors: [400, 401, 403, 404, 409, 502],
    tags: ['admin'],
    summary: 'Снять резерв: отменить неоплаченный или не выданный заказ и вернуть товар в наличие',
  },

  // ---- back office: callbacks, reviews, customers (issue #14) ----
  adminCallbacks: {
    method: 'GET',
    path: '/api/admin/v1/callbacks/',
    auth: 'staff',
    query: desk.adminCallbacksQuery,
    response: desk.adminCallbacksResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Заявки на обратный звонок: открытые (старые первыми), выполненные или все; срок — 17 минут',
  },
  adminCallbacksSummary: {
    method: 'GET',
    path: '/api/admin/v1/callbacks/summary/',
    auth: 'staff',
    response: desk.adminCallbacksSummary,
    errors: [401, 403],
    tags: ['admin'],
    summary:
      'Счётчик для шапки панели: открытые и просроченные заявки, номер последней (опрашивается каждую секунду)',
  },
  adminCallbackTake: {
    method: 'POST',
    path: '/api/admin/v1/callbacks/{id}/take/',
    auth: 'staff',
    params: desk.adminIdParams,
    response: desk.adminCallback,
    // 409: another staff member has taken it (the answer names them) or it is done.
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Взять заявку в работу',
  },
  adminCallbackNote: {
    method: 'POST',
    path: '/api/admin/v1/callbacks/{id}/note/',
    auth: 'staff',
    params: desk.adminIdParams,
    body: desk.adminCallbackNoteRequest,
    response: desk.adminCallback,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Заметка к заявке (о чём договорились, почему не дозвонились)',
  },
  adminCallbackDone: {
    method: 'POST',
    path: '/api/admin/v1/callbacks/{id}/done/',
    auth: 'staff',
    params: desk.adminIdParams,
    response: desk.adminCallback,
    // 409: another staff member has taken it.
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Отметить заявку выполненной',
  },
  adminReviews: {
    method: 'GET',
    path: '/api/admin/v1/reviews/',
    auth: 'staff',
    query: desk.adminReviewsQuery,
    response: desk.adminReviewsResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Отзывы для модерации: новые, опубликованные или скрытые; по товару',
  },
  adminReviewPublish: {
    method: 'POST',
    path: '/api/admin/v1/reviews/{id}/publish/',
    auth: 'staff',
    params: desk.adminIdParams,
    response: desk.adminReview,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Опубликовать отзыв (проверен); скрытый возвращается на страницу товара и в рейтинг',
  },
  adminReviewHide: {
    method: 'POST',
    path: '/api/admin/v1/reviews/{id}/hide/',
    auth: 'staff',
    params: desk.adminIdParams,
    body: desk.adminReviewHideRequest,
    response: desk.adminReview,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Скрыть отзыв с причиной: он пропадает со страницы товара и из рейтинга',
  },
  adminReviewReply: {
    method: 'POST',
    path: '/api/admin/v1/reviews/{id}/reply/',
    auth: 'staff',
    params: desk.adminIdParams,
    body: desk.adminReviewReplyRequest,
    response: desk.adminReview,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Ответ магазина под отзывом (простой текст); пустой текст убирает ответ',
  },
  adminCustomers: {
    method: 'GET',
    path: '/api/admin/v1/customers/',
    auth: 'staff',
    query: desk.adminCustomersQuery,
    response: desk.adminCustomersResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Покупатели: поиск по телефону в любом написании или по имени',
  },
  adminCustomer: {
    method: 'GET',
    path: '/api/admin/v1/customers/{id}/',
    auth: 'staff',
    params: desk.adminIdParams,
    response: desk.adminCustomerDetail,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Покупатель: контакты, регистрация, блокировка и его заказы',
  },
  adminCustomerBlock: {
    method: 'POST',
    path: '/api/admin/v1/customers/{id}/block/',
    auth: 'staff',
    params: desk.adminIdParams,
    body: desk.adminCustomerBlockRequest,
    response: desk.adminCustomerDetail,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Заблокировать покупателя: его сессии завершаются, вход отклоняется',
  },
  adminCustomerUnblock: {
    method: 'POST',
    path: '/api/admin/v1/customers/{id}/unblock/',
    auth: 'staff',
    params: desk.adminIdParams,
    response: desk.adminCustomerDetail,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Разблокировать покупателя',
  },
  // ---- back office: branches (issue #14) ----
  adminBranches: {
    method: 'GET',
    path: '/api/admin/v1/branches/',
    auth: 'staff',
    response: adminBranches.adminBranchesResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Филиалы со складами, в том числе выключенные (для заказов, остатков и карты)',
  },
  adminBranchUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/branches/{id}/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: idParams,
    body: adminBranches.adminBranchPatch,
    response: adminBranches.adminBranch,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary:
      'Изменить филиал: адрес, часы, контакты, точку на карте, доступность самовывоза (только администратор)',
    description: 'Поля, которых нет в теле, не меняются. Каждое изменение пишется в журнал (до → после).',
  },

  // ---- back office: imports (issue #15) ----
  adminImportUpload: {
    method: 'POST',
    path: '/api/admin/v1/imports/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    // multipart/form-data: the field `kind` (fitment | analogues) first, then the file field `file` (no JSON body).
    response: adminImports.adminImport,
    successStatus: 202,
    errors: [400, 401, 403, 413],
    tags: ['admin'],
    summary: 'Загрузить файл импорта (multipart: kind, file): применимость или аналоги, CSV до 100 МБ',
    description:
      'CSV в UTF-8 или Windows-1251, разделитель «;» или «,», первая строка — заголовки. Файл сохраняется и ' +
      'импортируется фоновой задачей пачками; ответ 202 — запуск в очереди, его ход — GET imports/{id}/.',
  },
  adminImports: {
    method: 'GET',
    path: '/api/admin/v1/imports/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    query: adminImports.adminImportsQuery,
    response: adminImports.adminImportsResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Запуски импорта, новые первыми: статус, строки обработано из всего, ошибки',
  },
  adminImportDetail: {
    method: 'GET',
    path: '/api/admin/v1/imports/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminImports.adminImport,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Один запуск импорта (ход работы)',
  },
  adminImportErrors: {
    method: 'GET',
    path: '/api/admin/v1/imports/{id}/errors/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminImports.adminImportErrorsCsv,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Отчёт об ошибках импорта: CSV (UTF-8 с BOM, «;») — строка файла, значение, причина',
  },

  // ---- back office: background jobs (issue #16) ----
  adminJobs: {
    method: 'GET',
    path: '/api/admin/v1/jobs/',
    auth: 'staff',
    staffRoles: ['admin'],
    response: adminJobs.adminJobsResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Фоновые задачи: очереди с числом задач по состояниям и последние неудачи с причинами',
  },
  adminJobRetry: {
    method: 'POST',
    path: '/api/admin/v1/jobs/{jobId}/retry/',
    auth: 'staff',
    staffRoles: ['admin'],
    params: adminJobs.adminJobParams,
    response: adminJobs.adminJobRetryResponse,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Повторить неудавшуюся фоновую задачу (только та, у которой кончились попытки)',
  },

  // ---- suppliers and price lists (issue #15) ----
  adminSuppliers: {
    method: 'GET',
    path: '/api/admin/v1/suppliers/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    response: adminSuppliers.adminSuppliersResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary: 'Поставщики: настройки прайс-листа, число предложений, последний импорт',
  },
  adminSupplierCreate: {
    method: 'POST',
    path: '/api/admin/v1/suppliers/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    body: adminSuppliers.adminSupplierCreate,
    response: adminSuppliers.adminSupplier,
    successStatus: 201,
    // 409: the title is taken.
    errors: [400, 401, 403, 409],
    tags: ['admin'],
    summary: 'Добавить поставщика: название, срок поставки по умолчанию, настройки прайс-листа',
  },
  adminSupplierUpdate: {
    method: 'PATCH',
    path: '/api/admin/v1/suppliers/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    body: adminSuppliers.adminSupplierPatch,
    response: adminSuppliers.adminSupplier,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить поставщика: название, срок поставки, включён ли, столбцы прайс-листа',
    description: 'Поля, которых нет в теле, не меняются. Каждое изменение пишется в журнал (до → после).',
  },
  adminSupplierDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/suppliers/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminStructure.adminDeleted,
    // 409: its price list is being imported.
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Удалить поставщика вместе с его предложениями и правилами наценки',
  },
  adminPriceListPreview: {
    method: 'POST',
    path: '/api/admin/v1/price-lists/preview/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    // multipart/form-data: optional text fields of adminPriceListPreviewFields, then the file field `file`.
    response: adminSuppliers.adminPriceListPreview,
    errors: [400, 401, 403, 413],
    tags: ['admin'],
    summary:
      'Образец прайс-листа (CSV или XLSX) для настройки столбцов: кодировка, разделитель, первые строки',
    description:
      'Файл не сохраняется: читаются первые строки. Ответ — найденные кодировка и разделитель, строка ' +
      'заголовков, первые 10 строк и предложенное соответствие столбцов полям.',
  },
  adminSupplierPriceListUpload: {
    method: 'POST',
    path: '/api/admin/v1/suppliers/{id}/price-list/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    // multipart/form-data: the file field `file` (CSV, XLSX or YML, up to 100 MB).
    response: adminImports.adminImport,
    successStatus: 202,
    // 400: no column settings for a CSV/XLSX file, or a bad file; 409: the supplier is inactive.
    errors: [400, 401, 403, 404, 409, 413],
    tags: ['admin'],
    summary: 'Загрузить прайс-лист поставщика (multipart: file): импорт в предложения фоновой задачей',
    description:
      'Строки сопоставляются с каталогом по артикулу и бренду (с синонимами), цена — с наценкой. Предложения ' +
      'поставщика, которых нет в новом прайс-листе, удаляются по окончании. Ход — GET imports/{id}/.',
  },
  adminImportUnmatched: {
    method: 'GET',
    path: '/api/admin/v1/imports/{id}/unmatched/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminSuppliers.adminImportUnmatchedCsv,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary:
      'Несопоставленные строки прайс-листа: CSV (UTF-8 с BOM, «;») — строка, артикул, бренд, наименование, цена, причина',
  },
  adminMarkupRules: {
    method: 'GET',
    path: '/api/admin/v1/markup-rules/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    response: adminSuppliers.adminMarkupRulesResponse,
    errors: [401, 403],
    tags: ['admin'],
    summary:
      'Правила наценки, самые точные первыми (поставщик и бренд, поставщик, бренд, все; затем диапазон)',
  },
  adminMarkupRuleCreate: {
    method: 'POST',
    path: '/api/admin/v1/markup-rules/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    body: adminSuppliers.adminMarkupRuleInput,
    response: adminSuppliers.adminMarkupRule,
    successStatus: 201,
    errors: [400, 401, 403, 409],
    tags: ['admin'],
    summary: 'Добавить правило наценки: поставщик, бренд, диапазон закупочных цен, процент',
  },
  adminMarkupRuleUpdate: {
    method: 'PUT',
    path: '/api/admin/v1/markup-rules/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    body: adminSuppliers.adminMarkupRuleInput,
    response: adminSuppliers.adminMarkupRule,
    errors: [400, 401, 403, 404, 409],
    tags: ['admin'],
    summary: 'Изменить правило наценки (тело — правило целиком); цены пересчитываются при следующем импорте',
  },
  adminMarkupRuleDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/markup-rules/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Удалить правило наценки',
  },
  adminBrandSynonyms: {
    method: 'GET',
    path: '/api/admin/v1/brand-synonyms/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    query: adminSuppliers.adminBrandSynonymsQuery,
    response: adminSuppliers.adminBrandSynonymsResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Синонимы брендов (KAYABA → KYB) с производителем; по производителю или поиск по написанию',
  },
  adminBrandSynonymCreate: {
    method: 'POST',
    path: '/api/admin/v1/brand-synonyms/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    body: adminSuppliers.adminBrandSynonymCreate,
    response: adminSuppliers.adminBrandSynonym,
    successStatus: 201,
    // 409: this spelling (as a brand key) already means a manufacturer.
    errors: [400, 401, 403, 409],
    tags: ['admin'],
    summary: 'Добавить синоним бренда: написание в прайс-листах → производитель каталога',
  },
  adminBrandSynonymDelete: {
    method: 'DELETE',
    path: '/api/admin/v1/brand-synonyms/{id}/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    params: idParams,
    response: adminStructure.adminDeleted,
    errors: [400, 401, 403, 404],
    tags: ['admin'],
    summary: 'Удалить синоним бренда',
  },

  // ---- 1C exchange (CommerceML 2, issue #15) ----
  exchange1cGet: {
    method: 'GET',
    path: exchange1c.EXCHANGE_1C_PATH,
    // The protocol signs in with HTTP Basic at checkauth and a session cookie afterwards (modules/exchange-1c).
    auth: 'public',
    query: exchange1c.exchange1cQuery,
    response: exchange1c.exchange1cResponse,
    tags: ['exchange'],
    summary: 'Обмен с 1С (CommerceML 2): checkauth, init, import, query, success — ответы text/plain',
    internal: true,
  },
  exchange1cPost: {
    method: 'POST',
    path: exchange1c.EXCHANGE_1C_PATH,
    auth: 'public',
    query: exchange1c.exchange1cQuery,
    response: exchange1c.exchange1cResponse,
    tags: ['exchange'],
    summary: 'Обмен с 1С (CommerceML 2): file (части файла в теле), а также любые режимы методом POST',
    internal: true,
  },

  // ---- back office: export (issue #15: products as CSV/XLSX, the Yandex Market feed) ----
  adminProductExport: {
    method: 'GET',
    path: '/api/admin/v1/products/export/',
    auth: 'staff',
    staffRoles: ['admin', 'manager'],
    query: adminExport.adminProductExportQuery,
    response: adminExport.adminProductExportResponse,
    errors: [400, 401, 403],
    tags: ['admin'],
    summary: 'Выгрузка товаров в CSV (UTF-8, «;») или XLSX с фильтрами списка товаров',
    description:
      'Столбцы: ID, артикул, производитель, название, путь категории, цена, старая цена, остаток по каждому ' +
      'филиалу, остаток всего, ссылка на витрине. Файл отдаётся потоком; выгрузка пишется в журнал.',
  },
  ymlFeed: {
    method: 'GET',
    // The storefront serves it as /feeds/yandex.yml (apps/web/src/app/feeds).
    path: '/api/v1/feeds/yandex/',
    auth: 'public',
    response: adminExport.ymlFeedResponse,
    errors: [503],
    tags: ['catalog'],
    summary: 'Фид товаров для Яндекс Маркета (YML)',
    internal: true,
  },

  // ---- service ----
  health: {
    method: 'GET',
    // Without the trailing slash: the address load balancers and container probes are configured with.
    path: '/api/health',
    auth: 'public',
    response: health.healthResponse,
    errors: [503],
    tags: ['service'],
    summary: 'Проверка работоспособности: API и база данных',
    internal: true,
  },
  // Issue #16: probes of an orchestrator or a load balancer (liveness restarts, readiness takes out of rotation).
  healthLive: {
    method: 'GET',
    path: '/api/health/live',
    auth: 'public',
    response: health.healthLiveResponse,
    tags: ['service'],
    summary: 'Проверка жизни процесса (без базы данных)',
    internal: true,
  },
  healthReady: {
    method: 'GET',
    path: '/api/health/ready',
    auth: 'public',
    response: health.healthReadyResponse,
    errors: [503],
    tags: ['service'],
    summary: 'Готовность принимать запросы: миграции применены, база данных отвечает',
    internal: true,
  },
  // Issue #16: Prometheus scrape; METRICS_TOKEN and the caller's address decide who may read it.
  metrics: {
    method: 'GET',
    path: '/api/metrics',
    auth: 'public',
    response: health.metricsResponse,
    errors: [403],
    tags: ['service'],
    summary: 'Метрики Prometheus',
    internal: true,
  },
} as const satisfies Record<string, ApiRouteDef>;

export type ApiRouteName = keyof typeof API_ROUTES;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** Placeholder names of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** `/api/v1/review/{productSlug}/` → `/api/v1/review/:productSlug/` for Fastify. */
export function toFastifyPath(path: string): string {
  return path.replace(PLACEHOLDER, ':$1');
}

/** Fills a path template; values are URL-encoded. Throws on a missing value (a programming error). */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
