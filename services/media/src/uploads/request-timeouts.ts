import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { MediaConfig } from '../config/media.config';

/**
 * A request must arrive whole within MEDIA_REQUEST_SECONDS (Node's default is 5 minutes, long enough for slow
 * bodies to pile up); readOneFile also drops a body that goes quiet for MEDIA_BODY_IDLE_SECONDS.
 */
@Injectable()
export class RequestTimeouts implements OnModuleInit {
  constructor(
    private readonly config: MediaConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) server.requestTimeout = this.config.MEDIA_REQUEST_SECONDS * 1000;
  }
}
