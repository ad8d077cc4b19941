import {
  createParamDecorator,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { tap, type Observable } from 'rxjs';

declare module 'express-session' {
  interface SessionData {
    /** When this browser's person last changed their listings (ms): their lists then read catalog's primary. */
    listingsWrittenAt?: number;
  }
}

/**
 * On a catalog write that succeeded (a listing created, edited, removed, relisted, reserved, away mode), notes its
 * time in the session: catalog reads browse, search and sellers' lists from a replica that may lag, and for a short
 * while after this time it reads this person's from the primary instead (catalog's README "Reads from a replica").
 * The session is written back before the answer goes out (express-session saves a changed session first), so the
 * person's next request carries it.
 */
@Injectable()
export class NoteListingWrite implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      tap(() => {
        if (req.session?.userId) req.session.listingsWrittenAt = Date.now();
      }),
    );
  }
}

/** The caller's last listing write (ms) for a list request's `wroteAt`, or undefined (a guest, or none noted). */
export const ListingsWrittenAt = createParamDecorator((_: unknown, context: ExecutionContext): number | undefined => {
  return context.switchToHttp().getRequest<Request>().session?.listingsWrittenAt;
});
