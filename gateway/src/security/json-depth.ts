import type { NextFunction, Request, Response } from 'express';

/** Deeper than any real payload (the deepest DTO nests 2 levels); deeper bodies are refused before validation. */
export const MAX_JSON_DEPTH = 16;

/**
 * A JSON body nested thousands of levels deep parses fine but overflows the stack of the recursive
 * transform/validation that follows (a 500 and a cheap denial of service): refuse it with 400 instead.
 * Iterative, so the check itself cannot overflow.
 */
export function jsonDepthLimit(maxDepth = MAX_JSON_DEPTH) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (tooDeep(req.body, maxDepth)) {
      return res.status(400).json({ statusCode: 400, message: 'Request body is nested too deeply' });
    }
    next();
  };
}

function tooDeep(root: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue; // raw webhook bodies stay bytes
    if (depth >= maxDepth) return true;
    for (const child of Object.values(value as object)) stack.push([child, depth + 1]);
  }
  return false;
}
