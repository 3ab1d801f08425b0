import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analoguesQuery,
  analoguesResponse,
  bannersQuery,
  bannersResponse,
  catalogProductsBody,
  catalogProductsQuery,
  catalogProductsResponse,
  categoriesResponse,
  categoryChildrenResponse,
  categoryDetailResponse,
  categorySlugParams,
  categoryTransportParams,
  categoryTreeResponse,
  DEFAULT_CATALOG_SORT,
  DEFAULT_SORT_ORDER,
  fitmentBrandParams,
  fitmentBrandsResponse,
  fitmentModelParams,
  fitmentModelsResponse,
  fitmentTransportResponse,
  fitmentYearParams,
  fitmentYearsResponse,
  filtersResponse,
  installationPriceRequest,
  installationPriceResponse,
  manufacturerParams,
  manufacturerResponse,
  productDetailQuery,
  productDetailResponse,
  productsBySlugsRequest,
  productsBySlugsResponse,
  productSlugParams,
  recommendationsRequest,
  recommendationsResponse,
  searchQuery,
  searchResponse,
  sitemapManufacturersResponse,
  sitemapProductsQuery,
  sitemapProductsResponse,
  transportIdParams,
  type CatalogProductsResponse,
  type FiltersResponse,
  type SearchResponse,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/http-error';
import { transportDirectory } from '../transport/transport.directory';
import { findBanners, findManufacturer, sitemapManufacturers, sitemapProductPage } from './catalog.repository';
import { categoryOr404, detailContext, transportOr400, transportOr404 } from './catalog.service';
import { categoryDirectory, CATEGORY_TTL_MS, toNode, type Category } from './category.directory';
import { cityDirectory, pickCity } from './city.directory';
import { filterDirectory } from './filter.directory';
import { formatMoney, installationDirectory, installationPrice } from './installation.directory';
import { categoryFilters, filterConditions, listProducts } from './listing.service';
import {
  analogues,
  findProduct,
  fitmentBrands,
  fitmentModels,
  fitmentTransport,
  fittedTransports,
  fitmentYears,
  productDetails,
  recommendations,
} from './product.service';
import {
  EMPTY_SEARCH,
  isSearchable,
  searchCategories,
  searchProducts,
  searchTransports,
} from './search.service';
import { TtlCache } from '../../lib/ttl-cache';

/** How long a listing page may be served from memory. */
export const LISTING_TTL_MS = 30_000;

const catalogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = app.db;
  const categories = categoryDirectory(db);
  // Facet counts are the same for every visitor of a category × vehicle: kept a minute, like the tree.
  const facets = new TtlCache<string, FiltersResponse>(CATEGORY_TTL_MS, 20_000);
  const searches = new TtlCache<string, SearchResponse>(CATEGORY_TTL_MS, 10_000);
  // Listing pages are the same for every visitor of a category × vehicle × filters × order × page. A page may
  // show a price or "in stock" up to 30 s old (the cart and the order always read live data); bounded, so a
  // crawler walking every filter combination evicts old pages instead of growing the heap.
  const pages = new TtlCache<string, CatalogProductsResponse>(LISTING_TTL_MS, 5_000);
  const tags = ['catalog'];

  // ---- categories ----

  const tree = async (transportId: number | null, depth: number, of?: Category) => {
    const [t, found] = await Promise.all([categories.tree(), categories.found(transportId)]);
    const list = of ? of.children : t.roots;
    return list.map((c) => toNode(t, found, c, { depth }));
  };

  app.get(
    '/catalog/categories/',
    { schema: { tags, summary: 'Категории верхнего уровня', response: { 200: categoriesResponse } } },
    () => tree(null, 0),
  );

  app.get(
    '/catalog/categories/tree/',
    { schema: { tags, summary: 'Дерево категорий', response: { 200: categoryTreeResponse } } },
    () => tree(null, Infinity),
  );

  app.get(
    '/catalog/categories/tree/:transportId/',
    {
      schema: {
        tags,
        summary: 'Дерево категорий; found — товары, подходящие транспорту (вместе с универсальными)',
        params: transportIdParams,
        response: { 200: categoryTreeResponse },
      },
    },
    async (request) => tree(await transportOr404(db, request.params.transportId), Infinity),
  );

  app.get(
    '/catalog/:categorySlug/categories/',
    {
      schema: {
        tags,
        summary: 'Подкатегории',
        params: categorySlugParams,
        response: { 200: categoryChildrenResponse },
      },
    },
    async (request) => tree(null, 0, categoryOr404(await categories.tree(), request.params.categorySlug)),
  );

  app.get(
    '/catalog/:categorySlug/categories/:transportId/',
    {
      schema: {
        tags,
        summary: 'Подкатегории для транспорта',
        params: categoryTransportParams,
        response: { 200: categoryChildrenResponse },
      },
    },
    async (request) => {
      const category = categoryOr404(await categories.tree(), request.params.categorySlug);
      return tree(await transportOr404(db, request.params.transportId), 0, category);
    },
  );

  app.get(
    '/catalog/:categorySlug/detail/',
    {
      schema: {
        tags,
        summary: 'Категория: описание, SEO, хлебные крошки',
        params: categorySlugParams,
        response: { 200: categoryDetailResponse },
      },
    },
    async (request) => {
      const t = await categories.tree();
      const c = categoryOr404(t, request.params.categorySlug);
      const node = toNode(t, t.directTotal, c, { depth: 0 });
      const parent = c.ancestors.at(-2);
      return {
        title: c.title,
        slug: c.slug,
        description: c.description,
        image: c.image,
        seo_title: c.seoTitle || c.title,
        seo_description: c.seoDescription,
        breadcrumbs: c.ancestors.map((a) => ({ title: a.title, slug: a.slug })),
        parent: parent ? { title: parent.title, slug: parent.slug } : null,
        path: c.path,
        found: node.found,
        total: node.total,
        category_found: node.category_found,
        category_total: node.category_total,
      };
    },
  );

  // ---- filters ----

  const filters = async (slug: string, transportId: number | null) => {
    const category = categoryOr404(await categories.tree(), slug);
    const dir = await filterDirectory(db).get();
    return facets.get(`${category.id}:${transportId ?? 0}`, () =>
      categoryFilters(db, dir, { category, transportId }),
    );
  };

  app.get(
    '/catalog/:categorySlug/filters/',
    {
      schema: {
        tags,
        summary: 'Фильтры категории с числом товаров по значениям и диапазоном цен',
        params: categorySlugParams,
        response: { 200: filtersResponse },
      },
    },
    (request) => filters(request.params.categorySlug, null),
  );

  app.get(
    '/catalog/:categorySlug/filters/:transportId/',
    {
      schema: {
        tags,
        summary: 'Фильтры категории для транспорта',
        params: categoryTransportParams,
        response: { 200: filtersResponse },
      },
    },
    async (request) =>
      filters(request.params.categorySlug, await transportOr404(db, request.params.transportId)),
  );

  // ---- listing ----

  const listing = async (
    slug: string,
    transportId: number | null,
    query: {
      page: number;
      size: number;
      sort?: 'popular' | 'price' | 'rating' | 'new' | undefined;
      order?: 'asc' | 'desc' | undefined;
    },
    body: {
      page?: number | undefined;
      sort?: 'popular' | 'price' | 'rating' | 'new' | undefined;
      order?: 'asc' | 'desc' | undefined;
      filter?: Record<string, (string | number)[]> | undefined;
    },
  ) => {
    const t = await categories.tree();
    const category = categoryOr404(t, slug);
    const filter = body.filter ?? {};
    const conditions = filterConditions(await filterDirectory(db).get(), category, filter);
    const params = {
      page: body.page ?? query.page,
      size: query.size,
      sort: body.sort ?? query.sort ?? DEFAULT_CATALOG_SORT,
      order: body.order ?? query.order ?? DEFAULT_SORT_ORDER,
    };
    const selected = Object.entries(filter)
      .filter(([, values]) => values.length > 0)
      .map(([key, values]) => [key, values.map(String)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const key = JSON.stringify([category.id, transportId, params, selected]);
    return pages.get(key, () => listProducts(db, t, { category, transportId, conditions, ...params }));
  };
  const listingDoc =
    'Товары категории и всех её подкатегорий. Тело {page, sort, order, filter}; ключи, которых нет в теле, берутся из query. ' +
    'filter: slug фильтра → массив значений (CHECKBOX/RADIO) или [min, max] (RANGE, в т.ч. price).';

  app.post(
    '/catalog/:categorySlug/products/',
    {
      schema: {
        tags,
        summary: 'Товары категории',
        description: listingDoc,
        params: categorySlugParams,
        querystring: catalogProductsQuery,
        body: catalogProductsBody,
        response: { 200: catalogProductsResponse },
      },
    },
    (request) => listing(request.params.categorySlug, null, request.query, request.body),
  );

  app.post(
    '/catalog/:categorySlug/products/:transportId/',
    {
      schema: {
        tags,
        summary: 'Товары категории, подходящие транспорту (и универсальные)',
        description: listingDoc,
        params: categoryTransportParams,
        querystring: catalogProductsQuery,
        body: catalogProductsBody,
        response: { 200: catalogProductsResponse },
      },
    },
    async (request) =>
      listing(
        request.params.categorySlug,
        await transportOr404(db, request.params.transportId),
        request.query,
        request.body,
      ),
  );

  // ---- products ----

  app.get(
    '/catalog/products/:productSlug/',
    {
      schema: {
        tags,
        summary: 'Товар',
        description:
          'Склады и остатки — для города из заголовка X-City (slug; иначе город по умолчанию). ' +
          'is_linked_transport — для транспорта из query `transport` (или `transport_id`); без него false.',
        params: productSlugParams,
        querystring: productDetailQuery,
        response: { 200: productDetailResponse },
      },
    },
    async (request) => {
      const transportId = request.query.transport ?? request.query.transport_id ?? null;
      const ctx = await detailContext(db, request, transportId);
      const [detail] = await productDetails(db, ctx, [request.params.productSlug]);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post(
    '/catalog/products/',
    {
      schema: {
        tags,
        summary: 'Товары по списку slug (в том же порядке; неизвестные пропускаются)',
        querystring: productDetailQuery,
        body: productsBySlugsRequest,
        response: { 200: productsBySlugsResponse },
      },
    },
    async (request) => {
      const ctx = await detailContext(
        db,
        request,
        request.query.transport ?? request.query.transport_id ?? null,
      );
      return productDetails(db, ctx, request.body);
    },
  );

  app.get(
    '/catalog/products/:productSlug/analogues/',
    {
      schema: {
        tags,
        summary: 'Аналоги товара',
        params: productSlugParams,
        querystring: analoguesQuery,
        response: { 200: analoguesResponse },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.params.productSlug);
      return analogues(db, await categories.tree(), product.id, request.query.page, request.query.size);
    },
  );

  app.post(
    '/catalog/recommendations/',
    {
      schema: {
        tags,
        summary: 'Рекомендуемые товары',
        body: recommendationsRequest,
        response: { 200: recommendationsResponse },
      },
    },
    async (request) => {
      const { product: slug, category: categorySlug, transport } = request.body;
      const [t, dir] = await Promise.all([categories.tree(), transportDirectory(db).get()]);
      const transportId = transportOr400(dir, transport);
      const product = await findProduct(db, slug);
      const category =
        (categorySlug ? t.bySlug.get(categorySlug) : undefined) ?? t.byId.get(product.categoryId);
      if (!category) return [];
      return recommendations(db, t, product, category, transportId);
    },
  );

  app.post(
    '/catalog/products/:productSlug/installation-price/',
    {
      schema: {
        tags,
        summary: 'Цена установки: категория × город × тип транспорта (с запасными строками)',
        params: productSlugParams,
        body: installationPriceRequest,
        response: { 200: installationPriceResponse },
      },
    },
    async (request) => {
      const { category: categorySlug, city: citySlug, transport } = request.body;
      const [t, dir, cities, table] = await Promise.all([
        categories.tree(),
        transportDirectory(db).get(),
        cityDirectory(db).get(),
        installationDirectory(db).get(),
      ]);
      const transportId = transportOr400(dir, transport);
      const product = await findProduct(db, request.params.productSlug);
      let category = t.byId.get(product.categoryId);
      if (categorySlug) {
        category = t.bySlug.get(categorySlug);
        if (!category) throw badRequest({ category: ['Категория не найдена.'] });
      }
      if (!product.withInstallation || !category) return { price: null };
      const city = pickCity(cities, request, citySlug);
      const typeId = transportId === null ? null : (dir.byId.get(transportId)?.type.id ?? null);
      const price = installationPrice(table, category, city?.id ?? null, typeId);
      return { price: price === null ? null : formatMoney(price) };
    },
  );

  // ---- fitment drill-down ----

  const fitted = async (slug: string) => {
    const dir = await transportDirectory(db).get();
    const product = await findProduct(db, slug);
    return { dir, list: await fittedTransports(db, dir, product) };
  };
  const knownBrand = (dir: Awaited<ReturnType<typeof fitted>>['dir'], brand: string, model?: string) => {
    if (!dir.list.some((t) => t.brand.slug === brand && (model === undefined || t.model.slug === model)))
      throw notFound();
  };

  app.get(
    '/catalog/products/:productSlug/brands/',
    {
      schema: {
        tags,
        summary: 'Марки, которым подходит товар',
        params: productSlugParams,
        response: { 200: fitmentBrandsResponse },
      },
    },
    async (request) => fitmentBrands((await fitted(request.params.productSlug)).list),
  );

  app.get(
    '/catalog/products/:productSlug/brands/:brandSlug/models/',
    {
      schema: {
        tags,
        summary: 'Модели марки, которым подходит товар',
        params: fitmentBrandParams,
        response: { 200: fitmentModelsResponse },
      },
    },
    async (request) => {
      const { dir, list } = await fitted(request.params.productSlug);
      knownBrand(dir, request.params.brandSlug);
      return fitmentModels(list, request.params.brandSlug);
    },
  );

  app.get(
    '/catalog/products/:productSlug/brands/:brandSlug/models/:modelSlug/years/',
    {
      schema: {
        tags,
        summary: 'Годы выпуска модели, которым подходит товар',
        params: fitmentModelParams,
        response: { 200: fitmentYearsResponse },
      },
    },
    async (request) => {
      const { productSlug, brandSlug, modelSlug } = request.params;
      const { dir, list } = await fitted(productSlug);
      knownBrand(dir, brandSlug, modelSlug);
      return fitmentYears(list, brandSlug, modelSlug);
    },
  );

  app.get(
    '/catalog/products/:productSlug/brands/:brandSlug/models/:modelSlug/years/:yearSlug/transport/',
    {
      schema: {
        tags,
        summary: 'Транспорт (двигатели) этого года, которому подходит товар',
        params: fitmentYearParams,
        response: { 200: fitmentTransportResponse },
      },
    },
    async (request) => {
      const { productSlug, brandSlug, modelSlug, yearSlug } = request.params;
      if (!/^\d{4}$/.test(yearSlug)) throw notFound();
      const { dir, list } = await fitted(productSlug);
      knownBrand(dir, brandSlug, modelSlug);
      return fitmentTransport(list, brandSlug, modelSlug, Number(yearSlug));
    },
  );

  // ---- search, banners, manufacturers ----

  app.get(
    '/catalog/search/',
    {
      schema: {
        tags,
        summary: 'Поиск: транспорт, категории, товары (морфология, опечатка, артикул в любом написании)',
        description: 'Запрос короче 3 символов даёт пустой ответ, а не ошибку.',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => {
      const query = request.query.query;
      if (!isSearchable(query)) return EMPTY_SEARCH;
      // An unknown vehicle id is ignored (the answer is the one without a vehicle), never an error.
      const wanted = request.query.transport ?? request.query.transport_id ?? null;
      const transportId =
        wanted !== null && (await transportDirectory(db).get()).byId.has(wanted) ? wanted : null;
      // Answers are the same for everyone with the same vehicle: a popular query ('масло', 'колодки') is
      // computed once a minute.
      const key = `${transportId ?? ''}|${query.toLowerCase().replace(/\s+/g, ' ')}`;
      return searches.get(key, () => runSearch(query, transportId));
    },
  );

  async function runSearch(query: string, transportId: number | null): Promise<SearchResponse> {
    const [t, dir] = await Promise.all([categories.tree(), transportDirectory(db).get()]);
    return {
      transport: searchTransports(dir, query),
      categories: searchCategories(t, query),
      products: await searchProducts(db, t, query, transportId),
    };
  }

  app.get(
    '/catalog/banners/',
    {
      schema: {
        tags,
        summary: 'Баннеры главной или категории',
        querystring: bannersQuery,
        response: { 200: bannersResponse },
      },
    },
    async (request) => {
      const slug = request.query.category;
      const category = slug ? categoryOr404(await categories.tree(), slug) : null;
      const showcase = await deps.showcases.forRequest(request);
      return findBanners(db, showcase.id, category);
    },
  );

  app.get(
    '/catalog/manufacturers/:slug/',
    {
      schema: {
        tags,
        summary: 'Производитель',
        params: manufacturerParams,
        response: { 200: manufacturerResponse },
      },
    },
    async (request) => {
      const found = await findManufacturer(db, request.params.slug);
      if (!found) throw notFound();
      return found;
    },
  );

  // ---- sitemap listings: every active product's URL parts, page by page, and the manufacturers ----

  app.get(
    '/catalog/sitemap/products/',
    {
      schema: {
        tags,
        summary: 'Товары для sitemap.xml',
        description: 'Активные товары в порядке id: slug и каноническая цепочка категорий. size по умолчанию 10 000.',
        querystring: sitemapProductsQuery,
        response: { 200: sitemapProductsResponse },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const [t, { total, items }] = await Promise.all([categories.tree(), sitemapProductPage(db, page, size)]);
      return {
        current: page,
        pages: Math.max(1, Math.ceil(total / size)),
        total,
        results: items.map((item) => ({ slug: item.slug, categories: t.byId.get(item.category_id)?.path ?? [] })),
      };
    },
  );

  app.get(
    '/catalog/sitemap/manufacturers/',
    { schema: { tags, summary: 'Производители для sitemap.xml', response: { 200: sitemapManufacturersResponse } } },
    () => sitemapManufacturers(db),
  );
};

export default catalogRoutes;
