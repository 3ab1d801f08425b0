import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartAddItemRequest,
  cartClearRequest,
  cartRequest,
  cartResponse,
  cartUpdateItemRequest,
  errorBody,
} from '@podbor/contract';
import type { AppDeps } from '../../deps';
import { requireOwner } from './cart.owner';
import { pricingContext, type PricingContext } from './cart.pricing';
import { changeCart, clearCart, findCart, readCart, saveTransport, type CartOwner } from './cart.service';

// API-SHAPES §10: the same URLs for a signed-in user (bearer) and an anonymous visitor (raw token). Every call
// answers with the whole cart, priced for the city (`city` in the body, else X-City, else the default city)
// and the vehicle (`transport` in the body, else the one remembered with the cart).
// Status codes: 401 without a token; 400 for bad input, an unknown product, installation that is not offered
// or more than 999; 409 when a quantity would grow beyond the stock of the city.

/** A POST without a body reaches validation as null; for these calls that means "no context sent". */
const bodyOrNothing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema);

const cartRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app) => {
  const tags = ['cart'];
  const security: { [label: string]: string[] }[] = [{ bearer: [] }, { visitor: [] }];
  const errors = { 400: errorBody, 401: errorBody, 409: errorBody };

  async function context(
    request: FastifyRequest,
    owner: CartOwner,
    body: { transport?: number | null; city?: string | null } | undefined,
  ): Promise<PricingContext> {
    const cart = await findCart(app.db, owner);
    const sent = body?.transport;
    const ctx = await pricingContext(app.db, {
      request,
      citySlug: body?.city,
      transportId: sent === undefined ? (cart?.transportId ?? null) : sent,
    });
    if (sent !== undefined && ctx.transportId !== (cart?.transportId ?? null)) {
      await saveTransport(app.db, owner, ctx.transportId);
    }
    return ctx;
  }

  app.post(
    '/payment/cart/',
    {
      schema: {
        tags,
        summary: 'Корзина для города и автомобиля',
        security,
        body: bodyOrNothing(cartRequest.optional()),
        response: { 200: cartResponse, ...errors },
      },
    },
    async (request) => {
      const owner = await requireOwner(app, request);
      const ctx = await context(request, owner, request.body);
      return readCart(app.db, owner, ctx);
    },
  );

  app.post(
    '/payment/cart/add-item/',
    {
      schema: {
        tags,
        summary: 'Добавить товар в корзину (количество прибавляется к уже лежащему)',
        security,
        body: cartAddItemRequest,
        response: { 200: cartResponse, ...errors },
      },
    },
    async (request) => {
      const owner = await requireOwner(app, request);
      const ctx = await context(request, owner, request.body);
      const { product, quantity, with_installation } = request.body;
      await changeCart(app.db, owner, ctx, 'add', [
        { product, quantity, withInstallation: with_installation },
      ]);
      return readCart(app.db, owner, ctx);
    },
  );

  app.put(
    '/payment/cart/update-item/',
    {
      schema: {
        tags,
        summary: 'Задать количество, установку и отметку строк (0 удаляет строку)',
        security,
        body: cartUpdateItemRequest,
        response: { 200: cartResponse, ...errors },
      },
    },
    async (request) => {
      const owner = await requireOwner(app, request);
      const ctx = await context(request, owner, request.body);
      await changeCart(
        app.db,
        owner,
        ctx,
        'set',
        request.body.items.map((i) => ({
          product: i.product,
          quantity: i.quantity,
          withInstallation: i.with_installation,
          isChecked: i.is_checked,
        })),
      );
      return readCart(app.db, owner, ctx);
    },
  );

  app.post(
    '/payment/cart/clear/',
    {
      schema: {
        tags,
        summary: 'Очистить корзину',
        security,
        body: bodyOrNothing(cartClearRequest),
        response: { 200: cartResponse, ...errors },
      },
    },
    async (request) => {
      const owner = await requireOwner(app, request);
      await clearCart(app.db, owner);
      const ctx = await context(request, owner, request.body);
      return readCart(app.db, owner, ctx);
    },
  );
};

export default cartRoutes;
