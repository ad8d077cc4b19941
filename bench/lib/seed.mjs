// Seeds a large, realistic data set straight into the services' tables with set-based SQL (generate_series):
// identity users (with a real argon2id hash, so bench users can sign in), catalog sellers and products,
// favourites (favourites schema with its product cards + catalog's favourite_states and favorite_count, consistent),
// and conversations (messaging messages + its user/product read models). Ids are deterministic: user g is bid('u'||g),
// product g is bid('p'||g) (md5 shaped as a v4 UUID).
import { hash } from '@node-rs/argon2';

export const BENCH_PASSWORD = 'bench-password-123';
// The identity service's parameters (services/identity/src/users/password-hasher.ts).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const FIRST = [
  'Yuki',
  'Marco',
  'Amara',
  'Sofía',
  'Léa',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Mateo',
  'Aiko',
  'Chen',
  'Priya',
  'Omar',
  'Ingrid',
  'Kofi',
  'Lucía',
  'Hana',
  'Jonas',
  'Zara',
];
const LAST = [
  'Tanaka',
  'Rossi',
  'Okafor',
  'Herrera',
  'Martin',
  'Smith',
  'Müller',
  'Dubois',
  'Silva',
  'Kowalski',
  'Nguyen',
  'Patel',
  'Haddad',
  'Larsen',
  'Mensah',
  'García',
  'Sato',
  'Novak',
  'Costa',
  'Ahmed',
];
const LOCATIONS = [
  'United States',
  'United Kingdom',
  'Canada',
  'Australia',
  'Germany',
  'France',
  'Netherlands',
  'Ireland',
];
// 20 countries, 3 cities each (index c*3+k).
const COUNTRIES = [
  'Japan',
  'France',
  'Italy',
  'Thailand',
  'Morocco',
  'Peru',
  'Mexico',
  'India',
  'Turkey',
  'Greece',
  'Spain',
  'Portugal',
  'Vietnam',
  'Kenya',
  'Egypt',
  'Brazil',
  'Indonesia',
  'Norway',
  'Ireland',
  'South Korea',
];
const CITIES = [
  'Kyoto',
  'Tokyo',
  'Osaka',
  'Paris',
  'Lyon',
  'Nice',
  'Venice',
  'Florence',
  'Naples',
  'Bangkok',
  'Chiang Mai',
  'Phuket',
  'Marrakech',
  'Fez',
  'Essaouira',
  'Cusco',
  'Lima',
  'Arequipa',
  'Oaxaca',
  'Puebla',
  'Mérida',
  'Jaipur',
  'Varanasi',
  'Kochi',
  'Istanbul',
  'Cappadocia',
  'Izmir',
  'Athens',
  'Crete',
  'Santorini',
  'Seville',
  'Granada',
  'Barcelona',
  'Lisbon',
  'Porto',
  'Sintra',
  'Hanoi',
  'Hoi An',
  'Saigon',
  'Nairobi',
  'Mombasa',
  'Lamu',
  'Cairo',
  'Luxor',
  'Aswan',
  'Salvador',
  'Rio de Janeiro',
  'Ouro Preto',
  'Bali',
  'Yogyakarta',
  'Jakarta',
  'Bergen',
  'Oslo',
  'Tromsø',
  'Dublin',
  'Galway',
  'Kilkenny',
  'Seoul',
  'Busan',
  'Jeonju',
];
const ADJECTIVES = [
  'Handmade',
  'Vintage',
  'Hand-painted',
  'Traditional',
  'Antique',
  'Woven',
  'Carved',
  'Embroidered',
  'Glazed',
  'Rustic',
  'Miniature',
  'Signed',
  'Colourful',
  'Small',
  'Large',
  'Rare',
];
const MATERIALS = [
  'Ceramic',
  'Silver',
  'Wooden',
  'Brass',
  'Silk',
  'Wool',
  'Leather',
  'Glass',
  'Cotton',
  'Porcelain',
  'Copper',
  'Linen',
  'Bamboo',
  'Stone',
  'Paper',
  'Clay',
];
const NOUNS = [
  'Bowl',
  'Vase',
  'Scarf',
  'Plate',
  'Mask',
  'Lantern',
  'Box',
  'Figurine',
  'Necklace',
  'Bracelet',
  'Rug',
  'Cushion Cover',
  'Tea Set',
  'Print',
  'Ornament',
  'Bag',
  'Earrings',
  'Jar',
  'Tray',
  'Wall Hanging',
];
const PHRASES = [
  'Bought at a weekend market from the maker herself.',
  'Comes with its original box and a certificate of origin.',
  'A family workshop has made these for three generations.',
  'Never used, kept wrapped since the trip.',
  'Light wear consistent with age, see photos.',
  'Perfect as a gift or for your own shelf.',
  'The colours are even brighter in person.',
  'Customs declaration and receipt included.',
  'Packed carefully in bubble wrap for shipping.',
  'One of a kind: the pattern is painted freehand.',
  'Measures about 20 cm across.',
  'Food safe and dishwasher friendly.',
  'Made from locally sourced materials.',
  'I brought back two and am keeping the other one.',
  'Signed on the underside by the artisan.',
  'Great condition, no chips or cracks.',
];
const CATEGORIES = ['Art & Crafts', 'Clothing', 'Jewelry', 'Home Decor', 'Food & Drinks', 'Textiles', 'Collectibles'];
const MESSAGES = [
  'Hi! Is this still available?',
  'Yes, it is. Would you like more photos?',
  'Could you ship to Canada?',
  'Sure, shipping takes about a week.',
  'Would you accept a slightly lower price?',
  'I can do 10% off if you buy today.',
  'Great, thanks! Buying now.',
  'Thanks, I will post it tomorrow morning.',
  'What are the exact dimensions?',
  'About 20 cm tall and 12 cm wide.',
  'Is there any damage?',
  'None at all, it is in mint condition.',
];

const arr = (values) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const pick = (values, r) => `(${arr(values)})[1 + floor(${r} * ${values.length})::int]`;

/**
 * What bench products contain, as shares of the catalogue: most souvenirs none of the kinds, food and wood
 * the common others, wildlife and cultural items rare; null is a listing whose contents were not declared.
 */
const CONTENTS_MIX = [
  [0.03, null],
  [0.7, '{none}'],
  [0.78, '{food}'],
  [0.86, '{wood}'],
  [0.89, '{leather-or-reptile-skin}'],
  [0.91, '{plant-or-seeds}'],
  [0.93, '{shell}'],
  [0.95, '{alcohol}'],
  [0.96, '{fur-or-feathers}'],
  [0.97, '{antique-over-100-years}'],
  [0.98, '{cultural-or-archaeological}'],
  [0.985, '{medicine}'],
  [1, '{wood,shell}'],
];
const contentsMix = (r) =>
  `CASE ${CONTENTS_MIX.map(([upTo, v]) => `WHEN ${r} < ${upTo} THEN ${v === null ? 'NULL' : `'${v}'`}`).join(' ')} END::text[]`;

/** Sizes derived from the product count. */
export function seedPlan(products) {
  const users = Math.max(2000, Math.round(products / 50));
  const sellers = Math.round(users * 0.3);
  return {
    products,
    users,
    sellers,
    // Users 1..loginUsers sign in during the bench: half sellers (many conversations), half buyers (users > sellers).
    loginUsers: 40,
    favouritesPerUser: 12,
    favouritesPerLoginUser: 60,
    conversationsPerUser: 4,
    conversationsPerLoginUser: 25,
    messagesPerConversation: 6,
  };
}

/** The bench's signed-in users: ids g in 1..n/2 (sellers) and sellers+1.. (buyers). */
export function loginUserNumbers(plan) {
  const half = plan.loginUsers / 2;
  return [
    ...Array.from({ length: half }, (_, i) => i + 1),
    ...Array.from({ length: half }, (_, i) => plan.sellers + 1 + i),
  ];
}
export const username = (g) => `bench${String(g).padStart(7, '0')}`;

export async function seed(client, plan, { imageBase, skipMissing = false }) {
  const t0 = Date.now();
  const step = async (label, sql, params = []) => {
    const t = Date.now();
    let res;
    try {
      res = await client.query(sql, params);
    } catch (error) {
      // A part that starts only some services (e.g. --only alerts) has no tables for the others: skipped.
      if (!skipMissing || error.code !== '42P01') throw error;
      console.log(`  seed: ${label} skipped (${error.message})`);
      return { rowCount: 0, rows: [] };
    }
    console.log(`  seed: ${label} ${res.rowCount ?? ''} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    return res;
  };
  const passwordHash = await hash(BENCH_PASSWORD, ARGON2);
  const isLogin = (g) =>
    `(${g} <= ${plan.loginUsers / 2} OR (${g} > ${plan.sellers} AND ${g} <= ${plan.sellers + plan.loginUsers / 2}))`;
  await client.query(`SET synchronous_commit = off`);
  // A deterministic version-4-shaped UUID from a key (the API's UUID checks want a version and a variant).
  await client.query(`CREATE FUNCTION pg_temp.bid(text) RETURNS uuid LANGUAGE sql IMMUTABLE
    AS $$ SELECT overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`);
  await client.query(`SET maintenance_work_mem = '256MB'`);

  await step(
    'identity.users',
    `
    INSERT INTO identity.users (id, username, email, password_hash, first_name, last_name, avatar, location, is_verified, created_at, updated_at)
    SELECT pg_temp.bid('u' || g), 'bench' || lpad(g::text, 7, '0'), 'bench' || g || '@bench.example', $1,
           ${pick(FIRST, 'r1')}, ${pick(LAST, 'r2')}, NULL, ${pick(LOCATIONS, 'r3')}, r4 < 0.3, ts, ts
      FROM (SELECT g, random() r1, random() r2, random() r3, random() r4, now() - random() * interval '730 days' ts
              FROM generate_series(1, $2::int) g) s`,
    [passwordHash, plan.users],
  );
  await step(
    'catalog.sellers',
    `
    INSERT INTO catalog.sellers (id, username, first_name, last_name, avatar, location, is_verified, version)
    SELECT id, username, first_name, last_name, avatar, location, is_verified, 1 FROM identity.users
     WHERE username <= 'bench' || lpad($1::text, 7, '0')`,
    [plan.sellers],
  );
  await step(
    'messaging.users',
    `
    INSERT INTO messaging.users (id, first_name, last_name, avatar, version) SELECT id, first_name, last_name, avatar, 1 FROM identity.users`,
  );

  // Products: sold when g % 33 = 0 (3 %), everything else active. Prices follow a long-tailed distribution.
  // Contents as sellers tick them (CONTENTS_MIX), 3 % not declared (listed through the API without them);
  // 4 % documented and 2 % checked origin, with provenance naming a document photo. No coral or ivory: some sellers'
  // countries refuse them, and catalog would not have listed them.
  await step(
    'catalog.products',
    `
    INSERT INTO catalog.products (id, seller_id, title, description, price, original_price, condition, category, country, images,
                                  is_customs_verified, status, favorite_count, created_at, updated_at,
                                  contents, origin_level, provenance)
    SELECT pg_temp.bid('p' || g), pg_temp.bid('u' || (1 + g % $2::int)),
           adj || ' ' || mat || ' ' || noun || ' from ' || city,
           adj || ' ' || lower(mat) || ' ' || lower(noun) || ' from ' || city || ', ' || country || '. ' || ph1 || ' ' || ph2 || ' ' || ph3,
           price, CASE WHEN r6 < 0.3 THEN round(price * 1.3, 2) END,
           CASE WHEN r7 < 0.6 THEN 'new' WHEN r7 < 0.85 THEN 'like-new' ELSE 'good' END,
           ${pick(CATEGORIES, 'r8')}, country, ARRAY[$3 || '/placeholder.svg'], r9 < 0.5,
           CASE WHEN g % 33 = 0 THEN 'sold' ELSE 'active' END, 0, ts, ts,
           ${contentsMix('r10')},
           CASE WHEN r11 < 0.02 THEN 'checked' WHEN r11 < 0.06 THEN 'documented' END,
           CASE WHEN r11 < 0.06 THEN jsonb_build_object('boughtCountry', country, 'boughtCity', city,
                                                        'documents', jsonb_build_array($3 || '/placeholder.svg')) END
      FROM (SELECT g, ${pick(ADJECTIVES, 'random()')} adj, ${pick(MATERIALS, 'random()')} mat, ${pick(NOUNS, 'random()')} noun,
                   c, (${arr(COUNTRIES)})[1 + c] country, (${arr(CITIES)})[1 + c * 3 + floor(random() * 3)::int] city,
                   ${pick(PHRASES, 'random()')} ph1, ${pick(PHRASES, 'random()')} ph2, ${pick(PHRASES, 'random()')} ph3,
                   round((4 + exp(random() * 6.2))::numeric, 2) price, random() r6, random() r7, random() r8, random() r9,
                   random() r10, random() r11, now() - random() * interval '365 days' ts
              FROM (SELECT g, floor(random() * ${COUNTRIES.length})::int c FROM generate_series(1, $1::int) g) gc) s`,
    [plan.products, plan.sellers, imageBase],
  );
  await step(
    'messaging.products',
    `
    INSERT INTO messaging.products (id, seller_id, title, status) SELECT id, seller_id, title, status FROM catalog.products`,
  );

  // Favourites of active products (g % 33 <> 0), consistent in favourites and catalog (favourite_states + favorite_count).
  await step(
    'favourites.favourites',
    `
    INSERT INTO favourites.favourites (user_id, product_id, is_active, version, favourited_at)
    SELECT pg_temp.bid('u' || u), pg_temp.bid('p' || CASE WHEN p % 33 = 0 THEN p + 1 ELSE p END), true, 1, now() - random() * interval '90 days'
      FROM generate_series(1, $1::int) u
      CROSS JOIN LATERAL (SELECT 1 + floor(random() * ($2::int - 1))::int + u * 0 AS p
                            FROM generate_series(1, CASE WHEN ${isLogin('u')} THEN $3::int ELSE $4::int END)) f
    ON CONFLICT DO NOTHING`,
    [plan.users, plan.products, plan.favouritesPerLoginUser, plan.favouritesPerUser],
  );
  // favourites' read model: the favourited products' cards, as catalog answers them, and their sellers.
  await step(
    'favourites.sellers',
    `
    INSERT INTO favourites.sellers (id, first_name, last_name, avatar, is_verified, version)
    SELECT id, first_name, last_name, avatar, is_verified, version FROM catalog.sellers`,
  );
  await step(
    'favourites.product_cards',
    `
    INSERT INTO favourites.product_cards (product_id, seller_id, card)
    SELECT p.id, p.seller_id, json_build_object('id', p.id, 'title', p.title, 'description', p.description, 'price', p.price::text,
             'originalPrice', p.original_price::text, 'condition', p.condition, 'category', p.category, 'country', p.country,
             'images', to_json(p.images), 'isCustomsVerified', p.is_customs_verified, 'contents', to_json(p.contents),
             'originLevel', coalesce(p.origin_level, CASE WHEN p.is_customs_verified THEN 'self-declared' END),
             'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'status', p.status)
      FROM catalog.products p WHERE p.id IN (SELECT product_id FROM favourites.favourites)`,
  );
  await step(
    'catalog.favourite_states',
    `
    INSERT INTO catalog.favourite_states (user_id, product_id, favourited, version)
    SELECT user_id, product_id, is_active, version FROM favourites.favourites`,
  );
  await step(
    'catalog.products.favorite_count',
    `
    UPDATE catalog.products p SET favorite_count = f.n
      FROM (SELECT product_id, count(*)::int n FROM catalog.favourite_states WHERE favourited GROUP BY product_id) f
     WHERE p.id = f.product_id`,
  );

  // Conversations: buyer u writes to the seller of a random active product; messages alternate, the last few unread.
  await step(
    'messaging.messages',
    `
    WITH conv AS (
      SELECT u, c, pg_temp.bid('u' || u) buyer, pg_temp.bid('u' || (1 + p % $2::int)) seller, pg_temp.bid('p' || p) product,
             now() - random() * interval '60 days' started
        FROM generate_series(1, $1::int) u
        CROSS JOIN LATERAL (SELECT c, 1 + floor(random() * ($3::int - 1))::int + u * 0 AS p0
                              FROM generate_series(1, CASE WHEN ${isLogin('u')} THEN $4::int ELSE $5::int END) c) pc
        CROSS JOIN LATERAL (SELECT CASE WHEN p0 % 33 = 0 THEN p0 + 1 ELSE p0 END AS p) pp
    )
    INSERT INTO messaging.messages (from_user_id, to_user_id, product_id, content, created_at, is_read)
    SELECT CASE WHEN m % 2 = 1 THEN buyer ELSE seller END, CASE WHEN m % 2 = 1 THEN seller ELSE buyer END, product,
           (${arr(MESSAGES)})[1 + (m - 1) % ${MESSAGES.length}], started + m * interval '7 minutes', m < $6::int - 1
      FROM conv CROSS JOIN generate_series(1, $6::int) m
     WHERE buyer <> seller`,
    [
      plan.users,
      plan.sellers,
      plan.products,
      plan.conversationsPerLoginUser,
      plan.conversationsPerUser,
      plan.messagesPerConversation,
    ],
  );
  // Sellers among the login users also get buyers writing to them (users > sellers write to sellers 1..loginUsers/2).
  await step(
    'messaging.messages (to login sellers)',
    `
    WITH conv AS (
      SELECT s, b, pg_temp.bid('u' || s) seller, pg_temp.bid('u' || ($2::int + 1 + (s * 97 + b * 31) % ($1::int - $2::int))) buyer,
             pg_temp.bid('p' || (s - 1 + $2::int * (b + 1))) product, now() - random() * interval '60 days' started
        FROM generate_series(1, $3::int) s CROSS JOIN generate_series(1, $4::int) b
       WHERE (s - 1 + $2::int * (b + 1)) % 33 <> 0 AND s - 1 + $2::int * (b + 1) <= $5::int
    )
    INSERT INTO messaging.messages (from_user_id, to_user_id, product_id, content, created_at, is_read)
    SELECT CASE WHEN m % 2 = 1 THEN buyer ELSE seller END, CASE WHEN m % 2 = 1 THEN seller ELSE buyer END, product,
           (${arr(MESSAGES)})[1 + (m - 1) % ${MESSAGES.length}], started + m * interval '7 minutes', m < $6::int - 1
      FROM conv CROSS JOIN generate_series(1, $6::int) m`,
    [
      plan.users,
      plan.sellers,
      plan.loginUsers / 2,
      plan.conversationsPerLoginUser,
      plan.products,
      plan.messagesPerConversation,
    ],
  );

  // Ratings: three sellers in five have published reviews, so product and seller cards carry a rating as in
  // production. Written as reviews' publications would leave them: reviews' summary (count, sum, distribution) and
  // the rating.changed it announces applied to every read model (catalog, favourites, identity) at version 1. The
  // reviews themselves are not seeded: no benched route lists them.
  await step(
    'reviews.rating_summaries',
    `
    INSERT INTO reviews.rating_summaries (user_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5, version)
    SELECT id, s1 + s2 + s3 + s4 + s5, s1 + 2 * s2 + 3 * s3 + 4 * s4 + 5 * s5, s1, s2, s3, s4, s5, 1
      FROM (SELECT id, (g % 7 = 0)::int s1, (g % 5 = 0)::int s2, g % 3 s3, 1 + g % 11 s4, 2 + g % 29 s5
              FROM (SELECT pg_temp.bid('u' || g) id, g FROM generate_series(1, $1::int) g) u
             WHERE g % 5 < 3) r`,
    [plan.sellers],
  );
  for (const table of ['catalog.sellers', 'favourites.sellers', 'identity.users'])
    await step(
      `${table} ratings`,
      `
    UPDATE ${table} t SET rating_average = round(r.rating_sum::numeric / r.review_count, 2),
           rating_count = r.review_count, rating_version = r.version
      FROM reviews.rating_summaries r WHERE r.user_id = t.id`,
    );

  const t = Date.now();
  await client.query(`VACUUM ANALYZE`);
  console.log(`  seed: VACUUM ANALYZE (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  const counts = (
    await client.query(`
    SELECT (SELECT count(*) FROM identity.users)::int users, (SELECT count(*) FROM catalog.sellers)::int sellers,
           (SELECT count(*) FROM catalog.products)::int products, (SELECT count(*) FROM catalog.products WHERE status = 'active')::int active,
           ${skipMissing ? 'NULL' : '(SELECT count(*) FROM favourites.favourites)'}::int favourites,
           ${skipMissing ? 'NULL' : '(SELECT count(*) FROM messaging.messages)'}::int messages`)
  ).rows[0];
  return { ...counts, seconds: (Date.now() - t0) / 1000 };
}

/** The words the seeded titles, categories and countries are made of (the cold-search scenario draws from them). */
export const VOCABULARY = { COUNTRIES, CITIES, ADJECTIVES, MATERIALS, NOUNS, CATEGORIES };
