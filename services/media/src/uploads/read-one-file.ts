import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { MEDIA_UPLOAD_FRAMING_BYTES } from '@souvenir/contracts';
import busboy from 'busboy';
import type { Request } from 'express';
import { HEAD_BYTES, headRefusal, MAX_UPLOAD_BYTES, MESSAGES } from '../images/image-pipeline';
import { MediaBusyException } from './busy.exception';
import type { BudgetClaim } from './upload-memory-budget';

const tooLarge = () => new HttpException({ statusCode: 413, message: MESSAGES.tooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);
const notMultipart = () => new BadRequestException('The upload is not a valid multipart body.');
const stalled = () =>
  new HttpException(
    { statusCode: 408, message: 'The upload stopped arriving. Please try again.' },
    HttpStatus.REQUEST_TIMEOUT,
  );
/** Nobody reads this answer (the client is gone); it ends the handler. */
const cutOff = () => new BadRequestException('The upload was cut off before its end.');

export interface ReadLimits {
  /** The upload's share of the process's memory for bodies: each chunk kept is counted, or the upload refused. */
  claim: BudgetClaim;
  /** A body that sends nothing for this long is refused (408). */
  idleMs: number;
}

/**
 * The one file of a multipart body, in field `file`, held in memory up to MAX_UPLOAD_BYTES. Whatever the body does,
 * the promise settles and nothing is thrown outside it: a body cut off mid-part, a client that leaves, one that
 * stalls, a file past the limit or past the memory budget, or one whose first bytes already refuse it (a decoding
 * bomb's PNG header) each reject with a 4xx/503, and reading stops there (the rest is not read: ApiErrorsFilter
 * closes the connection of an answer given before the body's end).
 */
export function readOneFile(req: Request, { claim, idleMs }: ReadLimits): Promise<Buffer> {
  if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + MEDIA_UPLOAD_FRAMING_BYTES) {
    return Promise.reject(tooLarge());
  }
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new HttpException(
        { statusCode: 415, message: 'Send the photo as multipart/form-data, in the field "file".' },
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      ),
    );
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, parts: 11 } });
  } catch {
    return Promise.reject(notMultipart());
  }
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let found = false;
    let settled = false;
    const idle = setTimeout(() => settle(stalled()), idleMs);
    const onData = () => idle.refresh();
    const onClose = () => {
      if (!req.complete) settle(cutOff());
    };
    function settle(failure: HttpException | null) {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off('data', onData);
      req.off('close', onClose);
      if (!failure) {
        // The file in one piece, and the pieces let go of here rather than when the request is collected.
        const file = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        chunks = [];
        return resolve(file);
      }
      // Stop reading: the parser gets no more bytes, the socket no more reads, and what was kept is let go.
      req.unpipe(parser);
      req.pause();
      chunks = [];
      reject(failure);
    }

    req.on('data', onData);
    req.on('close', onClose);
    req.on('error', () => settle(cutOff()));
    // busboy reports a malformed or cut-off body ("Unexpected end of form") on the parser and on the open file's
    // stream alike: an unheard 'error' on either would end the process.
    parser.on('error', () => settle(notMultipart()));
    parser.on('file', (field, stream) => {
      stream.on('error', () => settle(notMultipart()));
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      let headRead = false;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        // A canvas too big to decode is refused from the file's first bytes, before the rest is read or held: a
        // bomb costs one socket read, and is told why even while the budget is full.
        if (!headRead && size + chunk.length >= HEAD_BYTES) {
          headRead = true;
          const refusal = headRefusal(size ? Buffer.concat([...chunks, chunk]) : chunk);
          if (refusal) return settle(refusal);
        }
        if (!claim.take(chunk.length)) return settle(new MediaBusyException());
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('limit', () => settle(tooLarge()));
    });
    parser.on('close', () =>
      settle(size ? null : new BadRequestException('Choose a photo to upload (the field "file").')),
    );
    req.pipe(parser);
  });
}
