import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { MAX_UPLOAD_BYTES, MESSAGES } from '../images/image-pipeline';

/** Room for the multipart framing around the file before a Content-Length says the file is too big. */
const FRAMING_BYTES = 64 * 1024;

const tooLarge = () => new HttpException({ statusCode: 413, message: MESSAGES.tooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);

/**
 * The one file of a multipart body, in field `file`, held in memory up to MAX_UPLOAD_BYTES. A body that says it is
 * bigger is refused before it is read; a file that turns out bigger stops being kept at the limit and the rest is
 * drained, so the client reads the 413 instead of a reset connection.
 */
export function readOneFile(req: Request): Promise<Buffer> {
  if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + FRAMING_BYTES) return Promise.reject(tooLarge());
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new HttpException(
        { statusCode: 415, message: 'Send the photo as multipart/form-data, in the field "file".' },
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 11 },
      });
    } catch {
      return reject(new BadRequestException('The upload is not a valid multipart body.'));
    }
    let file: Buffer | null = null;
    let failure: HttpException | null = null;
    parser.on('file', (field, stream) => {
      if (field !== 'file' || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (failure = tooLarge()));
      stream.on('end', () => {
        if (!failure) file = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => reject(new BadRequestException('The upload is not a valid multipart body.')));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file?.length) return reject(new BadRequestException('Choose a photo to upload (the field "file").'));
      resolve(file);
    });
    req.pipe(parser);
  });
}
