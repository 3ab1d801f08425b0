import type { z } from 'zod';
import * as auth from './auth';
import * as branches from './branches';
import * as cart from './cart';
import * as catalog from './catalog';
import * as feedback from './feedback';
import * as pages from './pages';
import * as payment from './payment';
import * as product from './product';
import * as profile from './profile';
import * as review from './review';
import * as showcase from './showcase';
import * as transport from './transport';

// Every call of SPEC §7 with its path template and schemas. The API registers its routes from
// this table and the web client builds URLs from it, so a path exists in exactly one place.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `public`: the answer is the same for everybody; the API does not read a token, clients send none.
 * - `optional`: no token needed; a token, when sent, personalises the answer (the caller's own review, …).
 * - `session`: a signed-in bearer token or an anonymous visitor token (cart, order, payment status).
 * - `user`: a signed-in bearer token only.
 */
export type RouteAuth = 'public' | 'optional' | 'session' | 'user';

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
  /** OpenAPI grouping and one-line description. */
  tags?: readonly string[];
  summary?: string;
  /**
   * Not part of the storefront's API (health check, payment providers' webhooks, the sandbox payment page):
   * registered from this table like every route, hidden from the OpenAPI document and from the web clients.
   */
  internal?: boolean;
}

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
    response: product.productDetailResponse,
  },
  productsBySlugs: {
    method: 'POST',
    path: '/api/v1/catalog/products/',
    auth: 'public',
    body: product.productsBySlugsRequest,
    response: product.productsBySlugsResponse,
  },
  productAnalogues: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/analogues/',
    auth: 'public',
    params: product.productSlugParams,
    query: product.analoguesQuery,
    response: product.analoguesResponse,
  },
  recommendations: {
    method: 'POST',
    path: '/api/v1/catalog/recommendations/',
    auth: 'public',
    body: product.recommendationsRequest,
    response: product.recommendationsResponse,
  },
  fitmentBrands: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/',
    auth: 'public',
    params: product.productSlugParams,
    response: product.fitmentBrandsResponse,
  },
  fitmentModels: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/',
    auth: 'public',
    params: product.fitmentBrandParams,
    response: product.fitmentModelsResponse,
  },
  fitmentYears: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/{modelSlug}/years/',
    auth: 'public',
    params: product.fitmentModelParams,
    response: product.fitmentYearsResponse,
  },
  fitmentTransport: {
    method: 'GET',
    path: '/api/v1/catalog/products/{productSlug}/brands/{brandSlug}/models/{modelSlug}/years/{yearSlug}/transport/',
    auth: 'public',
    params: product.fitmentYearParams,
    response: product.fitmentTransportResponse,
  },
  installationPrice: {
    method: 'POST',
    path: '/api/v1/catalog/products/{productSlug}/installation-price/',
    auth: 'public',
    params: product.productSlugParams,
    body: product.installationPriceRequest,
    response: product.installationPriceResponse,
  },

  // ---- catalogue: categories, listing, search ----
  categories: {
    method: 'GET',
    path: '/api/v1/catalog/categories/',
    auth: 'public',
    response: catalog.categoriesResponse,
  },
  categoryTree: {
    method: 'GET',
    path: '/api/v1/catalog/categories/tree/',
    auth: 'public',
    response: catalog.categoryTreeResponse,
  },
  categoryTreeByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/categories/tree/{transportId}/',
    auth: 'public',
    params: catalog.transportIdParams,
    response: catalog.categoryTreeResponse,
  },
  categoryFilters: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/filters/',
    auth: 'public',
    params: catalog.categorySlugParams,
    response: catalog.filtersResponse,
  },
  categoryFiltersByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/filters/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    response: catalog.filtersResponse,
  },
  categoryProducts: {
    method: 'POST',
    path: '/api/v1/catalog/{categorySlug}/products/',
    auth: 'public',
    params: catalog.categorySlugParams,
    query: catalog.catalogProductsQuery,
    body: catalog.catalogProductsRequest,
    response: catalog.catalogProductsResponse,
  },
  categoryProductsByTransport: {
    method: 'POST',
    path: '/api/v1/catalog/{categorySlug}/products/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    query: catalog.catalogProductsQuery,
    body: catalog.catalogProductsRequest,
    response: catalog.catalogProductsResponse,
  },
  categoryChildren: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/categories/',
    auth: 'public',
    params: catalog.categorySlugParams,
    response: catalog.categoryChildrenResponse,
  },
  categoryChildrenByTransport: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/categories/{transportId}/',
    auth: 'public',
    params: catalog.categoryTransportParams,
    response: catalog.categoryChildrenResponse,
  },
  categoryDetail: {
    method: 'GET',
    path: '/api/v1/catalog/{categorySlug}/detail/',
    auth: 'public',
    params: catalog.categorySlugParams,
    response: catalog.categoryDetailResponse,
  },
  search: {
    method: 'GET',
    path: '/api/v1/catalog/search/',
    auth: 'public',
    query: catalog.searchQuery,
    response: catalog.searchResponse,
  },
  banners: {
    method: 'GET',
    path: '/api/v1/catalog/banners/',
    auth: 'public',
    query: catalog.bannersQuery,
    response: catalog.bannersResponse,
  },
  manufacturer: {
    method: 'GET',
    path: '/api/v1/catalog/manufacturers/{slug}/',
    auth: 'public',
    params: catalog.manufacturerParams,
    response: catalog.manufacturerResponse,
  },
  sitemapProducts: {
    method: 'GET',
    path: '/api/v1/catalog/sitemap/products/',
    auth: 'public',
    query: catalog.sitemapProductsQuery,
    response: catalog.sitemapProductsResponse,
  },
  sitemapManufacturers: {
    method: 'GET',
    path: '/api/v1/catalog/sitemap/manufacturers/',
    auth: 'public',
    response: catalog.sitemapManufacturersResponse,
  },

  // ---- transport ----
  transportYears: {
    method: 'GET',
    path: '/api/v2/transport/years/',
    auth: 'public',
    response: transport.transportYearsResponse,
  },
  transportBrands: {
    method: 'GET',
    path: '/api/v2/transport/{year}/brands/',
    auth: 'public',
    params: transport.transportYearParams,
    response: transport.transportBrandsResponse,
  },
  transportModels: {
    method: 'GET',
    path: '/api/v2/transport/{year}/{type}/{brand}/models/',
    auth: 'public',
    params: transport.transportModelsParams,
    response: transport.transportModelsResponse,
  },
  transportEngines: {
    method: 'GET',
    path: '/api/v2/transport/{year}/{type}/{brand}/{model}/engines/',
    auth: 'public',
    params: transport.transportEnginesParams,
    response: transport.transportEnginesResponse,
  },
  transportDetail: {
    method: 'GET',
    path: '/api/v1/transport/{transportId}/',
    auth: 'public',
    params: transport.transportDetailParams,
    response: transport.transportDetailResponse,
  },

  // ---- reviews ----
  reviews: {
    method: 'GET',
    path: '/api/v1/review/{productSlug}/',
    auth: 'public',
    params: review.reviewsParams,
    query: review.reviewsQuery,
    response: review.reviewsResponse,
  },
  reviewCreate: {
    method: 'POST',
    path: '/api/v1/review/',
    auth: 'user',
    body: review.reviewCreateRequest,
    response: review.reviewCreateResponse,
    successStatus: 201,
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
    // 409: stock of the branch's city short; 422: Idempotency-Key reused with another body; 502: the online
    // payment could not be created (the order stays awaiting payment).
    errors: [400, 401, 409, 422, 429, 502],
    tags: ['payment'],
    summary: 'Оформить заказ с резервированием товара',
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
    auth: 'public',
    body: feedback.feedbackRequest,
    response: feedback.feedbackResponse,
    successStatus: 201,
    errors: [400, 429],
    tags: ['feedback'],
    summary: 'Заявка на обратный звонок или консультацию',
  },

  // ---- showcase, pages, branches ----
  showcase: { method: 'GET', path: '/api/v1/showcase/', auth: 'public', response: showcase.showcaseResponse },
  pagesMenu: {
    method: 'GET',
    path: '/api/v1/pages/menu/',
    auth: 'public',
    response: pages.pagesMenuResponse,
  },
  pageDetail: {
    method: 'GET',
    path: '/api/v1/pages/{pageSlug}/',
    auth: 'public',
    params: pages.pageSlugParams,
    response: pages.pageDetailResponse,
  },
  branches: { method: 'GET', path: '/api/v1/branches/', auth: 'public', response: branches.branchesResponse },
  regions: {
    method: 'GET',
    path: '/api/v1/branches/regions/',
    auth: 'public',
    response: branches.regionsResponse,
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
