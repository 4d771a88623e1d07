/**
 * `pnpm fakes`: both platform fakes on fixed loopback ports with fixed demo credentials, for the README's
 * walk-through: start the service with the variables this prints, connect, publish, and watch listings go live; then
 * make a sale by hand with the fakes' `/__fake/sales` routes. Runs until stopped (Ctrl-C).
 */
import { startDemoFakes } from './fakes.js';

const { etsy, gumroad } = await startDemoFakes();
process.stdout.write(
  [
    `Etsy fake on ${etsy.url} (shop ${etsy.shopName}, ${etsy.currency}); Gumroad fake on ${gumroad.url}.`,
    'Start the service with:',
    `  ETSY_API_URL=${etsy.url} ETSY_OAUTH_URL=${etsy.oauthUrl} ETSY_API_KEY=${etsy.apiKey} ETSY_SHARED_SECRET=${etsy.sharedSecret} GUMROAD_API_URL=${gumroad.url} pnpm start`,
    `Gumroad access token: ${gumroad.accessToken}`,
    'Make a sale by hand (fake-only control routes, loopback callers only; see docs/platform-*.md, "Sales"):',
    `  curl -X POST ${gumroad.url}/__fake/sales --data-urlencode product_id=<published product id>   (refund: ${gumroad.url}/__fake/refunds --data-urlencode sale_id=<id>)`,
    `  curl -X POST ${etsy.url}/__fake/sales -d listing_id=<active listing id>             (refund: ${etsy.url}/__fake/refunds -d receipt_id=<id> -d amount_cents=<n>)`,
    '',
  ].join('\n'),
);
const stop = async () => {
  await Promise.all([etsy.close(), gumroad.close()]);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
