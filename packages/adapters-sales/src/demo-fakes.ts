/** Both fakes on fixed loopback ports with fixed credentials: what `pnpm fakes` and the README's walk-through use. */
import { startEtsyFake } from './etsy/fake/index.js';
import { startGumroadFake } from './gumroad/fake/index.js';

export const DEMO_FAKES = {
  etsyPort: 18010,
  gumroadPort: 18020,
  etsyApiKey: 'demo-keystring',
  etsySharedSecret: 'demo-shared-secret',
  gumroadToken: 'demo-gumroad-token-0123456789',
} as const;

export async function startDemoFakes() {
  const etsy = await startEtsyFake({ port: DEMO_FAKES.etsyPort, apiKey: DEMO_FAKES.etsyApiKey, sharedSecret: DEMO_FAKES.etsySharedSecret, shopName: 'DemoKitchen' });
  const gumroad = await startGumroadFake({ port: DEMO_FAKES.gumroadPort, accessToken: DEMO_FAKES.gumroadToken }).catch(async (error: unknown) => {
    await etsy.close();
    throw error;
  });
  return {
    etsy,
    gumroad,
    /** The service's variables that aim it at these fakes. */
    env: { ETSY_API_URL: etsy.url, ETSY_OAUTH_URL: etsy.oauthUrl, ETSY_API_KEY: etsy.apiKey, ETSY_SHARED_SECRET: etsy.sharedSecret, GUMROAD_API_URL: gumroad.url },
    close: () => Promise.all([etsy.close(), gumroad.close()]).then(() => undefined),
  };
}
