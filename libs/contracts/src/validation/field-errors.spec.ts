import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateProductDto } from '../catalog/product.dto';
import { RegisterDto } from '../identity/user.dto';
import { toFieldErrors } from './field-errors';

const errorsOf = <T extends object>(type: new () => T, plain: object) =>
  toFieldErrors(validateSync(plainToInstance(type, plain)));

describe('toFieldErrors with the spec messages', () => {
  it('reports the first rule written above a field (required before format)', () => {
    const errors = errorsOf(CreateProductDto, {
      title: '',
      description: '',
      price: '',
      condition: '',
      category: '',
      country: '',
      images: [],
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title must be at least 5 characters' },
        { field: 'description', message: 'Description must be at least 20 characters' },
        { field: 'price', message: 'Price is required' },
        { field: 'condition', message: 'Please select condition' },
        { field: 'category', message: 'Category is required' },
        { field: 'country', message: 'Country is required' },
        { field: 'images', message: 'At least one image is required' },
      ]),
    );
  });

  it('uses the limit messages of the spec', () => {
    const errors = errorsOf(CreateProductDto, {
      title: 'x'.repeat(101),
      description: 'y'.repeat(1001),
      price: -1,
      condition: 'new',
      category: 'Jewelry',
      country: 'Peru',
      images: Array.from({ length: 7 }, (_, i) => `https://example.com/${i}.jpg`),
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title too long' },
        { field: 'description', message: 'Description too long' },
        { field: 'price', message: 'Price must be a positive number' },
        { field: 'images', message: 'Maximum 6 images allowed' },
      ]),
    );
  });

  it('refuses image URLs that are not http(s)', () => {
    const errors = errorsOf(CreateProductDto, {
      title: 'Valid title',
      description: 'A description long enough.',
      price: 5,
      condition: 'good',
      category: 'Jewelry',
      country: 'Peru',
      images: ['javascript:alert(1)'],
    });
    expect(errors).toEqual([{ field: 'images', message: 'Image URLs must start with http:// or https://' }]);
  });

  it('validates registration like the Join form', () => {
    expect(
      errorsOf(RegisterDto, { email: 'a@b.co', password: 'secret', username: 'abc', firstName: 'A', lastName: 'B' }),
    ).toEqual([]);
    const errors = errorsOf(RegisterDto, {
      email: 'nope',
      password: '12345',
      username: 'ab',
      firstName: ' ',
      lastName: 'B',
    });
    expect(errors).toHaveLength(4);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email address' },
        { field: 'password', message: 'Password must be at least 6 characters' },
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'firstName', message: 'First name is required' },
      ]),
    );
  });
});
