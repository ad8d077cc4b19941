// Dev aid only: serves web/dist with an index.html fallback and a tiny in-memory stub of /api (API.md).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { randomUUID } from 'node:crypto';

const dist = new URL('../dist/', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 4173);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.jpg': 'image/jpeg', '.png': 'image/png', '.json': 'application/json' };

const now = Date.now();
const users = [
  { id: '11111111-1111-4111-8111-111111111111', username: 'maria', password: 'secret1', firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', avatar: null, location: 'Austin, TX', isVerified: true, createdAt: new Date(now - 400 * 864e5).toISOString() },
  { id: '22222222-2222-4222-8222-222222222222', username: 'kenji', password: 'secret1', firstName: 'Kenji', lastName: 'Sato', email: 'kenji@example.com', avatar: null, location: null, isVerified: false, createdAt: new Date(now - 20 * 864e5).toISOString() },
];
const countries = ['Japan', 'France', 'Italy', 'Thailand', 'Morocco', 'Peru', 'Mexico'];
const cats = ['Art & Crafts', 'Clothing', 'Jewelry', 'Home Decor', 'Food & Drinks', 'Textiles', 'Collectibles'];
const conds = ['new', 'like-new', 'good'];
const titles = ['Hand-painted ceramic tea set', 'Vintage silk scarf', 'Silver filigree earrings', 'Olive wood salad bowl', 'Matcha tasting box', 'Alpaca wool poncho', 'Brass lantern', 'Murano glass pendant', 'Pop culture figurine', 'Antique music box'];
let products = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: titles[i % titles.length] + (i >= 10 ? ` #${i}` : ''),
  description: 'A lovely souvenir brought home from my trip, carefully packed and customs cleared. Handmade by local artisans.',
  price: (12 + i * 7.5).toFixed(2),
  originalPrice: i % 3 === 0 ? (20 + i * 9).toFixed(2) : null,
  condition: conds[i % 3],
  category: cats[i % cats.length],
  country: countries[i % countries.length],
  images: i % 4 === 3 ? [] : [`/samples/souvenir-${(i % 3) + 1}.jpg`, `/samples/souvenir-${((i + 1) % 3) + 1}.jpg`],
  isCustomsVerified: i % 2 === 0,
  isFavorited: false,
  createdAt: new Date(now - i * 3600e3 * 7).toISOString(),
  status: i === 5 ? 'sold' : 'active',
  sellerId: users[i % 2].id,
}));
let session = process.env.SIGNED_IN ? users[0].id : null;
const delay = Number(process.env.DELAY ?? 150);

const me = (u) => { const { password, ...rest } = u; return rest; };
const pub = (u) => { const { password, email, ...rest } = u; return rest; };
const view = (p) => { const s = users.find((u) => u.id === p.sellerId); const { sellerId, ...rest } = p; return { ...rest, seller: { id: s.id, firstName: s.firstName, lastName: s.lastName, avatar: s.avatar, isVerified: s.isVerified } }; };

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}
const fail = (res, status, message) => send(res, status, { statusCode: status, message });
async function json(req) { let s = ''; for await (const c of req) s += c; return s ? JSON.parse(s) : {}; }

async function api(req, res, url) {
  await new Promise((r) => setTimeout(r, delay));
  const p = url.pathname.replace(/^\/api/, '');
  const m = req.method;
  const user = users.find((u) => u.id === session);
  if (m === 'GET' && p === '/auth/me') return user ? send(res, 200, me(user)) : fail(res, 401, 'You need to be logged in');
  if (m === 'POST' && p === '/auth/login') {
    const b = await json(req); const u = users.find((x) => x.username === b.username && x.password === b.password);
    if (!u) return fail(res, 401, 'Invalid username or password'); session = u.id; return send(res, 200, me(u));
  }
  if (m === 'POST' && p === '/auth/register') {
    const b = await json(req); if (users.some((x) => x.username === b.username)) return fail(res, 409, 'Username is already taken');
    const u = { id: randomUUID(), avatar: null, isVerified: false, createdAt: new Date().toISOString(), location: null, ...b }; users.push(u); session = u.id; return send(res, 201, me(u));
  }
  if (m === 'POST' && p === '/auth/logout') { session = null; return send(res, 204); }
  if (m === 'GET' && p === '/categories') {
    const counts = {}; for (const x of products) if (x.status === 'active') counts[x.country] = (counts[x.country] ?? 0) + 1;
    return send(res, 200, Object.entries(counts).map(([country, count], i) => ({ id: String(i + 1), country, count })));
  }
  if (m === 'GET' && p === '/products') {
    const q = url.searchParams; let list = products.filter((x) => x.status === 'active');
    const s = q.get('search')?.toLowerCase(); if (s) list = list.filter((x) => `${x.title} ${x.description} ${x.category}`.toLowerCase().includes(s));
    if (q.get('country')) list = list.filter((x) => x.country === q.get('country'));
    if (q.get('minPrice')) list = list.filter((x) => Number(x.price) >= Number(q.get('minPrice')));
    if (q.get('maxPrice')) list = list.filter((x) => Number(x.price) <= Number(q.get('maxPrice')));
    const cs = q.getAll('categories').flatMap((c) => c.split(',')); if (cs.length) list = list.filter((x) => cs.includes(x.category));
    if (q.get('condition')) list = list.filter((x) => x.condition === q.get('condition'));
    const sort = q.get('sort'); if (sort === 'price_asc') list.sort((a, b) => a.price - b.price); if (sort === 'price_desc') list.sort((a, b) => b.price - a.price);
    const limit = Number(q.get('limit') ?? 24); const start = Number(q.get('cursor') ?? 0);
    const page = list.slice(start, start + limit); const headers = { 'x-total-count': String(list.length) };
    if (start + limit < list.length) headers['x-next-cursor'] = String(start + limit);
    return send(res, 200, page.map(view), headers);
  }
  if (m === 'POST' && p === '/products') {
    if (!user) return fail(res, 401, 'You need to be logged in');
    const b = await json(req); const x = { ...b, id: randomUUID(), price: Number(b.price).toFixed(2), originalPrice: b.originalPrice == null ? null : Number(b.originalPrice).toFixed(2), isFavorited: false, createdAt: new Date().toISOString(), status: 'active', sellerId: user.id };
    products.unshift(x); return send(res, 201, view(x));
  }
  let r;
  if ((r = p.match(/^\/products\/([^/]+)$/))) {
    const x = products.find((y) => y.id === r[1] && y.status !== 'removed'); if (!x) return fail(res, 404, 'Product not found');
    if (m === 'GET') return send(res, 200, view(x));
    if (m === 'DELETE') { if (!user) return fail(res, 401, 'You need to be logged in'); if (x.sellerId !== user.id) return fail(res, 403, 'Not your product'); x.status = 'removed'; return send(res, 204); }
  }
  if ((r = p.match(/^\/users\/([^/]+)\/products$/)) && m === 'GET') return send(res, 200, products.filter((x) => x.sellerId === r[1] && x.status !== 'removed').map(view));
  if ((r = p.match(/^\/users\/([^/]+)$/))) {
    const u = users.find((x) => x.id === r[1]); if (!u) return fail(res, 404, 'User not found');
    if (m === 'GET') return send(res, 200, pub(u));
    if (m === 'PUT') { if (!user || user.id !== u.id) return fail(res, 403, 'Forbidden'); Object.assign(u, await json(req)); return send(res, 200, me(u)); }
  }
  if (m === 'GET' && p === '/favorites') return user ? send(res, 200, []) : fail(res, 401, 'You need to be logged in');
  return fail(res, 404, 'Not found');
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  try {
    if (url.pathname.startsWith('/api/')) return await api(req, res, url);
    let file = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist) || !(await stat(file).catch(() => null))?.isFile()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(await readFile(file));
  } catch (e) { console.error(e); fail(res, 500, 'stub error'); }
}).listen(port, () => console.log(`stub on http://localhost:${port}`));
