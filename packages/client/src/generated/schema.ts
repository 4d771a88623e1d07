/**
 * Generated from the Larder API's OpenAPI document (/openapi.json) by openapi-typescript: do not edit.
 * Regenerate with `pnpm --filter @larder/client run generate`; test/generated-types.test.ts fails while this file
 * differs from what the service's document gives.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database is reachable */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The studio, the creators’ web app (or a redirect to the API reference)
         * @description The studio’s page, which loads its scripts from `/assets/` and works through this API. Any other `GET` that accepts `text/html` and matches no route of the service (a client-side route such as `/recipes/{id}`) answers the same page; unknown paths under `/api`, `/l/`, `/public/`, `/media/`, `/hooks/`, `/docs`, `/assets/`, `/openapi.json`, `/healthz` and `/readyz` stay 404 problems. When the studio is not built, a 302 to `/docs`.
         */
        get: operations["getStudio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a photo or cover rendition
         * @description No authentication: the addresses come from `photo` and `cover` objects and cannot be guessed. Cached as immutable for a year.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public page of a free sample (lead magnet)
         * @description HTML, for people: the creator’s name and logo (linking to their website), the title, what it is ("Free sample · 3 recipes"), the cover, the description, the titles of the recipes inside, a form (e-mail address, a consent checkbox, a hidden field people leave empty) that posts back to this address, and a footer with the privacy policy, the website and the social pages. Its head has the social preview (`og:title`, `og:description`, `og:image` at 1200 × 630, `og:url`, `twitter:card=summary_large_image`) and the logo as its icon. Works without JavaScript. Rendered once per version of the product and the creator’s profile and served from memory, with a strong `ETag` (304 on `If-None-Match`) and `Cache-Control: public, max-age=60`: a change shows within the minute. Not limited per client address. 404 when no published lead magnet has this slug (an HTML page when the client accepts HTML).
         */
        get: operations["getLeadMagnetPage"];
        put?: never;
        /**
         * Ask for a lead magnet (the page’s form)
         * @description The form of `GET /l/{slug}`, `application/x-www-form-urlencoded`: `email`, `consent` (any value: ticked), `website` (the hidden field; filled in, the request is answered as usual and nothing is done). 202 with the same page whether or not the address was known. A bad address or no consent: 422 with the form again, saying what to fix (a problem for a client that does not accept HTML). The address then gets a confirmation e-mail, at most 3 e-mails a day whatever is asked.
         */
        post: operations["submitLeadMagnetForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{slug}/cover.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cover shown on a free sample’s page
         * @description The lead magnet’s cover as a JPEG: the uploaded one, else its generated cover (the picture the API’s `cover` and the platforms show). From memory, `ETag` and `Cache-Control: public, max-age=60`, not limited per address. 404 when there is no such page, or no cover.
         */
        get: operations["getLeadMagnetCover"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{slug}/share.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The social preview picture of a free sample’s page
         * @description The page’s `og:image`: its cover fitted whole into 1200 × 630 (the size link previews use), on the creator’s brand colour, else on the cover itself blurred. A JPEG, from memory, `ETag` and `Cache-Control: public, max-age=60`, not limited per address. 404 when there is no such page, or no cover.
         */
        get: operations["getLeadMagnetSharePicture"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/lead-magnets/{slug}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a lead magnet (JSON)
         * @description What the page’s form does, for scripts: `{ "email", "consent": true }`. 202 with the same body whether or not the address was known, confirmed or unsubscribed (no enumeration); the address then gets a confirmation e-mail (a confirmed one: a new download link), at most 3 e-mails a day. 422 `rule_violation` for an address mail cannot be sent to or a missing consent; 400 for a body of the wrong shape; 404 for a slug no published lead magnet has.
         */
        post: operations["subscribeToLeadMagnet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/confirm/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm a subscription (the confirmation e-mail’s link)
         * @description Confirms the address (once: the link is single-use and valid 7 days), raises `subscriber.confirmed`, sends the download e-mail, and shows a page with the download links. A used or outdated link is 410 `link_expired`; an unknown one 404. `HEAD` confirms nothing (200, no body).
         */
        get: operations["confirmSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a lead magnet (the download e-mail’s link)
         * @description The PDF (or the EPUB with `format=epub`), as an attachment. The link works as often as wanted for 7 days from the e-mail that carried it, then 410 `link_expired`; each download counts (`downloads` of the subscriber). 404 for an unknown link, or a lead magnet no longer published.
         */
        get: operations["downloadLeadMagnet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/unsubscribe/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The unsubscribe page (the e-mails’ link)
         * @description A page with one button that unsubscribes (a POST to the same address). Opening the link changes nothing, so that a mail program or scanner that opens links cannot unsubscribe anyone; mail programs use the one-click POST (RFC 8058).
         */
        get: operations["getUnsubscribePage"];
        put?: never;
        /**
         * Unsubscribe (one click, RFC 8058)
         * @description The target of `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and of the unsubscribe page’s button. Any body of any content type (RFC 8058’s `List-Unsubscribe=One-Click` as a form or as `multipart/form-data`, its own example; or none) is accepted and not read: the link itself says who. No more e-mails go to the address; unsubscribing twice is the same. 200 with a page; 404 for an unknown link. Download links already sent keep working for their 7 days.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/{platform}/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a sale notice from a platform
         * @description Called by the platform (Gumroad pings), not by API users: a form-encoded body (`application/x-www-form-urlencoded`) naming a `sale_id`. Nothing in it is trusted: the sale is looked up through the platform’s API before it counts, and a notice the platform does not confirm counts nothing. 200 once the notice is queued; 404 for an address no connection has; 503 when it cannot be queued (the platform sends it again).
         */
        post: operations["receiveSaleNotice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in
         * @description An unknown e-mail and a wrong password get the same answer in comparable time. Limited per e-mail and per client address.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description The browser session of the `larder_session` cookie (a bearer token is not a session). Using the session renews it, at most once an hour.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in to a browser session
         * @description For the studio and other pages of this service: the session token is set as the cookie `larder_session` (`HttpOnly; SameSite=Strict; Path=/`, and `Secure` when `PUBLIC_URL` is https; 7 days) and never appears in a body, so no script can read it. A request from a browser page of another origin (its `Origin` header) is refused; one without `Origin` (curl) is not. The same answers and the same limits (per e-mail and per client address, shared) as `POST /api/auth/login`.
         */
        post: operations["signIn"];
        /**
         * Sign out of the browser session
         * @description Ends the session on the server: its cookie stops working everywhere, a copy of it included (on every instance within a second). Clears the cookie, also when there was no session to end. Like every change made with the cookie, it must come from the service’s own origin.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{platform}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish connecting a platform (the consent page redirects here)
         * @description Needs no bearer token: the one-time `state` authenticates it. Exchanges the code, looks up the account (Etsy: the shop and its currency) and answers a short HTML page; when the service serves the studio, a 303 to the studio's connections screen instead (`/selling?connected={platform}&account={account name}`). A way back that connects nothing (the creator refused on the consent page, a bad, expired or reused state, the platform refusing the code, the platform unreachable) is answered by what the request asks for: a script (`Accept` naming JSON, or `*\/*`, or none) gets the problem, 400 `oauth_failed` (503 `unavailable` when the platform cannot be reached); a browser (`Accept` preferring `text/html`, as a page navigation does) is sent back to the studio's connections screen with the reason, a 303 to `/selling?failed={platform}&reason=denied|expired|refused|unreachable` (`denied`: the creator did not allow access; `expired`: the state is unknown, expired or used; `refused`: the platform refused the request or its code), or, the studio not served, a short HTML page with the same status as the problem.
         */
        get: operations["finishPlatformConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recipes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search recipes
         * @description Filters combine with AND. Archived recipes appear only with `status=archived`. Ties are broken by id, so pages never overlap.
         *
         *     `q` forgives one typo: every query word must match a word of the title, description, ingredient names or notes as a prefix (case- and accent-insensitive), and a query word of five letters or more may instead be one edit away from a whole word (a letter added, dropped or changed, or two neighbouring letters swapped: `chikpea`, `risoto`, `jalapneo` find chickpea, risotto, jalapeño); shorter words stay exact prefixes. Fuzzy matches are always part of the results and of `total`. Without `sort` (relevance) exact matches come first (title matches, then others), then fuzzy ones (title, then others), each by engagement_score desc; with `sort` the whole result is in that order. The `Search-Fuzzy` and `Search-Fuzzy-Matches` headers say whether and how many results are fuzzy matches.
         */
        get: operations["listRecipes"];
        put?: never;
        /** Create a recipe */
        post: operations["createRecipe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recipes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a recipe, scaled and in the units asked for
         * @description With `servings=N`: quantities multiplied by N / base servings, `text` re-rendered (a count agrees with its noun: `1 onion`, `3 onions`), `scaling` added. With `units=metric|us`: weights and volumes converted after scaling, each converted line keeping the recipe's own text as `original_text`; the response says `units`. Archived recipes can be read, scaled and converted.
         */
        get: operations["getRecipe"];
        put?: never;
        post?: never;
        /**
         * Archive a recipe
         * @description Sets `status` archived and `archived_at`. Repeating it is a no-op 200. Products that contain the recipe keep it.
         */
        delete: operations["archiveRecipe"];
        options?: never;
        head?: never;
        /**
         * Change a recipe
         * @description `status: active|draft` on an archived recipe restores it. A change that changes nothing keeps the version.
         */
        patch: operations["updateRecipe"];
        trace?: never;
    };
    "/api/recipes/parse-ingredients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read ingredient lines as a recipe would store them
         * @description Nothing is stored. The answer holds the ingredients a recipe given these `ingredients` would have: a heading line (`For the dressing:`) gives its `section` to the lines after it and is not an item itself. A line the API would refuse is a 400 `validation_failed` whose `errors` point at it (`/ingredients/3`). API keys need `recipes:read`.
         */
        post: operations["parseIngredients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your password
         * @description Checks `current_password`, then keeps `new_password` (its slow salted hash) and ends every browser session of the user: other browsers are signed out (within a second on every instance). Made with a browser session, the answer sets a new `larder_session` cookie, so this browser stays signed in. Bearer tokens already issued stay valid until their own expiry (at most 7 days); API keys are not affected, and cannot call this (403).
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products */
        get: operations["listProducts"];
        put?: never;
        /** Create an ebook, meal plan or recipe card pack */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/shopping-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shopping list of a product
         * @description The ingredients of the product's recipes added up. A meal plan counts each meal, its recipe scaled to the meal's `servings` (absent: the recipe's base servings); other types count each recipe once at its base servings. Archived recipes the product keeps count like the others. Merge rules: two lines are one item when they name the same ingredient (case, accents, singular/plural and notes aside: `2 onions, diced` and `1 onion` are `3 onions`) and measure the same thing: weight with weight, volume with volume (converted), the same count unit with itself (`cloves`), plain counts with plain counts. Weight and volume of one ingredient stay two items. Amounts are added and rendered in the most readable unit of the `units` asked for (`6 teaspoons` → `2 tablespoons`, `1200 g` → `1.2 kg`; with `original`, the system most of the lines use, metric on a tie). A range anywhere makes the item a range. Lines without an amount (`salt to taste`) join the item of that ingredient, or make one item without an amount. Items are ordered by aisle (in the order of the `aisle` enum), then by name.
         */
        get: operations["getShoppingList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a product */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a product
         * @description An archived product accepts only `status: draft` (restore) until restored; changing content and archiving at once is a 409.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/api/products/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a product to sales platforms
         * @description Sets `status` published, `sales`, and `published_at` (first publication only). Publishing again replaces the sales settings. Answers at once: each platform's listing is made in the background (see `listings`: `pending`, then `live` or `failed`), with the publishing user's connection to that platform; a platform without a connection is `not_connected`. Platforms dropped from `platforms` are taken down.
         */
        post: operations["publishProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/listings/{platform}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed listing
         * @description Queues a `failed` (or `not_connected`) listing again, with the connection of the user who published it (or yours, when it never had one). Any other state is a 409.
         */
        post: operations["retryListing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/lead-magnet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a free lead magnet from an ebook or recipe card pack
         * @description A new `lead_magnet` draft with the source’s email-ready, non-archived recipes in the source’s order, up to `max_recipes` (default 5). The body is optional. An archived source is a 409.
         */
        post: operations["createLeadMagnet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your platform connections
         * @description One item per configured platform (`SALES_PLATFORMS`), connected or not. Credentials never appear.
         */
        get: operations["listConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Connect a platform with an access token (Gumroad)
         * @description The token is checked against the platform before it is kept (422 `connection_failed` when the platform refuses it; 503 when it cannot be reached). It replaces an earlier connection. A platform connected through its consent page (Etsy) answers 422: use POST .../authorize.
         */
        put: operations["connectPlatform"];
        post?: never;
        /**
         * Disconnect a platform
         * @description Forgets the credentials. Listings already live stay on the platform; new work for them fails as `not_connected` until you connect again.
         */
        delete: operations["disconnectPlatform"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connections/{platform}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting a platform through its consent page (Etsy)
         * @description Answers the platform's consent page address (OAuth 2.0 authorization code with PKCE S256). Its `state` is bound to you, valid 10 minutes and usable once; the platform sends the creator back to GET /api/connections/{platform}/callback.
         */
        post: operations["authorizePlatform"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your sales
         * @description Sales on your connected platforms: Gumroad through its sale notices (each confirmed through its API before it counts), Etsy through its receipts, polled. The same sale reported twice is one sale; a refund changes `refunded_cents`. A sale whose listing is not one of ours is kept with `product_id` null. With `Accept: text/csv`: every sale the filters keep (`page` and `per_page` do not apply), newest first, as CSV with a header row (id, product_id, platform, remote_id, amount_cents, currency, refunded_cents, sold_at; amounts in the currency's minor unit), as an attachment.
         */
        get: operations["listSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your revenue, per product, platform or day, per currency
         * @description One row per group and currency: sales, gross, refunded and net amounts in the currency’s minor unit. Currencies are never added together. `product_id` and `platform` keep only those sales, as they do for GET /api/sales.
         */
        get: operations["getRevenueReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your API keys
         * @description Newest first, without the keys themselves. Needs a login token: API keys never manage keys (403 `forbidden`).
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Answers the key itself (`lk_...`), here and never again; the service keeps only its SHA-256 digest. Scopes: `recipes:read`, `recipes:write`, `products:read`, `products:write`, `sales:read`, `webhooks:write` (read scopes allow GET, write scopes the changes; `webhooks:write` covers reading webhooks too). Each key has its own rate limit count. At most 50 keys per user (422 `rule_violation`). Needs a login token: API keys never manage keys (403 `forbidden`).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description It stops working at once. 200 with the key as it was. Needs a login token: API keys never manage keys (403 `forbidden`).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your profile and brand
         * @description Made on its first read, named after your e-mail's local part. Needs a login token: API keys cannot read or change the profile (403 `forbidden`).
         */
        get: operations["getProfile"];
        /**
         * Set your profile and brand
         * @description Replaces every field (one left out is cleared; the logo stays). Shown from then on on your lead magnets’ pages (within a minute where a CDN keeps them), in documents rendered afterwards (their `ETag` changes), on generated covers, in e-mails and in listings updated afterwards. A field that breaks its rule is a 400 `validation_failed` naming it. Needs a login token: API keys cannot read or change the profile (403 `forbidden`).
         */
        put: operations["replaceProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or replace your logo
         * @description The body is the image itself, sent with `Content-Type: image/jpeg`, `image/png`, `image/webp` or `image/avif`; the bytes decide, not the header. Anything that is not one of those four formats (SVG, HTML, GIF, HEIC, a file that is two things at once, a truncated image) is a 415 `unsupported_media_type`; over 20 MiB or over 50 megapixels, a 413 `payload_too_large`. Metadata (EXIF with GPS, XMP, IPTC, ICC) is stripped, the EXIF orientation applied, colours converted to sRGB; JPEG renditions of transparent images are flattened onto white. Replacing or removing a photo changes the version; the replaced renditions are deleted from storage. A logo with transparency keeps it in its WebP renditions (the ones your pages show). Needs a login token: API keys cannot read or change the profile (403 `forbidden`).
         */
        put: operations["setProfileLogo"];
        post?: never;
        /**
         * Remove your logo
         * @description Its renditions are deleted from storage. Removing a logo you do not have changes nothing (same version). Needs a login token: API keys cannot read or change the profile (403 `forbidden`).
         */
        delete: operations["deleteProfileLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your webhook endpoints */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Answers the endpoint with its signing `secret`, shown only here (and by rotate-secret). Each event you subscribed to is POSTed as `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature`, at least once; a non-2xx answer or none within 15 s is retried with backoff (5 s doubling to 1 h) for up to 3 days. At most 20 endpoints per user (422 `rule_violation`).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook endpoint */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its deliveries go with it; those not made yet are never made.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Any of `url`, `events`, `description`, `enabled`. Enabling a disabled endpoint clears `failing_since` and `disabled_reason`; deliveries given up while it was disabled are not resent (retry them one by one).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Makes a new secret, shown only in this response. The previous one stays valid for 24 hours: meanwhile every delivery carries one signature per valid secret (`webhook-signature: v1,<new> v1,<old>`), so that a receiver verifying with either accepts it. Honours If-Match.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a webhook endpoint's deliveries */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Queues the delivery now, whatever its status: the same body and `webhook-id`, a new timestamp and signature. It counts as a new run of retries (up to 3 days). A disabled endpoint answers 409: enable it first.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recipes/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a recipe from a web page
         * @description Fetches the page at `url` and makes a recipe of its schema.org `Recipe` (JSON-LD first, including `@graph`, arrays and nested `HowToSection`/`HowToStep`; microdata otherwise), mapped as the CLI’s JSON-LD import maps it (see docs/import-formats.md). `source_url` is `url` as given: importing the same URL again updates that recipe (200) instead of making another (201). The page’s main image goes through the photo pipeline (JPEG, PNG, WebP or AVIF, up to 20 MiB); an image that fails does not fail the import and is named in `import_warnings`. The page is fetched with a 10 s limit for the whole exchange, up to 5 MiB, HTML only, at most 5 redirects; no hop may reach a loopback, private, link-local or metadata address (checked after DNS resolution) unless the service runs with `OUTBOUND_ALLOW_PRIVATE=true`.
         */
        post: operations["importRecipe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recipes/{id}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or replace a recipe’s photo
         * @description The body is the image itself, sent with `Content-Type: image/jpeg`, `image/png`, `image/webp` or `image/avif`; the bytes decide, not the header. Anything that is not one of those four formats (SVG, HTML, GIF, HEIC, a file that is two things at once, a truncated image) is a 415 `unsupported_media_type`; over 20 MiB or over 50 megapixels, a 413 `payload_too_large`. Metadata (EXIF with GPS, XMP, IPTC, ICC) is stripped, the EXIF orientation applied, colours converted to sRGB; JPEG renditions of transparent images are flattened onto white. Replacing or removing a photo changes the version; the replaced renditions are deleted from storage.
         */
        put: operations["setRecipePhoto"];
        post?: never;
        /**
         * Remove a recipe’s photo
         * @description Its renditions are deleted from storage. Removing the photo of a recipe without one changes nothing (same version).
         */
        delete: operations["deleteRecipePhoto"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/cover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or replace a product’s cover
         * @description The body is the image itself, sent with `Content-Type: image/jpeg`, `image/png`, `image/webp` or `image/avif`; the bytes decide, not the header. Anything that is not one of those four formats (SVG, HTML, GIF, HEIC, a file that is two things at once, a truncated image) is a 415 `unsupported_media_type`; over 20 MiB or over 50 megapixels, a 413 `payload_too_large`. Metadata (EXIF with GPS, XMP, IPTC, ICC) is stripped, the EXIF orientation applied, colours converted to sRGB; JPEG renditions of transparent images are flattened onto white. Replacing or removing a photo changes the version; the replaced renditions are deleted from storage.
         */
        put: operations["setProductCover"];
        post?: never;
        /**
         * Remove a product’s cover
         * @description Its renditions are deleted from storage, and the product shows its generated cover again. Removing the cover of a product without an uploaded one changes nothing (same version).
         */
        delete: operations["deleteProductCover"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/document.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a product as PDF
         * @description Ebooks and lead magnets: title page (a lead magnet names its source), contents with page numbers, one chapter per recipe in the product’s order. Meal plans: title page, the day-by-day table with servings, the shopping list by aisle with a tick box per item, then the recipes. Archived recipes the product kept are included; `image_url` is never fetched. Recipe card packs: one card per page (6 × 4 in by default); a recipe that does not fit continues on the next page of its card, marked “continued”. Fonts are embedded (DejaVu). Each version of a document is rendered once, off the request thread, and kept in the file store; later requests are served from there. When the renderers are all busy and their queue is full the answer is a 503 with `Retry-After`. `If-None-Match` with the current ETag gives a 304 without reading or rendering anything.
         */
        get: operations["downloadProductPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/document.epub": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a product as EPUB 3
         * @description Ebooks and lead magnets: title page (a lead magnet names its source), contents with page numbers, one chapter per recipe in the product’s order. Meal plans: title page, the day-by-day table with servings, the shopping list by aisle with a tick box per item, then the recipes. Archived recipes the product kept are included; `image_url` is never fetched. The contents are the book’s navigation document. Recipe card packs are printed cards and have no EPUB (422). Each version of a document is rendered once, off the request thread, and kept in the file store; later requests are served from there. When the renderers are all busy and their queue is full the answer is a 503 with `Retry-After`. `If-None-Match` with the current ETag gives a 304 without reading or rendering anything.
         */
        get: operations["downloadProductEpub"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a lead magnet’s subscribers (JSON or CSV)
         * @description Everyone who asked for the lead magnet on its page, newest first, with their status, consent and download count. With `Accept: text/csv`: every subscriber (the `status` filter applies, `page` and `per_page` do not) as CSV with a header row (id, email, status, consent_at, consent_text, confirmed_at, unsubscribed_at, downloads, last_download_at, created_at), as an attachment; a field a spreadsheet would read as a formula starts with `'`. A product that is not a lead magnet has none; an unknown product is a 404.
         */
        get: operations["listSubscribers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscribers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Erase a subscriber
         * @description Removes the subscriber for good: address, consent and links. E-mails still queued for them are dropped, and their links stop working (404). Answers 200 with the subscriber as it was, the last time it is shown; a second DELETE is a 404.
         */
        delete: operations["eraseSubscriber"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details. */
        Problem: {
            /** @description A URN naming the problem type: `urn:larder:problem:<code>`. */
            type: string;
            title: string;
            status: number;
            /** @description What went wrong, for people. */
            detail: string;
            /**
             * @description Stable, for programs.
             * @enum {string}
             */
            code: "validation_failed" | "invalid_json" | "malformed_request" | "request_timeout" | "headers_too_large" | "unauthorized" | "invalid_credentials" | "forbidden" | "not_found" | "invalid_state" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "not_eligible" | "unknown_recipe" | "recipe_archived" | "not_scalable" | "rule_violation" | "link_expired" | "connection_failed" | "no_recipe_found" | "fetch_failed" | "oauth_failed" | "rate_limited" | "internal" | "unavailable";
            /** @description Validation problems only: one entry per invalid field. */
            errors?: {
                /** @enum {string} */
                in: "body" | "query" | "path" | "header";
                /** @description RFC 6901 JSON pointer into the body, or `/name` of the parameter. */
                pointer: string;
                message: string;
            }[];
        };
        Recipe: {
            id: string;
            title: string;
            description: string | null;
            ingredients: {
                /** @description The amount, or the low end of a range. */
                quantity: number | null;
                /** @description The high end of a range (`2-3 cloves`), else null. */
                quantity_max: number | null;
                /** @description Canonical singular unit (`cup`, `tablespoon`, `g`), null for counts. */
                unit: string | null;
                name: string;
                note: string | null;
                /** @description Kitchen-friendly rendering: `1 ½ cups flour, sifted`. */
                text: string;
                /** @description The group of the list the line belongs to (`For the dressing`), or null. Not part of `text`; the shopping list ignores it. */
                section: string | null;
            }[];
            instructions: string[];
            notes: string | null;
            servings: number | null;
            prep_time_minutes: number | null;
            cook_time_minutes: number | null;
            /** @description Lower-case. */
            dietary_tags: string[];
            cuisine: string | null;
            meal_type: string | null;
            season: string | null;
            collection_id: string | null;
            /** @enum {string} */
            status: "active" | "draft" | "archived";
            email_ready: boolean;
            engagement_score: number;
            image_url: string | null;
            source_url: string | null;
            external_id: string | null;
            /** @description The recipe’s photo (`PUT /api/recipes/{id}/photo`), or null when it has none. */
            photo: {
                /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                url: string;
                width: number;
                height: number;
                /** @description Widths 320, 800, 1600 (those narrower than the image) and the image itself capped at 3000, each in WebP and JPEG; narrowest first. */
                variants: {
                    /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                    url: string;
                    width: number;
                    height: number;
                    /** @enum {string} */
                    format: "webp" | "jpeg";
                }[];
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            archived_at: string | null;
            /** @description Grows by one on every change; the ETag. */
            version: number;
        };
        ScaledRecipe: {
            id: string;
            title: string;
            description: string | null;
            ingredients: {
                /** @description The amount, or the low end of a range. */
                quantity: number | null;
                /** @description The high end of a range (`2-3 cloves`), else null. */
                quantity_max: number | null;
                /** @description Canonical singular unit (`cup`, `tablespoon`, `g`), null for counts. */
                unit: string | null;
                name: string;
                note: string | null;
                /** @description Kitchen-friendly rendering: `1 ½ cups flour, sifted`. */
                text: string;
                /** @description The group of the list the line belongs to (`For the dressing`), or null. Not part of `text`; the shopping list ignores it. */
                section: string | null;
                /** @description Present only when `units` converted this line: the recipe's own `text`. */
                original_text?: string;
            }[];
            instructions: string[];
            notes: string | null;
            servings: number | null;
            prep_time_minutes: number | null;
            cook_time_minutes: number | null;
            /** @description Lower-case. */
            dietary_tags: string[];
            cuisine: string | null;
            meal_type: string | null;
            season: string | null;
            collection_id: string | null;
            /** @enum {string} */
            status: "active" | "draft" | "archived";
            email_ready: boolean;
            engagement_score: number;
            image_url: string | null;
            source_url: string | null;
            external_id: string | null;
            /** @description The recipe’s photo (`PUT /api/recipes/{id}/photo`), or null when it has none. */
            photo: {
                /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                url: string;
                width: number;
                height: number;
                /** @description Widths 320, 800, 1600 (those narrower than the image) and the image itself capped at 3000, each in WebP and JPEG; narrowest first. */
                variants: {
                    /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                    url: string;
                    width: number;
                    height: number;
                    /** @enum {string} */
                    format: "webp" | "jpeg";
                }[];
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            archived_at: string | null;
            /** @description Grows by one on every change; the ETag. */
            version: number;
            /**
             * @description Present only with `?units=`: the units the ingredients are given in.
             * @enum {string}
             */
            units?: "original" | "metric" | "us";
            /** @description Present only with `?servings=N`. */
            scaling?: {
                base_servings: number;
                servings: number;
                factor: number;
            };
        };
        ImportedRecipe: {
            id: string;
            title: string;
            description: string | null;
            ingredients: {
                /** @description The amount, or the low end of a range. */
                quantity: number | null;
                /** @description The high end of a range (`2-3 cloves`), else null. */
                quantity_max: number | null;
                /** @description Canonical singular unit (`cup`, `tablespoon`, `g`), null for counts. */
                unit: string | null;
                name: string;
                note: string | null;
                /** @description Kitchen-friendly rendering: `1 ½ cups flour, sifted`. */
                text: string;
                /** @description The group of the list the line belongs to (`For the dressing`), or null. Not part of `text`; the shopping list ignores it. */
                section: string | null;
            }[];
            instructions: string[];
            notes: string | null;
            servings: number | null;
            prep_time_minutes: number | null;
            cook_time_minutes: number | null;
            /** @description Lower-case. */
            dietary_tags: string[];
            cuisine: string | null;
            meal_type: string | null;
            season: string | null;
            collection_id: string | null;
            /** @enum {string} */
            status: "active" | "draft" | "archived";
            email_ready: boolean;
            engagement_score: number;
            image_url: string | null;
            source_url: string | null;
            external_id: string | null;
            /** @description The recipe’s photo (`PUT /api/recipes/{id}/photo`), or null when it has none. */
            photo: {
                /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                url: string;
                width: number;
                height: number;
                /** @description Widths 320, 800, 1600 (those narrower than the image) and the image itself capped at 3000, each in WebP and JPEG; narrowest first. */
                variants: {
                    /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                    url: string;
                    width: number;
                    height: number;
                    /** @enum {string} */
                    format: "webp" | "jpeg";
                }[];
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            archived_at: string | null;
            /** @description Grows by one on every change; the ETag. */
            version: number;
            /** @description What the import left out, one sentence each: values the mapping could not carry (a duration in months, an unknown diet), and the page’s image when it could not be fetched or is not a usable photo (the recipe is then saved without a photo, or keeps the one it had). Empty when nothing was left out. */
            import_warnings: string[];
        };
        Product: {
            id: string;
            /**
             * @description Immutable.
             * @enum {string}
             */
            type: "ebook" | "meal_plan" | "recipe_card_pack" | "lead_magnet";
            /** @enum {string} */
            status: "draft" | "published" | "archived";
            title: string;
            description: string | null;
            /** @description In order; for a meal plan, derived from `days` (distinct, in order of first use). */
            recipe_ids: string[];
            /** @description Meal plans only; null for every other type. */
            days: {
                day: number;
                meals: {
                    meal_type: string;
                    recipe_id: string;
                    /** @description The recipe cooked for this many servings at this meal (1..1000); the shopping list counts it so. Absent: the recipe's base servings. */
                    servings?: number;
                }[];
            }[] | null;
            sales: {
                platforms: string[];
                price_cents: number;
                /** @description ISO 4217, upper-case. */
                currency: string;
            } | null;
            /** @description Lead magnets: the ebook or recipe card pack they were generated from. */
            source_product_id: string | null;
            /**
             * Format: date-time
             * @description The first publication.
             * @example 2026-11-22T01:24:33.000Z
             */
            published_at: string | null;
            /** @description Lead magnets: the address of the public page, `/l/{slug}` (title words and 8 random hexadecimal digits), given at the first publication and kept afterwards; the page is up while the lead magnet is published. Null for every other type, and for a lead magnet never published. */
            slug: string | null;
            /** @description The uploaded cover, else the generated one (see `generated`). Null only while a generated cover is being drawn for a list (a list never waits for a drawing: read the product to get it), or when it could not be drawn. */
            cover: {
                /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                url: string;
                width: number;
                height: number;
                /** @description Widths 320, 800, 1600 (those narrower than the image) and the image itself capped at 3000, each in WebP and JPEG; narrowest first. */
                variants: {
                    /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                    url: string;
                    width: number;
                    height: number;
                    /** @enum {string} */
                    format: "webp" | "jpeg";
                }[];
                /** @description False for a cover the creator uploaded (`PUT /api/products/{id}/cover`). True for the one drawn for a product without an upload: its title, its kind and, where its recipes have photos, up to four of them (from its first twelve recipes, in order), 3000 × 2250 px (4:3, sRGB JPEG): the picture its listings and its documents' first page show too. It is drawn once, stored, and drawn anew when its title, its recipe count or those photos change (a new `url`). */
                generated: boolean;
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            /** @description Grows by one on every change; the ETag. */
            version: number;
            /** @description One per platform of `sales.platforms`, once published: where the product stands on each store. Listings change in the background without changing `version`. */
            listings: {
                platform: string;
                /**
                 * @description `pending`: work queued or under way; `live`: for sale at `url`; `failed`: given up after 8 attempts or 24 hours, or refused (see `error`; retry with POST .../listings/{platform}/retry); `not_connected`: no connection to the platform when it was published; `unlisted`: taken down after unpublish or archive.
                 * @enum {string}
                 */
                state: "pending" | "live" | "failed" | "not_connected" | "unlisted";
                /** @description The platform's id of the listing, once it exists. */
                remote_id: string | null;
                /** @description Where buyers find it. */
                url: string | null;
                /** @description Why the listing failed or is not connected. */
                error: {
                    /** @enum {string} */
                    code: "currency_mismatch" | "platform_rejected" | "rate_limited" | "unavailable" | "not_connected";
                    message: string;
                } | null;
                /** @description Attempts made for the latest change. */
                attempts: number;
                /**
                 * Format: date-time
                 * @example 2026-11-22T01:24:33.000Z
                 */
                updated_at: string;
            }[];
        };
        /** @description The ingredients of the product's recipes added up. A meal plan counts each meal, its recipe scaled to the meal's `servings` (absent: the recipe's base servings); other types count each recipe once at its base servings. Archived recipes the product keeps count like the others. Merge rules: two lines are one item when they name the same ingredient (case, accents, singular/plural and notes aside: `2 onions, diced` and `1 onion` are `3 onions`) and measure the same thing: weight with weight, volume with volume (converted), the same count unit with itself (`cloves`), plain counts with plain counts. Weight and volume of one ingredient stay two items. Amounts are added and rendered in the most readable unit of the `units` asked for (`6 teaspoons` → `2 tablespoons`, `1200 g` → `1.2 kg`; with `original`, the system most of the lines use, metric on a tie). A range anywhere makes the item a range. Lines without an amount (`salt to taste`) join the item of that ingredient, or make one item without an amount. Items are ordered by aisle (in the order of the `aisle` enum), then by name. */
        ShoppingList: {
            product_id: string;
            /** @enum {string} */
            units: "original" | "metric" | "us";
            items: {
                /** @description The ingredient as the lines name it most often; a count agrees with its noun (`onions`). */
                name: string;
                /** @description The total (the low end of a range), in `unit`; null when no line gave an amount. */
                quantity: number | null;
                /** @description The high end when any merged line was a range, else null. */
                quantity_max: number | null;
                /** @description Canonical unit (`tablespoon`, `kg`, `clove`), null for counts. */
                unit: string | null;
                /** @description As a cook writes it: `2 tablespoons olive oil`, `1.2 kg potatoes`, `3 onions`, `salt`. */
                text: string;
                /**
                 * @description From the keyword table of the domain; `other` when no keyword matches.
                 * @enum {string}
                 */
                aisle: "produce" | "meat_seafood" | "dairy_eggs" | "bakery" | "pantry" | "spices" | "frozen" | "drinks" | "other";
                /** @description The recipes the merged lines came from, each once. */
                recipe_ids: string[];
                /** @description The ingredient texts merged into the item (scaled to the meal), one per counted line. */
                lines: string[];
            }[];
        };
        Connection: {
            platform: string;
            /**
             * @description `needs_reconnect`: the platform no longer accepts the stored credentials; connect again.
             * @enum {string}
             */
            status: "connected" | "not_connected" | "needs_reconnect";
            /** @description The Etsy shop or Gumroad account. */
            account_name: string | null;
            /** @description The only currency the account sells in (ISO 4217; an Etsy shop sells in its own): publishing in another fails that listing with `currency_mismatch`. Null when it sells in any, or is not connected. */
            currency: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            connected_at: string | null;
        };
        Sale: {
            /** @description `<platform>:<remote_id>`: the same sale reported twice is one sale. */
            id: string;
            /** @description Our product, found through its listing; null when the sale matches no listing of ours (kept and reported all the same). */
            product_id: string | null;
            /** @example gumroad */
            platform: string;
            /** @description The platform's id of the sale (Gumroad sale id, Etsy transaction id). */
            remote_id: string;
            /** @description What the buyer paid for this line, in the currency’s minor unit. */
            amount_cents: number;
            /** @example USD */
            currency: string;
            /** @description Refunded so far: 0, part of `amount_cents`, or all of it. */
            refunded_cents: number;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            sold_at: string;
        };
        ApiKey: {
            id: string;
            name: string;
            scopes: ("recipes:read" | "recipes:write" | "products:read" | "products:write" | "sales:read" | "webhooks:write")[];
            /** @description The key’s first characters, to tell keys apart (`lk_3fQ9`). */
            prefix: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Null: it does not expire.
             * @example 2026-11-22T01:24:33.000Z
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description When it was last used, to the minute; null before its first use.
             * @example 2026-11-22T01:24:33.000Z
             */
            last_used_at: string | null;
        };
        WebhookEndpoint: {
            id: string;
            /** @description Where deliveries are POSTed: an https URL whose host resolves to public addresses only. Plain http, and any host that resolves to a loopback, private, link-local, unique-local, metadata, multicast or otherwise non-public address (in any spelling: `2130706433`, `[::ffff:127.0.0.1]`), is a 400 `validation_failed` at `/url`, unless the service runs with `OUTBOUND_ALLOW_PRIVATE=true`, which allows private addresses over http or https. No credentials in the URL. Checked again at every delivery, against the address actually connected to. */
            url: string;
            /** @description The events to receive, at least one: `product.published`, `product.unpublished`, `listing.live`, `listing.failed`, `sale.created`, `sale.refunded`, `subscriber.confirmed`. Every endpoint also receives `webhook.disabled` when another endpoint of yours is disabled after failing for 3 days. */
            events: ("product.published" | "product.unpublished" | "listing.live" | "listing.failed" | "sale.created" | "sale.refunded" | "subscriber.confirmed")[];
            description: string | null;
            /** @description Deliveries are made only to enabled endpoints. Enabling again (PATCH `enabled: true`) clears `failing_since` and `disabled_reason`. */
            enabled: boolean;
            /** @description Why the service disabled the endpoint (every delivery failing for 3 days); null when enabled or disabled by you. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description When the deliveries failing since the last success began to fail; null while they succeed.
             * @example 2026-11-22T01:24:33.000Z
             */
            failing_since: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            version: number;
        };
        WebhookDelivery: {
            id: string;
            endpoint_id: string;
            /** @description The `webhook-id` header of every attempt. */
            event_id: string;
            event_type: string;
            /** @description The exact JSON body POSTed: `{ type, timestamp, data }`. */
            payload: string;
            /**
             * @description `pending`: waiting for its next attempt; `succeeded`: a 2xx answer; `failed`: given up (3 days of failures, or the endpoint was disabled or deleted).
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            /** @description Null when no answer came (refused, timed out, connection failed). */
            last_status_code: number | null;
            last_duration_ms: number | null;
            last_error: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            last_attempt_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /** @description The last 10 attempts, newest first. */
            attempt_log: {
                /**
                 * Format: date-time
                 * @example 2026-11-22T01:24:33.000Z
                 */
                at: string;
                status_code: number | null;
                duration_ms: number;
                error: string | null;
            }[];
        };
        Subscriber: {
            id: string;
            /** @description The lead magnet. */
            product_id: string;
            /** @description As the reader typed it (the domain in lower case). */
            email: string;
            /**
             * @description `pending` until the confirmation link is followed, `confirmed`, or `unsubscribed`.
             * @enum {string}
             */
            status: "pending" | "confirmed" | "unsubscribed";
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            consent_at: string;
            /** @description The words the reader agreed to (the text beside the page’s checkbox). */
            consent_text: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            confirmed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            unsubscribed_at: string | null;
            /** @description Files downloaded through their links (PDF and EPUB alike). */
            downloads: number;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            last_download_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
        };
        /** @description Where a page stands in its list. The `Link` header names the `next` page while there is one. */
        Pagination: {
            /** @example 1 */
            page: number;
            /** @example 20 */
            per_page: number;
            /**
             * @description Items matching the filters, on every page.
             * @example 42
             */
            total: number;
            /**
             * @description Zero when nothing matches.
             * @example 3
             */
            total_pages: number;
        };
        /** @description Your name and brand, as readers meet them on your pages, documents, covers, e-mails and listings. */
        Profile: {
            /** @description Your name as readers see it: on your pages (“by …”), on the title page and copyright page of your documents, on generated covers, as the sender of your e-mails. */
            display_name: string;
            /** @description Your website: your name and logo link to it, documents and listings end with it. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
            website_url: string | null;
            /** @description Lower-case `#rrggbb`, or null: generated covers keep their own palette. */
            brand_color: string | null;
            /** @description Your pages on the networks, shown as links in the footer of your lead magnets’ pages. */
            social: {
                /** @description Your instagram page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                instagram: string | null;
                /** @description Your tiktok page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                tiktok: string | null;
                /** @description Your pinterest page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                pinterest: string | null;
                /** @description Your youtube page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                youtube: string | null;
                /** @description Your facebook page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                facebook: string | null;
            };
            /** @description Your privacy policy: linked from every page readers give their address on. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
            privacy_policy_url: string | null;
            /** @description A postal address at which you receive mail, printed in the footer of your e-mails (anti-spam laws such as CAN-SPAM ask for one). Up to 6 lines. */
            postal_address: string | null;
            /** @description Your logo (`PUT /api/profile/logo`): beside your name on your pages and their icon, or null when it has none. */
            logo: {
                /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                url: string;
                width: number;
                height: number;
                /** @description Widths 320, 800, 1600 (those narrower than the image) and the image itself capped at 3000, each in WebP and JPEG; narrowest first. */
                variants: {
                    /** @description Where `GET /media/{file}` serves it (public, cached for a year). */
                    url: string;
                    width: number;
                    height: number;
                    /** @enum {string} */
                    format: "webp" | "jpeg";
                }[];
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T01:24:33.000Z
             */
            updated_at: string;
            version: number;
        };
        /** @description A new ebook. */
        EbookCreate: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ebook";
            title: string;
            description?: string | null;
            /** @description 1 to 500 distinct recipe ids, in order. Each must exist (422 unknown_recipe) and not be newly archived (422 recipe_archived). */
            recipe_ids: string[];
        };
        /** @description A new recipe card pack. */
        RecipeCardPackCreate: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recipe_card_pack";
            title: string;
            description?: string | null;
            /** @description 1 to 200 distinct recipe ids, in order. Each must exist (422 unknown_recipe) and not be newly archived (422 recipe_archived). */
            recipe_ids: string[];
        };
        /** @description A new meal plan. */
        MealPlanCreate: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "meal_plan";
            title: string;
            description?: string | null;
            /** @description 1 to 31 days, each `day` ≥ 1 and distinct. */
            days: {
                day: number;
                meals: {
                    meal_type: string;
                    recipe_id: string;
                    /** @description The recipe cooked for this many servings at this meal (1..1000); the shopping list counts it so. Absent: the recipe's base servings. */
                    servings?: number | null;
                }[];
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description `malformed_request`: the HTTP request itself cannot be read (a bad request line, broken framing, a repeated `Host`). Any route answers so, before it is reached. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            /** @description `malformed_request`: the HTTP request itself cannot be read (a bad request line, broken framing, a repeated `Host`). Any route answers so, before it is reached. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStudio: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a copy the client holds (or `*`): when it is still current the answer is a 304 and nothing is rendered. */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The studio’s page: `Cache-Control: no-cache`, an ETag, and its own Content-Security-Policy. */
            200: {
                headers: {
                    /** @description Weak tag of the page’s content. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To `/docs`, when the studio is not built. */
            302: {
                headers: {
                    /** @description `/docs` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Not Modified: `If-None-Match` holds the current ETag (or `*`). No body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `malformed_request`: the HTTP request itself cannot be read (a bad request line, broken framing, a repeated `Host`). Any route answers so, before it is reached. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Any other answer is a problem: 408 `request_timeout`, 431 `headers_too_large` or 500 `internal`. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file name from a photo’s `url`: 64 hexadecimal digits and `.webp` or `.jpg`. */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. Public (no token): its address is unguessable and changes whenever its bytes would. */
            200: {
                headers: {
                    /** @description `public, max-age=31536000, immutable`. */
                    "Cache-Control"?: string;
                    /** @description `image/webp` or `image/jpeg`. */
                    "Content-Type"?: string;
                    "Content-Length"?: number;
                    /** @description The file name, quoted; `If-None-Match` with it gives a 304. */
                    ETag?: string;
                    /** @description `nosniff`. */
                    "X-Content-Type-Options"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                    "image/jpeg": string;
                };
            };
            /** @description Not Modified: `If-None-Match` holds the current ETag (or `*`). No body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadMagnetPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead magnet’s `slug` (see the product’s `slug`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    /** @description Strong: a digest of the page. */
                    ETag?: string;
                    /** @description `public, max-age=60`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not modified: `If-None-Match` named the current `ETag`. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitLeadMagnetForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead magnet’s `slug` (see the product’s `slug`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The reader’s address. */
                    email?: string;
                    /** @description Present (any value) when the box is ticked. */
                    consent?: string;
                    /** @description The hidden field: people leave it empty. */
                    website?: string;
                };
            };
        };
        responses: {
            /** @description “Check your inbox”. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: the address is not one mail can be sent to, or consent was not given. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadMagnetCover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead magnet’s `slug` (see the product’s `slug`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cover. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not modified. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLeadMagnetSharePicture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead magnet’s `slug` (see the product’s `slug`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picture. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                };
            };
            /** @description Not modified. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    subscribeToLeadMagnet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead magnet’s `slug` (see the product’s `slug`). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The reader’s address. One the service cannot write to is a 422 `rule_violation`. */
                    email: string;
                    /** @description Must be `true`: the reader agrees to the e-mails in the words the page shows next to its checkbox (kept with the subscriber as `consent_text`). Absent or `false` is a 422 `rule_violation`. */
                    consent?: boolean;
                };
            };
        };
        responses: {
            /** @description Accepted; the same body for every address. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "accepted";
                        detail: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: the address is not one mail can be sent to, or `consent` is not `true`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a link the service e-mailed (`<subscriber id>.<secret>`); only its digest is kept. Never logged. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmed, with the download links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `link_expired`: a link that was good once: a download link past its 7 days, a confirmation link used already or older than 7 days. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadLeadMagnet: {
        parameters: {
            query?: {
                /** @description `pdf` (default) or `epub`. */
                format?: "pdf" | "epub";
            };
            header?: never;
            path: {
                /** @description The token of a link the service e-mailed (`<subscriber id>.<secret>`); only its digest is kept. Never logged. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description `attachment; filename="<title as a slug>.pdf"` (or `.epub`). */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/epub+zip": string;
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `link_expired`: a link that was good once: a download link past its 7 days, a confirmation link used already or older than 7 days. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUnsubscribePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a link the service e-mailed (`<subscriber id>.<secret>`); only its digest is kept. Never logged. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with the button. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a link the service e-mailed (`<subscriber id>.<secret>`); only its digest is kept. Never logged. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    receiveSaleNotice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The platform that posts: `gumroad`. */
                platform: string;
                /** @description The connection’s notice secret, set when the account was connected. Never logged. */
                secret: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for confirmation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        received: boolean;
                    };
                };
            };
            /** @description `validation_failed`: the notice names no `sale_id`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "cook@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description A token valid 7 days; `expires_at` is its `exp`. */
            200: {
                headers: {
                    /** @description Login attempts allowed per window (per e-mail and per client address). */
                    "RateLimit-Limit"?: number;
                    /** @description Attempts left for this e-mail in the window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A JWT (HS256), `sub` = user id, valid 7 days. Send it as `Authorization: Bearer <token>`. */
                        token: string;
                        /**
                         * Format: date-time
                         * @description The token’s `exp`, ISO 8601.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_credentials`: an unknown e-mail or a wrong password (one answer for both). */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many attempts for this e-mail or from this address. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user. */
            200: {
                headers: {
                    /** @description The renewed cookie (`Max-Age=604800`), when this request renewed the session. */
                    "Set-Cookie"?: string;
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signed-in user (the e-mail in lower case). */
                        user: {
                            id: string;
                            email: string;
                        };
                        /**
                         * Format: date-time
                         * @description When the session ends unless it is used (each use renews it to 7 days, at most once an hour), ISO 8601.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: no session cookie, or its session has ended or expired (the cookie is then cleared). */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "cook@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in: the user, and when the session ends unless used. */
            200: {
                headers: {
                    /** @description `larder_session=<token>; Max-Age=604800`, `HttpOnly; SameSite=Strict; Path=/`, and `Secure` when `PUBLIC_URL` is https. */
                    "Set-Cookie"?: string;
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description Sign-in attempts allowed per window (per e-mail and per client address, shared with login). */
                    "RateLimit-Limit"?: number;
                    /** @description Attempts left for this e-mail in the window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signed-in user (the e-mail in lower case). */
                        user: {
                            id: string;
                            email: string;
                        };
                        /**
                         * Format: date-time
                         * @description When the session ends unless it is used (each use renews it to 7 days, at most once an hour), ISO 8601.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_credentials`: an unknown e-mail or a wrong password (one answer for both). */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: the request came from a page of another origin (its `Origin` is not `PUBLIC_URL`’s). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many attempts for this e-mail or from this address (counted with login). Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session that was ended. */
            200: {
                headers: {
                    /** @description `larder_session=; Max-Age=0`: the cookie removed. */
                    "Set-Cookie"?: string;
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signed-in user (the e-mail in lower case). */
                        user: {
                            id: string;
                            email: string;
                        };
                        /**
                         * Format: date-time
                         * @description When the session ends unless it is used (each use renews it to 7 days, at most once an hour), ISO 8601.
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: there was no session to end (no cookie, or its session ended or expired already). The cookie is cleared all the same. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: the request came with the session cookie but not from the service’s own origin (`Origin`); the session goes on. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached, so the session was not ended (the cookie is kept: try again). Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    finishPlatformConnection: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                /** @description A configured platform: `etsy`, `gumroad`. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page saying the account is connected (the studio not served). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A browser, the studio served: to its connections screen, which says the account is connected (`?connected=`), or why nothing was connected (`?failed=&reason=`). */
            303: {
                headers: {
                    /** @description `PUBLIC_URL/selling?connected={platform}&account={account name}` or `PUBLIC_URL/selling?failed={platform}&reason={reason}` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description `oauth_failed`: the creator refused, the state is unknown, expired or used, or the platform refused the code. A browser with the studio not served gets a short HTML page instead. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRecipes: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
                /** @description Every word must match, as a word prefix, in title, description, ingredient names or notes (case- and accent-insensitive); a word of five letters or more also matches whole words one typo away (fuzzy matches, ranked after exact ones; see the operation and the `Search-Fuzzy` header). */
                q?: string;
                /** @description Comma-separated; the recipe has all of them. */
                dietary_tags?: string;
                cuisine?: string;
                meal_type?: string;
                season?: string;
                collection_id?: string;
                /** @description Recipes without a cook time are excluded. */
                max_cook_time_minutes?: number;
                /** @description Absent: active and draft, never archived. */
                status?: "active" | "draft" | "archived";
                /** @description `true` or `false` only. */
                email_ready?: boolean;
                /** @description Default: relevance with `q`, else created_at. */
                sort?: "created_at" | "updated_at" | "engagement_score" | "title";
                /** @description Default desc (asc for title). */
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recipes. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    /** @description With `q` only. `true` when the results include fuzzy matches: recipes found only because a query word of five letters or more was taken within one typo (a letter added, dropped, changed, or two neighbours swapped) of a word of the recipe; `false` when every result matches exactly. */
                    "Search-Fuzzy"?: "true" | "false";
                    /** @description With `q` only. How many of `pagination.total` are fuzzy matches. In relevance order they come last, so the first `total − Search-Fuzzy-Matches` results are the exact ones. */
                    "Search-Fuzzy-Matches"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Recipe"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createRecipe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes this create safe to retry: 1 to 255 visible ASCII characters (a UUID is a good choice), unique per request you mean to make, scoped to your user. The same key with the same request (method, path, and body compared as JSON) within 24 hours creates nothing new and answers again with the first response — same status, body, `Location` and `ETag` — marked `Idempotent-Replayed: true`. The same key with a different request is a 422 `rule_violation`; while the first request is still running, a 409 `invalid_state`. Successes and client errors are replayed; 409, 412, 429 and server errors are not (a retry with the key runs again). A malformed key is a 400 `validation_failed` with `in: "header"`. Without the header, every request runs. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A new recipe. Unknown fields and read-only fields (id, created_at, updated_at, archived_at, version) are a 400. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Miso soup",
                 *       "servings": 2,
                 *       "ingredients": [
                 *         "2 tbsp white miso",
                 *         "500 ml dashi",
                 *         "100 g silken tofu, cubed",
                 *         {
                 *           "quantity": 2,
                 *           "unit": null,
                 *           "name": "spring onions",
                 *           "note": "sliced"
                 *         }
                 *       ],
                 *       "instructions": [
                 *         "Warm the dashi without boiling.",
                 *         "Whisk in the miso, add the tofu, and serve with the spring onions."
                 *       ],
                 *       "cook_time_minutes": 10,
                 *       "dietary_tags": [
                 *         "vegetarian"
                 *       ],
                 *       "cuisine": "Japanese"
                 *     }
                 */
                "application/json": {
                    title: string;
                    /** @description Up to 20000 characters. Text over a limit is a 400 here; the CLI's JSON-LD import, which cannot ask a web page to try again, cuts it to the same limit at a word boundary (ending in …) and reports a warning. */
                    description?: string | null;
                    ingredients?: (string | {
                        quantity?: number | null;
                        quantity_max?: number | null;
                        unit?: string | null;
                        name: string;
                        note?: string | null;
                        /** @description The group the line belongs to; wins over a heading line above it. */
                        section?: string | null;
                    })[];
                    /** @description Steps, or one text whose non-empty lines are the steps. */
                    instructions?: string[] | string;
                    notes?: string | null;
                    /** @description Base servings; null makes the recipe unscalable. */
                    servings?: number | null;
                    prep_time_minutes?: number | null;
                    cook_time_minutes?: number | null;
                    /** @description Stored lower-case. */
                    dietary_tags?: string[];
                    /** @description Compared case-insensitively. */
                    cuisine?: string | null;
                    /** @description Compared case-insensitively. */
                    meal_type?: string | null;
                    /** @description Compared case-insensitively. */
                    season?: string | null;
                    collection_id?: string | null;
                    /**
                     * @description `archived` is reached only through DELETE; setting active or draft on an archived recipe restores it.
                     * @enum {string}
                     */
                    status?: "active" | "draft";
                    email_ready?: boolean;
                    engagement_score?: number;
                    /** @description An absolute http(s) URL. */
                    image_url?: string | null;
                    /** @description An absolute http(s) URL. */
                    source_url?: string | null;
                    /** @description Unique when present (422 `rule_violation` otherwise). */
                    external_id?: string | null;
                };
            };
        };
        responses: {
            /** @description The new recipe. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    /** @description Present when this is the stored response to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). Or `validation_failed` with `in: "header"`: the Idempotency-Key is malformed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a request with the same Idempotency-Key is still running; retry once it has finished. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: the `external_id` is already used by another recipe. Or `rule_violation`: the Idempotency-Key was used for a different request in the last 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRecipe: {
        parameters: {
            query?: {
                /** @description Scale the recipe to N servings (422 `not_scalable` without base servings). */
                servings?: number;
                /** @description `original` (the default): as the recipe wrote it. `metric`: weights in g/kg, volumes in ml/l. `us`: weights in oz/lb, volumes in tsp/tbsp/cup/quart (fl oz where the recipe used them). Only weights and volumes convert, each into its own kind (a volume never becomes a weight); counts, containers, `pinch`, lengths and unknown units stay. Cook's measures: 1 tsp = 5 ml, 1 tbsp = 15 ml, 1 cup = 240 ml, 1 oz = 28.35 g; a converted amount is rounded as a cook measures it (`1 cup`, `235 ml`, `1.2 kg`). */
                units?: "original" | "metric" | "us";
            };
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipe (scaled when `servings` is given, converted when `units` is). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScaledRecipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_scalable`: the recipe has no base servings. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    archiveRecipe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived recipe. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateRecipe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields given change; an empty object changes nothing. Unknown fields and read-only fields (id, created_at, updated_at, archived_at, version) are a 400. */
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    /** @description Up to 20000 characters. Text over a limit is a 400 here; the CLI's JSON-LD import, which cannot ask a web page to try again, cuts it to the same limit at a word boundary (ending in …) and reports a warning. */
                    description?: string | null;
                    ingredients?: (string | {
                        quantity?: number | null;
                        quantity_max?: number | null;
                        unit?: string | null;
                        name: string;
                        note?: string | null;
                        /** @description The group the line belongs to; wins over a heading line above it. */
                        section?: string | null;
                    })[];
                    /** @description Steps, or one text whose non-empty lines are the steps. */
                    instructions?: string[] | string;
                    notes?: string | null;
                    /** @description Base servings; null makes the recipe unscalable. */
                    servings?: number | null;
                    prep_time_minutes?: number | null;
                    cook_time_minutes?: number | null;
                    /** @description Stored lower-case. */
                    dietary_tags?: string[];
                    /** @description Compared case-insensitively. */
                    cuisine?: string | null;
                    /** @description Compared case-insensitively. */
                    meal_type?: string | null;
                    /** @description Compared case-insensitively. */
                    season?: string | null;
                    collection_id?: string | null;
                    /**
                     * @description `archived` is reached only through DELETE; setting active or draft on an archived recipe restores it.
                     * @enum {string}
                     */
                    status?: "active" | "draft";
                    email_ready?: boolean;
                    engagement_score?: number;
                    /** @description An absolute http(s) URL. */
                    image_url?: string | null;
                    /** @description An absolute http(s) URL. */
                    source_url?: string | null;
                    /** @description Unique when present (422 `rule_violation` otherwise). */
                    external_id?: string | null;
                };
            };
        };
        responses: {
            /** @description The changed recipe. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: the `external_id` is already used by another recipe. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    parseIngredients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ingredients: (string | {
                        quantity?: number | null;
                        quantity_max?: number | null;
                        unit?: string | null;
                        name: string;
                        note?: string | null;
                        /** @description The group the line belongs to; wins over a heading line above it. */
                        section?: string | null;
                    })[];
                };
            };
        };
        responses: {
            /** @description The ingredients, in order, as a recipe would store them. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ingredients: {
                            /** @description The amount, or the low end of a range. */
                            quantity: number | null;
                            /** @description The high end of a range (`2-3 cloves`), else null. */
                            quantity_max: number | null;
                            /** @description Canonical singular unit (`cup`, `tablespoon`, `g`), null for counts. */
                            unit: string | null;
                            name: string;
                            note: string | null;
                            /** @description Kitchen-friendly rendering: `1 ½ cups flour, sifted`. */
                            text: string;
                            /** @description The group of the list the line belongs to (`For the dressing`), or null. Not part of `text`; the shopping list ignores it. */
                            section: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "correct horse battery",
                 *       "new_password": "a longer kitchen phrase"
                 *     }
                 */
                "application/json": {
                    /** @description The password the user signs in with now. */
                    current_password: string;
                    /** @description 8 to 1024 characters. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Changed. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description With a browser session: the new session’s cookie. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                        };
                        /** @description Browser sessions of the user that were ended (this browser’s among them, replaced by a new one). */
                        ended_sessions: number;
                    };
                };
            };
            /** @description `validation_failed`: `new_password` is shorter than 8 or longer than 1024 characters, or the body has another field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_credentials`: `current_password` is wrong (nothing changes); `unauthorized`: not signed in. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key, or a browser session from a page of another origin. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
                status?: "draft" | "published" | "archived";
                type?: "ebook" | "meal_plan" | "recipe_card_pack" | "lead_magnet";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products, newest first. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes this create safe to retry: 1 to 255 visible ASCII characters (a UUID is a good choice), unique per request you mean to make, scoped to your user. The same key with the same request (method, path, and body compared as JSON) within 24 hours creates nothing new and answers again with the first response — same status, body, `Location` and `ETag` — marked `Idempotent-Replayed: true`. The same key with a different request is a 422 `rule_violation`; while the first request is still running, a 409 `invalid_state`. Successes and client errors are replayed; 409, 412, 429 and server errors are not (a retry with the key runs again). A malformed key is a 400 `validation_failed` with `in: "header"`. Without the header, every request runs. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A new product; `status` always starts as `draft`. A `lead_magnet` cannot be created directly (400): generate it with POST /api/products/{id}/lead-magnet. Unknown and read-only fields are a 400. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ebook",
                 *       "title": "Weeknight Dinners",
                 *       "description": "Twelve dinners in thirty minutes.",
                 *       "recipe_ids": [
                 *         "0193a1f2-7c4e-7b3d-9f21-5e8c2a7d4b10"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["EbookCreate"] | components["schemas"]["RecipeCardPackCreate"] | components["schemas"]["MealPlanCreate"];
            };
        };
        responses: {
            /** @description The new product, as a draft. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    /** @description Present when this is the stored response to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). Or `validation_failed` with `in: "header"`: the Idempotency-Key is malformed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a request with the same Idempotency-Key is still running; retry once it has finished. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unknown_recipe` (a recipe id does not exist), `recipe_archived` (a recipe the product does not contain yet is archived). Or `rule_violation`: the Idempotency-Key was used for a different request in the last 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getShoppingList: {
        parameters: {
            query?: {
                /** @description `original` (the default): as the recipe wrote it. `metric`: weights in g/kg, volumes in ml/l. `us`: weights in oz/lb, volumes in tsp/tbsp/cup/quart (fl oz where the recipe used them). Only weights and volumes convert, each into its own kind (a volume never becomes a weight); counts, containers, `pinch`, lengths and unknown units stay. Cook's measures: 1 tsp = 5 ml, 1 tbsp = 15 ml, 1 cup = 240 ml, 1 oz = 28.35 g; a converted amount is rounded as a cook measures it (`1 cup`, `235 ml`, `1.2 kg`). */
                units?: "original" | "metric" | "us";
            };
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shopping list, ordered by aisle then name. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShoppingList"];
                };
            };
            /** @description `validation_failed`: `units` is not one of `original`, `metric`, `us` (or another query parameter is unknown). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        /** @description Only the fields given change. `recipe_ids` for ebooks and recipe card packs, `days` for meal plans; `type` is immutable. */
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    description?: string | null;
                    /** @description Not for meal plans. Recipes already in the product may stay even if archived since. */
                    recipe_ids?: string[];
                    /** @description 1 to 31 days, each `day` ≥ 1 and distinct. */
                    days?: {
                        day: number;
                        meals: {
                            meal_type: string;
                            recipe_id: string;
                            /** @description The recipe cooked for this many servings at this meal (1..1000); the shopping list counts it so. Absent: the recipe's base servings. */
                            servings?: number | null;
                        }[];
                    }[];
                    /**
                     * @description `draft` unpublishes (or restores an archived product), `archived` archives. `published` only through publish (409).
                     * @enum {string}
                     */
                    status?: "draft" | "published" | "archived";
                };
            };
        };
        responses: {
            /** @description The changed product. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unknown_recipe` (a recipe id does not exist), `recipe_archived` (a recipe the product does not contain yet is archived). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "platforms": [
                 *         "etsy"
                 *       ],
                 *       "price_cents": 1200,
                 *       "currency": "USD"
                 *     }
                 */
                "application/json": {
                    /** @description Distinct configured platform identifiers (SALES_PLATFORMS). At least one (400 otherwise), except for a lead magnet, which may be published to its own page alone (`[]`): every published lead magnet has a public page `/l/{slug}` whatever its platforms. */
                    platforms: ("etsy" | "gumroad")[];
                    /** @description Lead magnets: 0 (422 otherwise). Other types: more than 0. */
                    price_cents: number;
                    /** @description ISO 4217 code; case-insensitive in, upper-case out. */
                    currency: string;
                };
            };
        };
        responses: {
            /** @description The published product. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: no recipes, a lead magnet with a price, or another type without one. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryListing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product, its listing `pending` again. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createLeadMagnet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes this create safe to retry: 1 to 255 visible ASCII characters (a UUID is a good choice), unique per request you mean to make, scoped to your user. The same key with the same request (method, path, and body compared as JSON) within 24 hours creates nothing new and answers again with the first response — same status, body, `Location` and `ETag` — marked `Idempotent-Replayed: true`. The same key with a different request is a 422 `rule_violation`; while the first request is still running, a 409 `invalid_state`. Successes and client errors are replayed; 409, 412, 429 and server errors are not (a retry with the key runs again). A malformed key is a 400 `validation_failed` with `in: "header"`. Without the header, every request runs. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        /** @description Optional. Default title: the source title plus " — Free Sample"; default max_recipes 5. */
        requestBody?: {
            content: {
                "application/json": {
                    title?: string;
                    description?: string | null;
                    /** @default 5 */
                    max_recipes?: number;
                } | null;
            };
        };
        responses: {
            /** @description The new lead magnet. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    /** @description Present when this is the stored response to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). Or `validation_failed` with `in: "header"`: the Idempotency-Key is malformed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). Or `invalid_state`: a request with the same Idempotency-Key is still running; retry once it has finished. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_eligible`: the source is not an ebook or recipe card pack, or has no email-ready recipe. Or `rule_violation`: the Idempotency-Key was used for a different request in the last 24 hours. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your connections. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Connection"][];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    connectPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A configured platform: `etsy`, `gumroad`. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The platform account's access token (Gumroad: Settings → Advanced → Applications → Generate access token). */
                    access_token: string;
                };
            };
        };
        responses: {
            /** @description The connection, now connected. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `connection_failed`: the platform refused the token. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disconnectPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A configured platform: `etsy`, `gumroad`. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection, now not_connected. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    authorizePlatform: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A configured platform: `etsy`, `gumroad`. */
                platform: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open this address in a browser. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorize_url: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `connection_failed`: the platform is connected with an access token instead. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSales: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
                product_id?: string;
                platform?: string;
                /** @description Only sales sold at or after this time (ISO 8601 with a time zone). */
                from?: string;
                /** @description Only sales sold before this time (ISO 8601 with a time zone); not before `from`. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your sales, newest first (JSON), or all of them (`text/csv`). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    /** @description CSV only: `attachment; filename="sales.csv"`. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Sale"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                    "text/csv": string;
                };
            };
            /** @description `validation_failed`: a filter is malformed, or `to` is before `from`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRevenueReport: {
        parameters: {
            query?: {
                /** @description Only sales sold at or after this time (ISO 8601 with a time zone). */
                from?: string;
                /** @description Only sales sold before this time (ISO 8601 with a time zone); not before `from`. */
                to?: string;
                /** @description Only the sales of this product. */
                product_id?: string;
                /** @description Only the sales on this platform (with `group_by=day`, one platform's series of a chart split by platform). */
                platform?: string;
                /** @description One row per product (default), platform or UTC day, and currency. */
                group_by?: "product" | "platform" | "day";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sorted by key (null last), then currency. Amounts in different currencies are never added together. */
                        data: {
                            /** @description The product id (null: sales that match no product of ours), the platform, or the day `YYYY-MM-DD` (UTC). */
                            key: string | null;
                            currency: string;
                            /** @description Sales in the group, refunded ones included. */
                            sales: number;
                            gross_cents: number;
                            refunded_cents: number;
                            /** @description `gross_cents - refunded_cents`. */
                            net_cents: number;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`: a parameter is malformed, or `to` is before `from`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your keys. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Nightly sales export",
                 *       "scopes": [
                 *         "sales:read",
                 *         "products:read"
                 *       ],
                 *       "expires_at": "2027-12-31T00:00:00.000Z"
                 *     }
                 */
                "application/json": {
                    /** @description What the key is for (“Nightly sales export”). */
                    name: string;
                    /** @description What it may do; a request outside them is 403 `forbidden`. */
                    scopes: ("recipes:read" | "recipes:write" | "products:read" | "products:write" | "sales:read" | "webhooks:write")[];
                    /**
                     * Format: date-time
                     * @description When it stops working (in the future); absent or null: never.
                     */
                    expires_at?: string | null;
                };
            };
        };
        responses: {
            /** @description The new key, with the key itself. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        scopes: ("recipes:read" | "recipes:write" | "products:read" | "products:write" | "sales:read" | "webhooks:write")[];
                        /** @description The key’s first characters, to tell keys apart (`lk_3fQ9`). */
                        prefix: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description Null: it does not expire.
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        expires_at: string | null;
                        /**
                         * Format: date-time
                         * @description When it was last used, to the minute; null before its first use.
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        last_used_at: string | null;
                        /** @description The key: send it as `Authorization: Bearer <key>`. Shown here only, never again (the service keeps a digest). */
                        key: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: you hold 50 keys already; revoke one first. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your profile. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The whole profile: a field left out (or null) is cleared. The logo has its own address. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Maple & Thyme Kitchen",
                 *       "website_url": "https://mapleandthyme.example",
                 *       "brand_color": "#2f6b4f",
                 *       "social": {
                 *         "instagram": "https://www.instagram.com/mapleandthyme",
                 *         "pinterest": "https://www.pinterest.com/mapleandthyme"
                 *       },
                 *       "privacy_policy_url": "https://mapleandthyme.example/privacy",
                 *       "postal_address": "Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ\nUnited Kingdom"
                 *     }
                 */
                "application/json": {
                    /** @description Your name as readers see it: on your pages (“by …”), on the title page and copyright page of your documents, on generated covers, as the sender of your e-mails. */
                    display_name: string;
                    /** @description Your website: your name and logo link to it, documents and listings end with it. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                    website_url?: string | null;
                    /** @description Your colour, `#rrggbb`: generated covers are drawn on it, your pages use it for their heading band and buttons (kept readable: the text on it is white or black, whichever contrasts more). */
                    brand_color?: string | null;
                    /** @description Your pages on the networks, shown as links in the footer of your lead magnets’ pages. */
                    social?: {
                        /** @description Your instagram page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                        instagram?: string | null;
                        /** @description Your tiktok page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                        tiktok?: string | null;
                        /** @description Your pinterest page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                        pinterest?: string | null;
                        /** @description Your youtube page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                        youtube?: string | null;
                        /** @description Your facebook page. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                        facebook?: string | null;
                    } | null;
                    /** @description Your privacy policy: linked from every page readers give their address on. An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password. */
                    privacy_policy_url?: string | null;
                    /** @description A postal address at which you receive mail, printed in the footer of your e-mails (anti-spam laws such as CAN-SPAM ask for one). Up to 6 lines. */
                    postal_address?: string | null;
                };
            };
        };
        responses: {
            /** @description Your profile, changed. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setProfileLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/webp": unknown;
                "image/avif": unknown;
            };
        };
        responses: {
            /** @description Your profile with its new `logo`. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the image is over 20 MiB, or over 50 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: the body is not a JPEG, PNG, WebP or AVIF image (whatever its Content-Type says). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProfileLogo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your profile without a logo. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your endpoints, newest first. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.org/larder",
                 *       "events": [
                 *         "sale.created",
                 *         "sale.refunded"
                 *       ],
                 *       "description": "Bookkeeping"
                 *     }
                 */
                "application/json": {
                    /** @description Where deliveries are POSTed: an https URL whose host resolves to public addresses only. Plain http, and any host that resolves to a loopback, private, link-local, unique-local, metadata, multicast or otherwise non-public address (in any spelling: `2130706433`, `[::ffff:127.0.0.1]`), is a 400 `validation_failed` at `/url`, unless the service runs with `OUTBOUND_ALLOW_PRIVATE=true`, which allows private addresses over http or https. No credentials in the URL. Checked again at every delivery, against the address actually connected to. */
                    url: string;
                    /** @description The events to receive, at least one: `product.published`, `product.unpublished`, `listing.live`, `listing.failed`, `sale.created`, `sale.refunded`, `subscriber.confirmed`. Every endpoint also receives `webhook.disabled` when another endpoint of yours is disabled after failing for 3 days. */
                    events: ("product.published" | "product.unpublished" | "listing.live" | "listing.failed" | "sale.created" | "sale.refunded" | "subscriber.confirmed")[];
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description The new endpoint and its secret. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: ("product.published" | "product.unpublished" | "listing.live" | "listing.failed" | "sale.created" | "sale.refunded" | "subscriber.confirmed")[];
                        description: string | null;
                        enabled: boolean;
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        failing_since: string | null;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        updated_at: string;
                        version: number;
                        /** @description The signing secret, `whsec_` and the base64 of 32 random bytes: shown only in this response. Verify each delivery with it (see the Standard Webhooks libraries). */
                        secret: string;
                    };
                };
            };
            /** @description `validation_failed` with pointer `/url`: not https, malformed, carrying credentials, or pointing to a private address (see `url`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: you have 20 endpoints already. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint (never its secret). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint as it was. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed: an https URL whose host resolves to public addresses only. Plain http, and any host that resolves to a loopback, private, link-local, unique-local, metadata, multicast or otherwise non-public address (in any spelling: `2130706433`, `[::ffff:127.0.0.1]`), is a 400 `validation_failed` at `/url`, unless the service runs with `OUTBOUND_ALLOW_PRIVATE=true`, which allows private addresses over http or https. No credentials in the URL. Checked again at every delivery, against the address actually connected to. */
                    url?: string;
                    /** @description The events to receive, at least one: `product.published`, `product.unpublished`, `listing.live`, `listing.failed`, `sale.created`, `sale.refunded`, `subscriber.confirmed`. Every endpoint also receives `webhook.disabled` when another endpoint of yours is disabled after failing for 3 days. */
                    events?: ("product.published" | "product.unpublished" | "listing.live" | "listing.failed" | "sale.created" | "sale.refunded" | "subscriber.confirmed")[];
                    description?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The changed endpoint. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `validation_failed` with pointer `/url`: not https, malformed, carrying credentials, or pointing to a private address (see `url`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint and its new secret. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                        events: ("product.published" | "product.unpublished" | "listing.live" | "listing.failed" | "sale.created" | "sale.refunded" | "subscriber.confirmed")[];
                        description: string | null;
                        enabled: boolean;
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        failing_since: string | null;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-22T01:24:33.000Z
                         */
                        updated_at: string;
                        version: number;
                        /** @description The signing secret, `whsec_` and the base64 of 32 random bytes: shown only in this response. Verify each delivery with it (see the Standard Webhooks libraries). */
                        secret: string;
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
            };
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries, newest first. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, `pending` again. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importRecipe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://kitchen.example/recipes/tomato-soup",
                 *       "status": "draft"
                 *     }
                 */
                "application/json": {
                    /** @description The recipe page: an absolute http or https URL. It becomes the recipe’s `source_url` (as given, not where redirects lead). */
                    url: string;
                    /**
                     * @description The recipe’s status (default `active`). On a second import of the same URL it is set again.
                     * @enum {string}
                     */
                    status?: "active" | "draft";
                };
            };
        };
        responses: {
            /** @description A recipe with this `source_url` existed: it is updated from the page (its version grows only if something changed). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedRecipe"];
                };
            };
            /** @description The new recipe. */
            201: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    /** @description Where the new resource lives: `/api/recipes/{id}` or `/api/products/{id}`. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedRecipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the body is over 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: a body sent without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `no_recipe_found`: the page has no schema.org Recipe, or one the API would refuse (no name, say). `fetch_failed`: the page could not be fetched; `detail` says why (timeout after 10 s, over 5 MiB, not HTML, HTTP status N, too many redirects, a refused address). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setRecipePhoto: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/webp": unknown;
                "image/avif": unknown;
            };
        };
        responses: {
            /** @description The recipe with its new `photo`. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the image is over 20 MiB, or over 50 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: the body is not a JPEG, PNG, WebP or AVIF image (whatever its Content-Type says), or holds something else besides. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached, or every image worker of this instance is busy and its queue is full (2 uploads rendered at once, 8 waiting). Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteRecipePhoto: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipe without a photo. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recipe"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setProductCover: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/webp": unknown;
                "image/avif": unknown;
            };
        };
        responses: {
            /** @description The product with its new `cover`. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the image is over 20 MiB, or over 50 megapixels. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: the body is not a JPEG, PNG, WebP or AVIF image (whatever its Content-Type says), or holds something else besides. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached, or every image worker of this instance is busy and its queue is full (2 uploads rendered at once, 8 waiting). Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProductCover: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the change conditional: `*` or exactly one strong entity tag, the `ETag` last read (`"3"`). A different current version is a 412 and changes nothing. A weak tag (`W/"3"`) or a quoted tag that is not a version never matches (412). Anything else, or a list of several tags, is a 400 `validation_failed` with `in: "header"`. Without the header the change applies to the current version. */
                "if-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product without its uploaded cover: its `cover` is the generated one again. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description The resource version, quoted: `"3"`. Send it back in If-Match to change this version only. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_state`: a transition the current status forbids, or other changes to the resource kept arriving until this one gave up (nothing changed; send it again). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: If-Match does not match the current version; nothing changed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadProductPdf: {
        parameters: {
            query?: {
                /** @description Books and plans: `a4` (default), `letter` or `a5`. Recipe card packs: `4x6` (default, 6 × 4 in landscape), `5x7` or `a6`. A size the product type does not come in is a 400. An EPUB reflows, so its page size only enters the ETag. */
                page_size?: "a4" | "letter" | "a5" | "4x6" | "5x7" | "a6";
                /** @description Ingredient units: `original` (default), `metric` or `us`. */
                units?: "original" | "metric" | "us";
                /** @description `attachment` (default) to save the file; `inline` for a browser to show it in the page (the studio’s preview). The same file and ETag either way. */
                disposition?: "attachment" | "inline";
            };
            header?: {
                /** @description The ETag of a copy the client holds (or `*`): when it is still current the answer is a 304 and nothing is rendered. */
                "if-none-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. Sent with its Content-Length, from the file store (rendered first when this version was never asked for). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description Strong tag of this document: it changes whenever the product, any of its recipes, the query or the layout changes. */
                    ETag?: string;
                    /** @description The file’s size in bytes. */
                    "Content-Length"?: number;
                    /** @description `attachment; filename="<product title as a slug>.pdf"` (or `.epub`); `inline; filename=...` with `disposition=inline`. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not Modified: `If-None-Match` holds the current ETag (or `*`). No body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: the render failed (logged with the product id); nothing was stored, and the next request tries again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached or answers too slowly; every renderer is busy and the queue is full; or the render ran past its time limit (60 s) and was stopped. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadProductEpub: {
        parameters: {
            query?: {
                /** @description Books and plans: `a4` (default), `letter` or `a5`. Recipe card packs: `4x6` (default, 6 × 4 in landscape), `5x7` or `a6`. A size the product type does not come in is a 400. An EPUB reflows, so its page size only enters the ETag. */
                page_size?: "a4" | "letter" | "a5" | "4x6" | "5x7" | "a6";
                /** @description Ingredient units: `original` (default), `metric` or `us`. */
                units?: "original" | "metric" | "us";
                /** @description `attachment` (default) to save the file; `inline` for a browser to show it in the page (the studio’s preview). The same file and ETag either way. */
                disposition?: "attachment" | "inline";
            };
            header?: {
                /** @description The ETag of a copy the client holds (or `*`): when it is still current the answer is a 304 and nothing is rendered. */
                "if-none-match"?: string;
            };
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The EPUB 3 book. Sent with its Content-Length, from the file store (rendered first when this version was never asked for). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description Strong tag of this document: it changes whenever the product, any of its recipes, the query or the layout changes. */
                    ETag?: string;
                    /** @description The file’s size in bytes. */
                    "Content-Length"?: number;
                    /** @description `attachment; filename="<product title as a slug>.pdf"` (or `.epub`); `inline; filename=...` with `disposition=inline`. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/epub+zip": string;
                };
            };
            /** @description Not Modified: `If-None-Match` holds the current ETag (or `*`). No body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rule_violation`: a recipe card pack has no EPUB (it is available as PDF only). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: the render failed (logged with the product id); nothing was stored, and the next request tries again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached or answers too slowly; every renderer is busy and the queue is full; or the render ran past its time limit (60 s) and was stopped. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSubscribers: {
        parameters: {
            query?: {
                /** @description Page number, 1 to 1000000. A page past the end is 200 with empty data. */
                page?: number;
                /** @description Items per page, 1 to 100. */
                per_page?: number;
                /** @description Only subscribers in this status. */
                status?: "pending" | "confirmed" | "unsubscribed";
            };
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscribers (JSON), or all of them (`text/csv`). */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    /** @description RFC 8288 links to the `first`, `last`, and where they exist `prev` and `next` pages (relative references). */
                    Link?: string;
                    /** @description CSV only: `attachment; filename="subscribers-<product id>.csv"`. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Subscriber"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                    "text/csv": string;
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    eraseSubscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An opaque id generated by the service. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriber as it was before erasure. */
            200: {
                headers: {
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description A new token valid 7 days from now (sliding refresh); the old one stays valid until it expires. Not sent to an API key or a browser session. */
                    "X-Refreshed-Token"?: string;
                    /** @description When X-Refreshed-Token expires (ISO 8601). */
                    "X-Refreshed-Token-Expires-At"?: string;
                    /** @description `no-store`: the response carries a fresh token. */
                    "Cache-Control"?: string;
                    /** @description The id this request is logged under (the client’s own when it sent a safe one). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscriber"];
                };
            };
            /** @description `validation_failed` (body, query, path or If-Match header invalid; see `errors`), `invalid_json`, or `malformed_request` (the HTTP request itself cannot be read). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unauthorized`: token or API key missing, malformed, badly signed, expired, revoked, or its user no longer exists. Carries `WWW-Authenticate: Bearer`. */
            401: {
                headers: {
                    /** @description `Bearer realm="larder"`, with `error="invalid_token"` when a token was sent. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `forbidden`: an API key whose scopes do not cover this operation (keys never manage keys or platform connections), or a change made with the session cookie whose `Origin` is not the service’s own. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: no resource with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: too many requests in the window. Carries `Retry-After` (seconds). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per window (per user; per e-mail or client address on login). */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal`: a bug. Logged with the request id; the body says nothing more. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unavailable`: the database cannot be reached. Carries `Retry-After` (seconds). */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
