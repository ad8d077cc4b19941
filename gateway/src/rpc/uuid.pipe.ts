import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** An id that is not a UUID cannot name anything: 404, like an unknown id (API.md). */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  constructor(private readonly what = 'Resource') {}

  transform(value: string): string {
    if (!isUUID(value, 'all')) throw new NotFoundException(`${this.what} not found`);
    return value;
  }
}
