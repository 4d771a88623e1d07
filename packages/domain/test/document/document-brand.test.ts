/** The creator's brand in a document's model, and in what a reader meets elsewhere (cover subtitle, listing text). */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { okAsync } from 'neverthrow';
import {
  buildProductDocument,
  coverIdentity,
  coverRequestOf,
  coverSubtitle,
  documentVersionKey,
  listingContent,
  prepareProductDocument,
  PERSONAL_USE_TERMS,
  type DocumentBrand,
  type DocumentOptions,
} from '../../src/index.js';
import { InMemoryProductRepository, InMemoryRecipeRepository, productFixture, profileFixture, recipeFixture } from '../../src/testing/index.js';

const PDF_A4: DocumentOptions = { format: 'pdf', page_size: 'a4', units: 'original' };
const BRAND: DocumentBrand = { name: 'Maple & Thyme Kitchen', website_url: 'https://mapleandthyme.example', color: '#2f6b4f' };

describe('a document by a creator', () => {
  it('says "by …" on its title page, has a copyright page (year of first publication, website, personal use), names its author, and a branded cover', () => {
    const recipe = recipeFixture();
    const product = productFixture({ recipe_ids: [recipe.id], published_at: new Date('2025-12-31T23:00:00.000Z'), updated_at: new Date('2026-02-01T00:00:00.000Z') });
    const document = buildProductDocument({ product, recipes: [recipe], sourceProduct: null, shoppingList: [], options: PDF_A4, brand: BRAND });
    assert.equal(document.title_page.byline, 'by Maple & Thyme Kitchen');
    assert.deepEqual(document.copyright, { notice: '© 2025 Maple & Thyme Kitchen', website_url: 'https://mapleandthyme.example', terms: PERSONAL_USE_TERMS });
    assert.match(PERSONAL_USE_TERMS, /personal use/);
    assert.equal(document.author, 'Maple & Thyme Kitchen');
    assert.deepEqual(document.generated_cover?.brand, { name: 'Maple & Thyme Kitchen', color: '#2f6b4f' });
    const unpublished = buildProductDocument({ product: { ...product, published_at: null }, recipes: [recipe], sourceProduct: null, shoppingList: [], options: PDF_A4, brand: { ...BRAND, website_url: null } });
    assert.deepEqual(unpublished.copyright, { notice: '© 2026 Maple & Thyme Kitchen', website_url: null, terms: PERSONAL_USE_TERMS });
  });

  it('gets a new validator when the brand changes (a file rendered for the old one is not served for the new)', () => {
    const recipe = recipeFixture();
    const product = productFixture({ recipe_ids: [recipe.id] });
    const key = (brand: DocumentBrand | null) => documentVersionKey({ product, recipes: [recipe], sourceProduct: null, options: PDF_A4, brand });
    const keys = new Set([key(null), key(BRAND), key({ ...BRAND, name: 'Maple & Thyme' }), key({ ...BRAND, website_url: 'https://maple.example' }), key({ ...BRAND, color: '#000000' })]);
    assert.equal(keys.size, 5);
  });

  it('is branded as its publisher, else as the user asking for it', async () => {
    const recipes = new InMemoryRecipeRepository();
    const products = new InMemoryProductRepository();
    const recipe = recipeFixture();
    await recipes.insert(recipe);
    const published = productFixture({ recipe_ids: [recipe.id], published_by: 'user-publisher' });
    const draft = productFixture({ recipe_ids: [recipe.id], published_by: null });
    await products.insert(published);
    await products.insert(draft);
    const profiles = { ofUser: (userId: string | null) => okAsync(userId === null ? null : profileFixture({ user_id: userId, display_name: `Name of ${userId}` })) };
    const prepare = prepareProductDocument({ products, recipes, profiles });
    assert.equal((await prepare({ id: published.id, format: 'pdf', requester: 'user-reader' }))._unsafeUnwrap().document.author, 'Name of user-publisher');
    assert.equal((await prepare({ id: draft.id, format: 'pdf', requester: 'user-reader' }))._unsafeUnwrap().document.author, 'Name of user-reader');
    assert.equal((await prepare({ id: draft.id, format: 'pdf' }))._unsafeUnwrap().document.author, null, 'the CLI, asking as no one');
  });
});

describe('what a reader meets of a product', () => {
  it('a free sample is a "Free sample", never a "lead magnet", on its cover and in its listing', () => {
    const magnet = productFixture({ type: 'lead_magnet', title: 'Soups — Free Sample', description: null, recipe_ids: ['a', 'b', 'c'] });
    assert.equal(coverSubtitle(magnet), 'Free sample · 3 recipes');
    assert.equal(coverSubtitle(productFixture({ type: 'ebook', recipe_ids: ['a'] })), 'An ebook · 1 recipe');
    const text = listingContent(magnet).description;
    assert.doesNotMatch(text, /lead magnet/i);
    assert.match(text, /a free sample of 3 recipes/);
  });

  it('a listing ends with the creator’s website', () => {
    const product = productFixture({ description: 'Thirty soups for the cold months.' });
    const creator = profileFixture();
    const description = listingContent(product, creator).description;
    assert.ok(description.endsWith('https://mapleandthyme.example'), description);
    assert.match(description, /More from Maple & Thyme Kitchen: https:\/\/mapleandthyme\.example$/);
    assert.equal(listingContent(product, { ...creator, website_url: null }).description, listingContent(product).description, 'no website: nothing added');
  });

  it('a generated cover carries the brand in its identity; an unbranded one keeps the identity it had', () => {
    const product = productFixture({ title: 'Soups' });
    const plain = coverRequestOf(product, []);
    // The digest as it was computed before brands existed: the stored covers of unbranded products stay theirs.
    const before = createHash('sha256').update(JSON.stringify(['cover-design-2', 'Soups', plain.subtitle, 'ebook', []])).digest('hex');
    assert.equal(coverIdentity(plain), before);
    assert.notEqual(coverIdentity(coverRequestOf(product, [], { name: 'A', color: '#2f6b4f' })), coverIdentity(plain));
    assert.notEqual(coverIdentity(coverRequestOf(product, [], { name: 'A', color: '#2f6b4f' })), coverIdentity(coverRequestOf(product, [], { name: 'A', color: '#123456' })));
  });
});
