/**
 * What `pages` accepts and yields, checked by the compiler (`pnpm typecheck` fails on a wrong line here): the list
 * paths of the API and no other, each with the item type of its `data`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { components, ListItem, ListPath } from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Schemas = components['schemas'];

type ListsOfTheApi =
  | '/api/recipes'
  | '/api/products'
  | '/api/sales'
  | '/api/webhooks'
  | '/api/webhooks/{id}/deliveries'
  | '/api/products/{id}/subscribers';

describe('list types', () => {
  // `GET /api/api-keys` answers every key at once (`{ data }`, no pagination): not a list to page through.
  it('are the API’s paginated lists, each with its item type', () => {
    const exact: Equal<ListPath, ListsOfTheApi> = true;
    const items: [
      Equal<ListItem<'/api/recipes'>, Schemas['Recipe']>,
      Equal<ListItem<'/api/products'>, Schemas['Product']>,
      Equal<ListItem<'/api/sales'>, Schemas['Sale']>,
      Equal<ListItem<'/api/webhooks/{id}/deliveries'>, Schemas['WebhookDelivery']>,
    ] = [true, true, true, true];
    assert.equal(exact, true);
    assert.ok(items.every(Boolean));
  });
});
