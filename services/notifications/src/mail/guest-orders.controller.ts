import { Controller } from '@nestjs/common';
import { RPC, type Done, type RpcRequest } from '@souvenir/contracts';
import { RpcHandler } from '@souvenir/platform';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MailQueue } from './mail-queue';

/**
 * "Find my order": the same work whatever the address (one row queued), so neither the answer nor its time says
 * whether it paid for anything; the sender asks payments later and sends nothing when there is nothing.
 */
@Controller()
export class GuestOrdersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailQueue,
  ) {}

  @RpcHandler(RPC.notifications.requestGuestOrderLinks)
  async requestGuestOrderLinks({ email }: RpcRequest<typeof RPC.notifications.requestGuestOrderLinks>): Promise<Done> {
    await this.mail.add(this.dataSource.manager, [
      { eventId: `find-my-order:${randomUUID()}`, kind: 'order-links', to: { email }, params: {} },
    ]);
    return { ok: true };
  }
}
