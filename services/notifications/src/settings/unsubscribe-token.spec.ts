import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-of-more-than-thirty-two-characters';
const ANA = '0f5e2c1a-0000-4000-8000-000000000001';
const BEN = '0f5e2c1a-0000-4000-8000-000000000002';

describe('unsubscribe tokens', () => {
  it('name the person and the kind they were signed for', () => {
    const token = signUnsubscribeToken(SECRET, ANA, 'messages');
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ userId: ANA, kind: 'messages' });
  });

  it('refuse another person or kind under the same signature, another secret, and any other shape', () => {
    const [, signature] = signUnsubscribeToken(SECRET, ANA, 'messages').split('.');
    for (const payload of [`${BEN}:messages`, `${ANA}:reviews`, `${ANA}:nonsense`, 'not-a-user:messages'])
      expect(verifyUnsubscribeToken(SECRET, `${Buffer.from(payload).toString('base64url')}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken('another-secret', signUnsubscribeToken(SECRET, ANA, 'messages'))).toBeNull();
    for (const token of ['', '.', 'a.b', 'a.b.c', `${signUnsubscribeToken(SECRET, ANA, 'messages')}.x`])
      expect(verifyUnsubscribeToken(SECRET, token)).toBeNull();
    // Signed with the right secret, yet naming no kind of setting: refused.
    expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, ANA, '__proto__' as never))).toBeNull();
  });
});
