import { connect, type Socket } from 'node:net';

/*
 * Uploads written by hand on their own socket, as an attacker sends them: the test decides how much is sent, whether
 * the body has a length, and when the client stops or leaves. Used against media and against the gateway's proxy.
 */
const BOUNDARY = 'raw-upload-boundary';

/** The multipart body's start: one part, field `file`, then the file's bytes follow. */
export const PART_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
);

export interface RawAnswer {
  /** The status of the answer, 0 when none arrived before the connection closed. */
  status: number;
  text: string;
  /** Whether the server closed the connection (rather than keeping it for another request). */
  closed: boolean;
}

export class RawUpload {
  /** Bytes of body the socket accepted (written into the connection, not necessarily read by the server). */
  sent = 0;
  private received = Buffer.alloc(0);
  private closed = false;
  private readonly closing: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    socket.on('error', () => undefined); // a reset after the answer is what some refusals look like
    this.closing = new Promise((resolve) => socket.once('close', () => resolve()));
    void this.closing.then(() => (this.closed = true));
  }

  /** Opens a connection and sends the request's head: chunked unless `contentLength` is given. */
  static async open(url: string, cookie: string, contentLength?: number): Promise<RawUpload> {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const length = contentLength === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${contentLength}`;
    socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${length}\r\n\r\n`,
    );
    return new RawUpload(socket);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes bytes as they are (for a Content-Length body); resolves when the socket takes more, false once closed. */
  async write(bytes: Buffer): Promise<boolean> {
    if (this.closed || this.socket.destroyed) return false;
    this.sent += bytes.length;
    if (this.socket.write(bytes)) return true;
    await Promise.race([new Promise((resolve) => this.socket.once('drain', resolve)), this.closing]);
    return !this.closed;
  }

  /** Writes one chunk of a chunked body. */
  writeChunk(bytes: Buffer): Promise<boolean> {
    return this.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]));
  }

  /**
   * Sends a chunked body of `total` bytes (the part's head, then zeros), as fast as the connection takes it, until
   * sent or the server closes the connection; then the answer.
   */
  async sendChunked(total: number, chunkSize = 256 * 1024): Promise<RawAnswer> {
    if (!(await this.writeChunk(PART_HEAD))) return this.answer();
    const zeros = Buffer.alloc(chunkSize);
    while (this.sent < total) if (!(await this.writeChunk(zeros))) break;
    if (!this.closed) await this.write(Buffer.from('0\r\n\r\n'));
    return this.answer();
  }

  /** The answer once the server has sent one whole (or closed the connection). */
  async answer(timeoutMs = 10_000): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && !this.hasWholeAnswer() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A server that closes does so right after its answer: give it a moment to be seen.
    if (!this.closed) await Promise.race([this.closing, new Promise((resolve) => setTimeout(resolve, 300))]);
    const text = this.received.toString('latin1');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, closed: this.closed };
  }

  /** The client leaves mid-upload. */
  leave(): void {
    this.socket.destroy();
  }

  private hasWholeAnswer(): boolean {
    const text = this.received.toString('latin1');
    const end = text.indexOf('\r\n\r\n');
    const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
    return end >= 0 && length !== undefined && this.received.length >= end + 4 + Number(length);
  }
}
