/** The fake's user and shop: `getMe` (the token's owner and their shop) and `getShop`. */
import type { FastifyInstance } from 'fastify';
import { guarded, refuse, type FakeContext } from './fake-context.js';
import { shopOf } from './fake-state.js';

export function installShopRoutes(app: FastifyInstance, context: FakeContext): void {
  const { state } = context;
  app.get(
    '/v3/application/users/me',
    guarded(context, 'shops_r', async (_request, reply) => reply.send({ user_id: state.shop.userId, shop_id: state.shop.shopId })),
  );
  app.get(
    '/v3/application/shops/:shop_id',
    guarded(context, null, async (request, reply) => {
      const shopId = Number((request.params as Record<string, string>)['shop_id']);
      return shopId === state.shop.shopId ? reply.send(shopOf(state)) : refuse(reply, 404, `Shop with shop_id ${shopId} not found.`);
    }),
  );
}
