/**
 * A handler's answer already written as JSON: the text of a value of type `T`, exactly as `JSON.stringify` writes
 * it. A service returns one when it keeps an answer for many requests (a cached page): the reply then carries these
 * bytes as they are, instead of the value being written to JSON again for every request. Callers cannot tell the
 * difference: the reply is the same text either way.
 */
export class SerialisedJson<T> {
  /** Only for the compiler: the type the text is of. */
  declare readonly valueType?: T;
  /** The reply packet's head with the text, in UTF-8: encoded at the first reply, not at every one. */
  private replyHead?: Buffer;

  private constructor(readonly json: string) {}

  static of<T>(value: T): SerialisedJson<T> {
    return new SerialisedJson<T>(JSON.stringify(value));
  }

  /**
   * Text its caller made as `JSON.stringify` would write a T, from parts already in JSON (stored text), so that the
   * value is never built only to be written again. The caller answers for the text: a unit test compares it with
   * `JSON.stringify` of the value.
   */
  static ofText<T>(json: string): SerialisedJson<T> {
    return new SerialisedJson<T>(json);
  }

  /** `{"response":` and the text, in UTF-8. */
  replyHeadBytes(): Buffer {
    return (this.replyHead ??= Buffer.from(`${REPLY_HEAD}${this.json}`));
  }
}

const REPLY_HEAD = '{"response":';

/**
 * Nest's reply packet (`{ response, isDisposed, id }`, or `{ err, ... }`) in UTF-8 JSON, with a `SerialisedJson`
 * response spliced in as is: the same bytes `JSON.stringify` makes of the packet with the value itself. The head with
 * the response is encoded once per SerialisedJson, so a page kept for many requests is not encoded for each of them.
 */
export function serialiseReplyPacket(packet: Record<string, unknown>): Buffer | undefined {
  const { response } = packet;
  if (!(response instanceof SerialisedJson)) return undefined;
  const marker = `${REPLY_HEAD}0`;
  const text = JSON.stringify({ ...packet, response: 0 });
  if (!text.startsWith(marker)) return undefined;
  return Buffer.concat([response.replyHeadBytes(), Buffer.from(text.slice(marker.length))]);
}
