import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, buildPath, pathParamNames, toFastifyPath } from './index';

// SPEC §7, one line per call (method and path as written there, placeholders normalised).
const SPEC_CALLS = [
  'POST /api/v1/user/login/',
  'POST /api/v1/user/register/',
  'POST /api/v1/user/register/verify/',
  'POST /api/v1/user/register/verify/retry/',
  'POST /api/v1/user/token/refresh/',
  'POST /api/v1/user/reset_password_request/',
  'POST /api/v1/user/reset_password_verify/',
  'PUT /api/v1/user/reset_password/',
  'POST /api/v1/user/token/unauthorized_user/',
  'GET /api/v1/auth/methods/',
  'POST /api/v1/auth/{}/',
  'GET /api/v1/user/profile/',
  'PATCH /api/v1/user/profile/',
  'PUT /api/v1/user/profile/change-password/',
  'POST /api/v1/user/profile/verify_email/',
  'GET /api/v1/user/profile/orders/',
  'GET /api/v1/user/profile/orders/{}/',
  'GET /api/v1/catalog/products/{}/',
  'POST /api/v1/catalog/products/',
  'GET /api/v1/catalog/products/{}/analogues/',
  'POST /api/v1/catalog/recommendations/',
  'GET /api/v1/catalog/products/{}/brands/',
  'GET /api/v1/catalog/products/{}/brands/{}/models/',
  'GET /api/v1/catalog/products/{}/brands/{}/models/{}/years/',
  'GET /api/v1/catalog/products/{}/brands/{}/models/{}/years/{}/transport/',
  'POST /api/v1/catalog/products/{}/installation-price/',
  'GET /api/v1/catalog/categories/',
  'GET /api/v1/catalog/categories/tree/',
  'GET /api/v1/catalog/categories/tree/{}/',
  'GET /api/v1/catalog/{}/filters/',
  'GET /api/v1/catalog/{}/filters/{}/',
  'POST /api/v1/catalog/{}/products/',
  'POST /api/v1/catalog/{}/products/{}/',
  'GET /api/v1/catalog/{}/categories/',
  'GET /api/v1/catalog/{}/categories/{}/',
  'GET /api/v1/catalog/{}/detail/',
  'GET /api/v1/catalog/search/',
  'GET /api/v1/catalog/banners/',
  'GET /api/v1/catalog/manufacturers/{}/',
  'GET /api/v2/transport/years/',
  'GET /api/v2/transport/{}/brands/',
  'GET /api/v2/transport/{}/{}/{}/models/',
  'GET /api/v2/transport/{}/{}/{}/{}/engines/',
  'GET /api/v1/transport/{}/',
  'GET /api/v1/review/{}/',
  'POST /api/v1/review/',
  'GET /api/v1/payment/installment/{}/',
  'GET /api/v1/payment/methods/',
  'GET /api/v1/payment/status/',
  'POST /api/v1/payment/orders/',
  'POST /api/v1/payment/cart/',
  'POST /api/v1/payment/cart/add-item/',
  'POST /api/v1/payment/cart/clear/',
  'PUT /api/v1/payment/cart/update-item/',
  'POST /api/v1/feedback/',
  'GET /api/v1/showcase/',
  'GET /api/v1/pages/menu/',
  'GET /api/v1/pages/{}/',
  'GET /api/v1/branches/',
  'GET /api/v1/branches/regions/',
];

// Calls Podbor adds beyond SPEC §7, each for a storefront need the specification's calls cannot meet.
const PODBOR_CALLS = [
  // sitemap.xml of a 200,000-product catalogue: every product URL, page by page, and the manufacturers.
  'GET /api/v1/catalog/sitemap/products/',
  'GET /api/v1/catalog/sitemap/manufacturers/',
  // Logout revokes the session's refresh tokens at once instead of waiting for them to expire.
  'POST /api/v1/user/logout/',
  // Garage (issue #17): a signed-in customer's vehicles, switched from the header.
  'GET /api/v1/user/garage/',
  'POST /api/v1/user/garage/',
  'PATCH /api/v1/user/garage/{}/',
  'DELETE /api/v1/user/garage/{}/',
  // Back office: staff release the stock held by an unpaid or uncollected order (issue #12).
  'POST /api/admin/v1/orders/{}/release/',
  // Back office (issue #14): staff sign in with an authenticator code, see who they are, admins read the audit log.
  'POST /api/admin/v1/auth/login/',
  'GET /api/admin/v1/me/',
  'GET /api/admin/v1/audit/',
  // Back office (issue #14): the order desk (list with counts, order page, status changes), product search, dashboard.
  'GET /api/admin/v1/orders/',
  'GET /api/admin/v1/orders/{}/',
  'POST /api/admin/v1/orders/{}/status/',
  'GET /api/admin/v1/products/',
  'GET /api/admin/v1/dashboard/',
  // Back office (issue #14): the callback desk, review moderation and customers.
  'GET /api/admin/v1/callbacks/',
  'GET /api/admin/v1/callbacks/summary/',
  'POST /api/admin/v1/callbacks/{}/take/',
  'POST /api/admin/v1/callbacks/{}/note/',
  'POST /api/admin/v1/callbacks/{}/done/',
  'GET /api/admin/v1/reviews/',
  'POST /api/admin/v1/reviews/{}/publish/',
  'POST /api/admin/v1/reviews/{}/hide/',
  'POST /api/admin/v1/reviews/{}/reply/',
  'GET /api/admin/v1/customers/',
  'GET /api/admin/v1/customers/{}/',
  'POST /api/admin/v1/customers/{}/block/',
  'POST /api/admin/v1/customers/{}/unblock/',
  // Back office (issue #14): branches and their place on the map.
  'GET /api/admin/v1/branches/',
  'PATCH /api/admin/v1/branches/{}/',
  // Back office (issue #14): staff edit a product and its stock per warehouse.
  'GET /api/admin/v1/products/{}/',
  'PATCH /api/admin/v1/products/{}/',
  'PUT /api/admin/v1/products/{}/stock/',
  'POST /api/admin/v1/products/{}/images/',
  // ---- back office: categories and manufacturers (issue #14) ----
  'GET /api/admin/v1/categories/',
  'POST /api/admin/v1/categories/',
  'PATCH /api/admin/v1/categories/{}/',
  'POST /api/admin/v1/categories/{}/move/',
  'DELETE /api/admin/v1/categories/{}/',
  'GET /api/admin/v1/manufacturers/',
  'POST /api/admin/v1/manufacturers/',
  'PATCH /api/admin/v1/manufacturers/{}/',
  'POST /api/admin/v1/manufacturers/{}/logo/',
  'DELETE /api/admin/v1/manufacturers/{}/',
  // Back office (issue #14): banners, info pages and the showcase's settings.
  'GET /api/admin/v1/banners/',
  'POST /api/admin/v1/banners/',
  'PUT /api/admin/v1/banners/order/',
  'PATCH /api/admin/v1/banners/{}/',
  'DELETE /api/admin/v1/banners/{}/',
  'POST /api/admin/v1/banners/{}/image/',
  'GET /api/admin/v1/pages/',
  'POST /api/admin/v1/pages/',
  'GET /api/admin/v1/pages/{}/',
  'PATCH /api/admin/v1/pages/{}/',
  'DELETE /api/admin/v1/pages/{}/',
  'GET /api/admin/v1/showcase/',
  'PATCH /api/admin/v1/showcase/',
  // Back office: product properties, fitment, installation prices.
  'GET /api/admin/v1/installation-prices/',
  'GET /api/admin/v1/installation-prices/{}/',
  'PUT /api/admin/v1/installation-prices/{}/',
  // A VIN or FRAME number read into the selector's steps (issue #17).
  'GET /api/v1/transport/decode/',
  // ---- maintenance kits (issue #17) ----
  'GET /api/v1/maintenance/',
  'POST /api/v1/maintenance/cart/',
  // ---- back office: imports (issue #15) ----
  'POST /api/admin/v1/imports/',
  'GET /api/admin/v1/imports/',
  'GET /api/admin/v1/imports/{}/',
  'GET /api/admin/v1/imports/{}/errors/',
  // ---- back office: background jobs (issue #16) ----
  'GET /api/admin/v1/jobs/',
  'POST /api/admin/v1/jobs/{}/retry/',
  // ---- suppliers and price lists (issue #15) ----
  'GET /api/admin/v1/suppliers/',
  'POST /api/admin/v1/suppliers/',
  'PATCH /api/admin/v1/suppliers/{}/',
  'DELETE /api/admin/v1/suppliers/{}/',
  'POST /api/admin/v1/price-lists/preview/',
  'POST /api/admin/v1/suppliers/{}/price-list/',
  'GET /api/admin/v1/imports/{}/unmatched/',
  'GET /api/admin/v1/markup-rules/',
  'POST /api/admin/v1/markup-rules/',
  'PUT /api/admin/v1/markup-rules/{}/',
  'DELETE /api/admin/v1/markup-rules/{}/',
  'GET /api/admin/v1/brand-synonyms/',
  'POST /api/admin/v1/brand-synonyms/',
  'DELETE /api/admin/v1/brand-synonyms/{}/',
  // Older clients read the cart with GET (issue #13): the same answer as POST.
  'GET /api/v1/payment/cart/',
  // The search results page (issue #13): every match as a listing with its own filters; SPEC's search call
  // answers the dropdown's ten.
  'POST /api/v1/catalog/search/products/',
  'POST /api/v1/catalog/search/products/{}/',
  'GET /api/v1/catalog/search/filters/',
  'GET /api/v1/catalog/search/filters/{}/',
  // Issue #13: a customer who backed out of paying pays again, switches to paying at pickup, or cancels.
  'POST /api/v1/payment/orders/{}/pay/',
  'POST /api/v1/payment/orders/{}/cancel/',
  // Issue #13: a guest follows an order by its number and phone.
  'POST /api/v1/payment/orders/lookup/',
  // ---- back office: export (issue #15) ----
  'GET /api/admin/v1/products/export/',
];

const routes = Object.entries(API_ROUTES);
const isInternal = (r: (typeof routes)[number][1]) => 'internal' in r && r.internal === true;

// Internal entries (not the storefront's API): registered from the table, hidden from OpenAPI and the clients.
const INTERNAL_CALLS = [
  'GET /api/health',
  // Issue #16: probes and the metrics scrape.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/metrics',
  'GET /api/v1/payment/sandbox/{paymentId}/',
  'POST /api/v1/payment/sandbox/{paymentId}/',
  'POST /api/v1/payment/webhooks/yookassa/',
  // ---- 1C exchange (CommerceML 2, issue #15) ----
  'GET /api/exchange/1c/',
  'POST /api/exchange/1c/',
  // Issue #15: the Yandex Market feed, served by the storefront as /feeds/yandex.yml.
  'GET /api/v1/feeds/yandex/',
];

describe('API_ROUTES', () => {
  it('lists exactly the calls of SPEC §7 and the listed additions, each once', () => {
    const listed = routes
      .filter(([, r]) => !isInternal(r))
      .map(([, r]) => `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}')}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...SPEC_CALLS, ...PODBOR_CALLS].sort());
  });

  it('lists the internal calls', () => {
    const internal = routes.filter(([, r]) => isInternal(r)).map(([, r]) => `${r.method} ${r.path}`);
    expect(internal.sort()).toEqual([...INTERNAL_CALLS].sort());
  });

  it('declares a params schema whose keys match the path placeholders', () => {
    for (const [name, r] of routes) {
      const names = pathParamNames(r.path);
      const params = 'params' in r ? r.params : undefined;
      if (names.length === 0) {
        expect(params, name).toBeUndefined();
        continue;
      }
      expect(params, name).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((params as z.ZodObject).shape).sort(), name).toEqual([...names].sort());
    }
  });

  it('every path has a trailing slash and every request schema yields a JSON schema', () => {
    for (const [name, r] of routes) {
      // The probes and the metrics scrape keep the addresses probes and Prometheus are configured with.
      if (!r.path.startsWith('/api/health') && r.path !== '/api/metrics')
        expect(r.path.endsWith('/'), name).toBe(true);
      for (const part of ['params', 'query', 'body', 'headers'] as const) {
        const schema = part in r ? (r as Record<string, unknown>)[part] : undefined;
        if (schema)
          expect(
            () =>
              z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'throw', cycles: 'ref' }),
            name,
          ).not.toThrow();
      }
      expect(
        () => z.toJSONSchema(r.response, { io: 'output', unrepresentable: 'throw', cycles: 'ref' }),
        name,
      ).not.toThrow();
    }
  });

  it('builds Fastify and client paths from the templates', () => {
    expect(toFastifyPath(API_ROUTES.fitmentModels.path)).toBe(
      '/api/v1/catalog/products/:productSlug/brands/:brandSlug/models/',
    );
    expect(buildPath(API_ROUTES.transportModels.path, { year: 2018, type: 'cars', brand: 'lada' })).toBe(
      '/api/v2/transport/2018/cars/lada/models/',
    );
    expect(buildPath(API_ROUTES.pageDetail.path, { pageSlug: 'о нас' })).toBe(
      '/api/v1/pages/%D0%BE%20%D0%BD%D0%B0%D1%81/',
    );
    expect(() => buildPath(API_ROUTES.orderDetail.path, {})).toThrow(/orderId/);
  });
});
