import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES } from '@souvenir/contracts';

/** Routes that need a signed-in user answer 401 without one. */
@Injectable()
export class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.session?.userId) throw new UnauthorizedException(MESSAGES.notSignedIn);
    return true;
  }
}

/** The signed-in user's id (use behind AuthGuard); passed to services as `actorId`. */
export const ActorId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<Request>().session.userId!;
});

/** The signed-in user's id, or undefined for a guest. */
export const OptionalActorId = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  return context.switchToHttp().getRequest<Request>().session?.userId;
});
