import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from '../validation/field-errors';
import { MESSAGES } from '../validation/messages';
import { RegisterDto, UpdateProfileDto } from './user.dto';

const base = {
  email: 'a@example.com',
  password: 'secret1',
  username: 'yuki',
  firstName: 'Yuki',
  lastName: 'Tanaka',
  location: 'Tokyo',
};
const errorsOf = <T extends object>(type: new () => T, plain: object) =>
  toFieldErrors(validateSync(plainToInstance(type, plain)));

describe('usernames from a plain set', () => {
  it.each(['yuki', 'Yuki', 'marco', 'amara', 'sofia', 'lea', 'anna.k', 'j_doe', 'mary-jane', 'bench0000001', 'u2x'])(
    'accepts %s',
    (username) => {
      expect(errorsOf(RegisterDto, { ...base, username })).toEqual([]);
    },
  );

  it.each([
    ['a Cyrillic і', 'yuk\u0456'],
    ['full-width letters', 'ｙｕｋｉ'],
    ['a zero-width space', 'yu\u200Bki'],
    ['a right-to-left override', '\u202Eikuy'],
    ['HTML', '<b>yuki</b>'],
    ['a space inside', 'yu ki'],
    ['an accent', 'yúki'],
    ['a leading dot', '.yuki'],
    ['a trailing hyphen', 'yuki-'],
    ['two separators in a row', 'yu__ki'],
    ['an at sign', 'yuki@home'],
  ])('refuses a username with %s', (_, username) => {
    expect(errorsOf(RegisterDto, { ...base, username })).toEqual([
      { field: 'username', message: MESSAGES.usernameCharacters },
    ]);
  });

  it('still says a short username is too short first', () => {
    expect(errorsOf(RegisterDto, { ...base, username: 'y!' })).toEqual([
      { field: 'username', message: MESSAGES.usernameMin },
    ]);
  });
});

describe('names without control, format or bidi characters', () => {
  it('refuses them in first name, last name and location, at registration and on profile update', () => {
    const spoofed = { firstName: 'Yu\u200Bki', lastName: '\u202Eakanat', location: 'Tokyo\u2066' };
    const expected = [
      { field: 'firstName', message: MESSAGES.firstNameNotPlain },
      { field: 'lastName', message: MESSAGES.lastNameNotPlain },
      { field: 'location', message: MESSAGES.locationNotPlain },
    ];
    expect(errorsOf(RegisterDto, { ...base, ...spoofed })).toEqual(expected);
    expect(errorsOf(UpdateProfileDto, spoofed)).toEqual(expected);
  });

  it('keeps "required" as the message for an empty name', () => {
    expect(errorsOf(UpdateProfileDto, { firstName: ' ', lastName: 'Tanaka' })).toEqual([
      { field: 'firstName', message: MESSAGES.firstNameRequired },
    ]);
  });
});
