import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { UploadDto } from '@souvenir/contracts';
import type { EntityManager } from 'typeorm';
import { MediaConfig } from '../config/media.config';
import { ImageJobs } from '../images/image-jobs';
import { PLACEHOLDER_WIDTH, processImage } from '../images/image-pipeline';
import { mediaKey, MediaStorage } from '../storage/media-storage';
import { hashesInImageUrls, mediaUrl } from './media-urls';
import { UploadsRepository } from './uploads.repository';

/** How many unused uploads one clean-up run deletes at most (the next run takes the rest). */
const CLEAN_UP_BATCH = 500;

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly config: MediaConfig,
    private readonly storage: MediaStorage,
    private readonly uploads: UploadsRepository,
    private readonly jobs: ImageJobs,
  ) {}

  /** Processes the photo, stores its sizes, then records the upload; a refused photo stores nothing. */
  async upload(ownerId: string, file: Buffer): Promise<UploadDto> {
    const image = await this.jobs.run(() => processImage(file));
    const placeholderKey = mediaKey(image.hash, image.placeholder.width);
    await Promise.all([
      ...image.variants.map((variant) => this.storage.put(mediaKey(image.hash, variant.width), variant.bytes)),
      this.storage.put(placeholderKey, image.placeholder.bytes),
    ]);
    const id = randomUUID();
    const placeholder = `data:image/webp;base64,${image.placeholder.bytes.toString('base64')}`;
    await this.uploads.insert({
      id,
      ownerId,
      hash: image.hash,
      widths: image.variants.map((variant) => variant.width),
      byteSizes: image.variants.map((variant) => variant.bytes.length),
      width: image.width,
      height: image.height,
      placeholder,
    });
    const sizes = image.variants.map((variant) => ({ width: variant.width, url: mediaUrl(image.hash, variant.width) }));
    return { id, url: sizes[sizes.length - 1]!.url, width: image.width, height: image.height, sizes, placeholder };
  }

  /** A listing or a claim names these image URLs: the uploads behind them are used and stay. */
  async namedImages(imageUrls: readonly string[], manager: EntityManager): Promise<void> {
    await this.uploads.markUsed(hashesInImageUrls(imageUrls), manager);
  }

  /** Deletes uploads no listing used within MEDIA_UNUSED_HOURS, rows first, then their files. */
  async deleteUnused(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.MEDIA_UNUSED_HOURS * 3_600_000);
    const orphaned = await this.uploads.deleteUnused(before, CLEAN_UP_BATCH);
    const keys = orphaned.flatMap(({ hash, widths }) =>
      [...widths, PLACEHOLDER_WIDTH].map((width) => mediaKey(hash, width)),
    );
    await this.storage.delete(keys);
    if (orphaned.length) this.logger.log({ msg: 'unused uploads deleted', files: keys.length });
    return orphaned.length;
  }

  /**
   * An account deletion: the person's uploads (listing photos, profile photo, documents and claim photos) leave the
   * table and storage. Files go inside the event's transaction: if storage fails, the event is retried, and deleting
   * a file twice is no error.
   */
  async eraseOwner(ownerId: string, manager: EntityManager): Promise<number> {
    const gone = await this.uploads.deleteOwned(manager, ownerId);
    const keys = gone.flatMap(({ hash, widths }) =>
      [...widths, PLACEHOLDER_WIDTH].map((width) => mediaKey(hash, width)),
    );
    await this.storage.delete(keys);
    if (keys.length) this.logger.log({ msg: 'deleted account uploads erased', files: keys.length });
    return gone.length;
  }
}
