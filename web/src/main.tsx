import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateProductDto, LoginDto, RegisterDto } from '@souvenir/contracts';

async function run() {
  const out: Record<string, unknown> = {};
  for (const [name, cls, v] of [
    ['login', LoginDto, { username: '', password: '' }],
    ['register', RegisterDto, { email: 'x', password: '1', username: ' ab ', firstName: ' ', lastName: '', location: '' }],
    ['product', CreateProductDto, { title: '', description: 'short', price: '', originalPrice: '', condition: '', category: '', country: '', images: [], isCustomsVerified: false }],
    ['product2', CreateProductDto, { title: 'Hello there', description: 'a'.repeat(25), price: '-1', originalPrice: '', condition: 'new', category: 'Jewelry', country: 'Japan', images: ['http://localhost:3000/x.jpg'], isCustomsVerified: false }],
  ] as const) {
    const errs = await validate(plainToInstance(cls as never, v) as object);
    out[name] = errs.map((e) => [e.property, e.constraints]);
  }
  document.body.textContent = JSON.stringify(out);
}
run().catch((e) => (document.body.textContent = 'ERR ' + String(e)));
