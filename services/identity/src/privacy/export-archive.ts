import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  RPC,
  USER_EXPORT_SECTIONS,
  type UserExportPage,
  type UserExportRequest,
  type UserExportService,
} from '@souvenir/contracts';
import { RpcClient, userExportPage } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';
import { IdentityConfig } from '../config/identity.config';
import { IDENTITY_EXPORT_SECTIONS } from './export-sections';
import { EXPORT_README } from './export-readme';

/** The header media reads the job's one-time upload token from. */
export const EXPORT_TOKEN_HEADER = 'x-export-token';

/**
 * Writes a person's archive as one zip, streamed into media's internal endpoint while it is produced: each section
 * is a JSON array written page by page as the zip asks for more, and each photo is read from media only when the zip
 * reaches it. Nothing holds more than a page or a chunk, whatever the size of the account.
 */
@Injectable()
export class ExportArchiveWriter {
  constructor(
    private readonly config: IdentityConfig,
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async write(exportId: string, userId: string, token: string): Promise<void> {
    const zip = new ZipFile();
    // yazl's types call it a NodeJS.ReadableStream; it is a stream.Readable (a PassThrough).
    const output = zip.outputStream as Readable;
    // Two uploads of one photo share its files: one entry each.
    const photos = new Set<string>();
    let uploadsListed = () => undefined as void;
    const listed = new Promise<void>((resolve) => (uploadsListed = resolve));
    zip.addBuffer(Buffer.from(EXPORT_README), 'README.txt');
    for (const service of Object.keys(USER_EXPORT_SECTIONS) as UserExportService[]) {
      for (const section of USER_EXPORT_SECTIONS[service]) {
        const media = service === 'media';
        const onItem = media ? (item: Record<string, unknown>) => photoOf(item, photos) : undefined;
        const onEnd = media ? uploadsListed : undefined;
        zip.addReadStreamLazy(`${service}/${section}.json`, (done) =>
          done(null, failsTheZip(zip, Readable.from(this.jsonArray(service, { userId, section }, onItem, onEnd)))),
        );
      }
    }
    const failed = new Promise<never>((_, reject) => zip.on('error', reject));
    const stored = Promise.race([this.upload(exportId, token, output), failed]);
    try {
      // Once the uploads list has been read, `photos` names every photo.
      await Promise.race([listed, stored]);
      for (const key of photos) {
        zip.addReadStreamLazy(`photos/${key}`, { compress: false }, (done) =>
          this.photo(exportId, token, key).then(
            (stream) => done(null, failsTheZip(zip, stream)),
            (error: Error) => done(error, undefined as never),
          ),
        );
      }
      zip.end();
      await stored;
    } catch (error) {
      // Media must not keep half an archive: cutting the upload short makes it refuse the whole of it.
      output.destroy(error as Error);
      throw error;
    }
  }

  private async *jsonArray(
    service: UserExportService,
    request: UserExportRequest,
    onItem?: (item: Record<string, unknown>) => void,
    onEnd?: () => void,
  ): AsyncGenerator<string> {
    yield '[';
    let first = true;
    let after: string | undefined;
    do {
      const page = await this.page(service, { ...request, ...(after ? { after } : {}) });
      let chunk = '';
      for (const item of page.items) {
        onItem?.(item);
        chunk += `${first ? '' : ','}\n${JSON.stringify(item)}`;
        first = false;
      }
      if (chunk) yield chunk;
      after = page.next;
    } while (after);
    onEnd?.();
    yield '\n]\n';
  }

  /** identity's own sections are read in-process; every other service answers over NATS. */
  private readonly sources: Record<UserExportService, (request: UserExportRequest) => Promise<UserExportPage>> = {
    identity: (request) => userExportPage(this.dataSource, IDENTITY_EXPORT_SECTIONS, request),
    catalog: (request) => this.rpc.send(RPC.catalog.exportUserData, request),
    favourites: (request) => this.rpc.send(RPC.favourites.exportUserData, request),
    messaging: (request) => this.rpc.send(RPC.messaging.exportUserData, request),
    payments: (request) => this.rpc.send(RPC.payments.exportUserData, request),
    reviews: (request) => this.rpc.send(RPC.reviews.exportUserData, request),
    notifications: (request) => this.rpc.send(RPC.notifications.exportUserData, request),
    media: (request) => this.rpc.send(RPC.media.exportUserData, request),
    moderation: (request) => this.rpc.send(RPC.moderation.exportUserData, request),
    alerts: (request) => this.rpc.send(RPC.alerts.exportUserData, request),
  };

  private page(service: UserExportService, request: UserExportRequest): Promise<UserExportPage> {
    return this.sources[service](request);
  }

  private upload(exportId: string, token: string, body: Readable): Promise<void> {
    return new Promise((resolve, reject) => {
      const put = httpRequest(
        new URL(`/internal/exports/${exportId}`, this.config.MEDIA_INTERNAL_URL),
        { method: 'PUT', headers: { 'content-type': 'application/zip', [EXPORT_TOKEN_HEADER]: token } },
        (answer) => {
          answer.resume();
          answer.on('end', () =>
            answer.statusCode === 201 ? resolve() : reject(new Error(`media answered ${answer.statusCode}`)),
          );
        },
      );
      put.on('error', reject);
      pipeline(body, put).catch(reject);
    });
  }

  /** A photo of the person's, as media stores it; a photo media no longer has is an empty file. */
  private photo(exportId: string, token: string, key: string): Promise<Readable> {
    return new Promise((resolve, reject) => {
      const get = httpRequest(
        new URL(`/internal/exports/${exportId}/photos/${key}`, this.config.MEDIA_INTERNAL_URL),
        { headers: { [EXPORT_TOKEN_HEADER]: token } },
        (answer: IncomingMessage) => {
          if (answer.statusCode === 200) return resolve(answer);
          answer.resume();
          resolve(Readable.from([]));
        },
      );
      get.on('error', reject);
      get.end();
    });
  }
}

/** yazl pipes an entry's stream without listening for its errors: a failed page or photo fails the whole zip. */
function failsTheZip(zip: ZipFile, stream: Readable): Readable {
  return stream.once('error', (error) => zip.emit('error', error));
}

function photoOf(item: Record<string, unknown>, photos: Set<string>): void {
  const key = typeof item.url === 'string' ? item.url.split('/').pop() : undefined;
  if (key) photos.add(key);
}
