import type { Response } from 'express';

/**
 * Reading a service's answer as the JSON text it wrote (RpcClient.sendSerialised), so that what the gateway passes on
 * unchanged is neither parsed nor written again.
 */

/**
 * JSON text to answer as it is (returned by a handler, or sent), with the Content-Type `res.json` gives a value:
 * express then adds the same charset and, from the same bytes, the same ETag.
 */
export function jsonText(res: Response, json: string): string {
  res.setHeader('Content-Type', 'application/json');
  return json;
}

/**
 * Splits the JSON text of an object whose last member is `key` (an array or an object) into that member's text and
 * the other members, parsed; undefined when the text is not laid out so (the caller then parses it whole). `"key":`
 * cannot occur unescaped inside a string, the members before it must parse as an object on their own, and the
 * member's value must end where the object does, so the cut is the object's own member, and the member's text is
 * exactly what `JSON.stringify` writes of its value.
 */
export function splitLastMember<Rest extends object>(
  json: string,
  key: string,
): { member: string; rest: Rest } | undefined {
  const name = `"${key}":`;
  const at = json.indexOf(name);
  if (at < 1 || !json.endsWith('}')) return undefined;
  const start = at + name.length;
  const first = json.charCodeAt(start);
  if ((first !== OPEN_ARRAY && first !== OPEN_OBJECT) || endOfValue(json, start) !== json.length - 1) return undefined;
  const member = json.slice(start, -1);
  if (at === 1) return { member, rest: {} as Rest };
  if (json[at - 1] !== ',') return undefined;
  try {
    const rest: unknown = JSON.parse(`${json.slice(0, at - 1)}}`);
    return rest && typeof rest === 'object' && !Array.isArray(rest) ? { member, rest: rest as Rest } : undefined;
  } catch {
    return undefined;
  }
}

const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT, QUOTE, BACKSLASH] = [...'[]{}"\\'].map((c) =>
  c.charCodeAt(0),
);

/** The index just past the array or object that opens at `start` (strings skipped whole); -1 if it never closes. */
function endOfValue(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = i;
      do end = text.indexOf('"', end + 1);
      while (end > 0 && isEscaped(text, end));
      if (end < 0) return -1;
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
    else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && --depth === 0) return i + 1;
  }
  return -1;
}

/** Whether the character at `at` follows an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
  return slashes % 2 === 1;
}

const NOT_FAVOURITED = '"isFavorited":false';
const FAVOURITED = '"isFavorited":true';

/**
 * A product's JSON with the caller's heart: catalog writes `"isFavorited":false` (it is the caller's, filled in here),
 * so the text is the same unless the caller favourited it; undefined when the member is not there exactly once (the
 * caller then parses it whole).
 */
export function withHeart(productJson: string, favourited: boolean): string | undefined {
  const at = productJson.indexOf(NOT_FAVOURITED);
  if (at < 0 || productJson.indexOf(NOT_FAVOURITED, at + 1) >= 0) return undefined;
  return favourited
    ? `${productJson.slice(0, at)}${FAVOURITED}${productJson.slice(at + NOT_FAVOURITED.length)}`
    : productJson;
}

/**
 * A list's items JSON with the caller's hearts. Catalog writes `"isFavorited":false` once in each item, in the order of
 * `ids` (the member cannot occur unescaped inside a string), so the k-th is the k-th item's. Undefined when the count
 * is not one an item (the caller then parses the items whole); with no heart to write, the text is already right.
 */
export function withHearts(
  itemsJson: string,
  ids: readonly string[],
  favourited: ReadonlySet<string>,
): string | undefined {
  if (favourited.size === 0) return itemsJson;
  const parts: string[] = [];
  let copiedUpTo = 0;
  let item = 0;
  for (let at = itemsJson.indexOf(NOT_FAVOURITED); at >= 0; at = itemsJson.indexOf(NOT_FAVOURITED, at + 1), item++) {
    if (item >= ids.length) return undefined;
    if (!favourited.has(ids[item])) continue;
    parts.push(itemsJson.slice(copiedUpTo, at), FAVOURITED);
    copiedUpTo = at + NOT_FAVOURITED.length;
  }
  if (item !== ids.length) return undefined;
  parts.push(itemsJson.slice(copiedUpTo));
  return parts.join('');
}
