import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';

/** An order id (UUID) or a guest's private order token (base64url): anything else names no order. */
const ORDER_REF = /^[A-Za-z0-9_-]{1,100}$/;

/** A path's order reference that cannot name an order answers 404, like an unknown one (API.md). */
@Injectable()
export class OrderRefPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!ORDER_REF.test(value)) throw new NotFoundException('Order not found');
    return value;
  }
}
