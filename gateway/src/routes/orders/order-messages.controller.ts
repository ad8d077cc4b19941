import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { OrderMessagesQueryDto, RPC, SendOrderMessageDto, type OrderMessagesDto } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';
import { WriteLimit } from '../../security/write-limits';
import { OptionalActorId } from '../../session/auth.guard';
import { OrderRefPipe } from './order-ref.pipe';

/**
 * The messages kept on an order between its buyer and its seller: `:ref` is the order id (a member, by session) or a
 * guest buyer's private token, as on the order's other routes. Writes count against the `messages` write limit (per
 * member, per guest IP). payments decides who may read and write (404 to anyone else).
 */
@Controller('api/orders/:ref/messages')
export class OrderMessagesController {
  constructor(private readonly rpc: RpcClient) {}

  /** The newest messages, oldest first; `before` pages back. */
  @Get()
  list(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Query() query: OrderMessagesQueryDto,
  ): Promise<OrderMessagesDto> {
    return this.rpc.send(RPC.payments.listOrderMessages, {
      orderRef,
      ...(actorId ? { actorId } : {}),
      ...(query.before ? { before: query.before } : {}),
    });
  }

  @Post()
  @WriteLimit('messages')
  @HttpCode(201)
  send(
    @OptionalActorId() actorId: string | undefined,
    @Param('ref', OrderRefPipe) orderRef: string,
    @Body() body: SendOrderMessageDto,
  ): Promise<OrderMessagesDto> {
    return this.rpc.send(RPC.payments.sendOrderMessage, {
      orderRef,
      ...(actorId ? { actorId } : {}),
      content: body.content,
    });
  }
}
