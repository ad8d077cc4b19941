import { ACCOUNT_DELETION_MESSAGES, ACCOUNT_MESSAGES, DELETED_USER_NAME } from '@souvenir/contracts';
import { eventually } from '@souvenir/testing';
import { guestBuys, join, type Account } from './gateway-harness';
import { gatewayWorld } from './gateway-world';

/*
 * `DELETE /api/users/{id}` black-box over HTTP with the real services: refused while an order is open, for a wrong
 * password and for someone else's account; then the account is gone everywhere the other party looks.
 */
const { http } = gatewayWorld({ services: ['identity', 'catalog', 'messaging', 'payments'] });

let leaving: Account;
let buyer: Account;
let busySeller: Account;
let productId: string;

const stamp = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  leaving = await join(http, `dana${stamp}`, 'Dana');
  buyer = await join(http, `ben${stamp}`, 'Ben');
  busySeller = await join(http, `sam${stamp}`, 'Sam');
  const product = await http
    .post('/api/products')
    .set('Cookie', leaving.cookie)
    .send({
      title: 'Carved olive-wood bowl',
      description: 'Bought from the carver in Kotor, oiled once a year.',
      price: 22,
      condition: 'like-new',
      category: 'Home Decor',
      country: 'Montenegro',
      images: ['https://example.com/bowl.jpg'],
    })
    .expect(201);
  productId = product.body.id;
  await http
    .post('/api/messages')
    .set('Cookie', buyer.cookie)
    .send({ toUserId: leaving.id, productId, content: 'Is the bowl food-safe?' })
    .expect(201);
  await http
    .post('/api/messages')
    .set('Cookie', leaving.cookie)
    .send({ toUserId: buyer.id, productId, content: 'Yes, call me on +351 912 345 678' })
    .expect(201);
});

it('refuses a seller with an open order with a sentence that says which and what to do (409)', async () => {
  await guestBuys(http, busySeller, 'Painted tile from Porto', `gia${stamp}@example.com`);
  const res = await http
    .delete(`/api/users/${busySeller.id}`)
    .set('Cookie', busySeller.cookie)
    .send({ password: 'secret1' })
    .expect(409);
  expect(res.body.message).toContain('You have 1 open order (“Painted tile from Porto”)');
  expect(res.body.message).toContain('You can delete your account once it is completed');
  await http.get('/api/auth/me').set('Cookie', busySeller.cookie).expect(200);
});

it('refuses a wrong password (403), a missing one (400), a guest (401) and another person’s account (403)', async () => {
  const wrong = await http
    .delete(`/api/users/${leaving.id}`)
    .set('Cookie', leaving.cookie)
    .send({ password: 'not-it' })
    .expect(403);
  expect(wrong.body.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
  await http.delete(`/api/users/${leaving.id}`).set('Cookie', leaving.cookie).send({}).expect(400);
  await http.delete(`/api/users/${leaving.id}`).send({ password: 'secret1' }).expect(401);
  const other = await http
    .delete(`/api/users/${leaving.id}`)
    .set('Cookie', buyer.cookie)
    .send({ password: 'secret1' })
    .expect(403);
  expect(other.body.message).toBe(ACCOUNT_DELETION_MESSAGES.onlyYourOwn);
  await http.get('/api/auth/me').set('Cookie', leaving.cookie).expect(200);
  await http.get(`/api/products/${productId}`).expect(200);
});

it('deletes the account: signed out, credentials dead, listing and profile gone, "Deleted user" to the other party', async () => {
  const res = await http
    .delete(`/api/users/${leaving.id}`)
    .set('Cookie', leaving.cookie)
    .send({ password: 'secret1' })
    .expect(204);
  expect(String(res.headers['set-cookie'] ?? '')).toMatch(/Expires=Thu, 01 Jan 1970/);

  await http.get('/api/auth/me').set('Cookie', leaving.cookie).expect(401);
  await http
    .post('/api/auth/login')
    .send({ username: `dana${stamp}`, password: 'secret1' })
    .expect(401);
  await http.get(`/api/users/${leaving.id}`).expect(404);

  await eventually(() => http.get(`/api/products/${productId}`).expect(404));
  await eventually(async () => {
    const inbox = await http.get('/api/messages/conversations').set('Cookie', buyer.cookie).expect(200);
    const other = inbox.body[0].fromUserId === leaving.id ? inbox.body[0].fromUser : inbox.body[0].toUser;
    expect(`${other.firstName} ${other.lastName}`).toBe(DELETED_USER_NAME);
    expect(other.avatar ?? null).toBeNull();
  });
  const thread = await http.get(`/api/messages/${leaving.id}`).set('Cookie', buyer.cookie).expect(200);
  expect(thread.body.map((m: { content: string }) => m.content)).toEqual([
    'Is the bowl food-safe?',
    ACCOUNT_DELETION_MESSAGES.erasedMessage,
  ]);
  expect(JSON.stringify(thread.body)).not.toContain('912 345');
});

it('frees the username and address for a new registration (a new account, nothing of the old one)', async () => {
  const again = await join(http, `dana${stamp}`, 'Dana');
  expect(again.id).not.toBe(leaving.id);
});
