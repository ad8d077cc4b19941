import { Injectable } from '@nestjs/common';
import { RPC, type ReportSnapshotDto, type ReportSubjectType } from '@souvenir/contracts';
import { RpcClient } from '@souvenir/platform';

const excerpt = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * What a report is about, asked from the service that owns it (no service reads another's schema), once per report:
 * it proves the reporter can see it (NOT_FOUND otherwise, as the owner answers) and names its owner, the person a
 * decision is about. Support sees this copy even after the owner edits or hides the content.
 */
@Injectable()
export class ReportSnapshots {
  constructor(private readonly rpc: RpcClient) {}

  async of(actorId: string, subjectType: ReportSubjectType, subjectId: string): Promise<ReportSnapshotDto> {
    switch (subjectType) {
      case 'product': {
        const product = await this.rpc.send(RPC.catalog.getProduct, { productId: subjectId });
        return {
          ownerId: product.seller.id,
          title: product.title,
          text: product.description,
          link: `/product/${product.id}`,
          image: product.images[0] ?? null,
        };
      }
      case 'user': {
        const user = await this.rpc.send(RPC.identity.getUser, { userId: subjectId });
        return {
          ownerId: user.id,
          title: `${user.firstName} ${user.lastName}`.trim(),
          text: user.location,
          link: `/profile/${user.id}`,
          image: user.avatar,
        };
      }
      case 'message':
        return this.rpc.send(RPC.messaging.reportSnapshot, { actorId, subjectType, subjectId });
      case 'review':
        return this.rpc.send(RPC.reviews.reportSnapshot, { actorId, subjectType, subjectId });
    }
  }
}

export { excerpt };
