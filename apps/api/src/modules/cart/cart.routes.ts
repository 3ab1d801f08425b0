import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/owner';
import { route } from '../../lib/route';
import { cartContext, changeCart, clearCart, readCart } from './cart.service';

// API-SHAPES §10: the same URLs for a signed-in user (bearer) and an anonymous visitor (raw token). Every call
// answers with the whole cart, priced for the city (`city` in the body, else X-City, else the default city)
// and the vehicle (`transport` in the body, else the one remembered with the cart).
// Status codes: 401 without a token; 400 for bad input, an unknown product, installation that is not offered
// or more than 999; 409 when a quantity would grow beyond the stock of the city or beyond what one order may
// take of it (lib/order-limits: the cart holds nothing that could not be ordered).

const cartRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  route(app, 'cart', async (request) => {
    const owner = await requireOwner(app, request);
    const ctx = await cartContext(app.db, request, owner, request.body);
    return readCart(app.db, owner, ctx);
  });

  route(app, 'cartGet', async (request) => {
    const owner = await requireOwner(app, request);
    const ctx = await cartContext(app.db, request, owner, request.query, { remember: false });
    return readCart(app.db, owner, ctx);
  });

  route(app, 'cartAddItem', async (request) => {
    const owner = await requireOwner(app, request);
    const ctx = await cartContext(app.db, request, owner, request.body);
    const { product, quantity, with_installation, supplier_id } = request.body;
    await changeCart(app.db, owner, ctx, app.config, 'add', [
      { product, quantity, withInstallation: with_installation, supplierId: supplier_id },
    ]);
    return readCart(app.db, owner, ctx);
  });

  route(app, 'cartUpdateItem', async (request) => {
    const owner = await requireOwner(app, request);
    const ctx = await cartContext(app.db, request, owner, request.body);
    await changeCart(
      app.db,
      owner,
      ctx,
      app.config,
      'set',
      request.body.items.map((i) => ({
        product: i.product,
        quantity: i.quantity,
        withInstallation: i.with_installation,
        isChecked: i.is_checked,
        supplierId: i.supplier_id,
      })),
    );
    return readCart(app.db, owner, ctx);
  });

  route(app, 'cartClear', async (request) => {
    const owner = await requireOwner(app, request);
    await clearCart(app.db, owner);
    const ctx = await cartContext(app.db, request, owner, request.body);
    return readCart(app.db, owner, ctx);
  });
};

export default cartRoutes;
