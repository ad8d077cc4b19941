/**
 * Uploads in component tests: the media service is exercised by its own tests and the browser suite; here
 * XMLHttpRequest (what the uploader uses, for its progress events) is answered by the test, as answerApi answers fetch.
 */
export class FakeUpload {
  private static real: typeof XMLHttpRequest | undefined;
  /** Answers every XMLHttpRequest of the test with a FakeUpload (it keeps them in `sent`). */
  static install() {
    FakeUpload.sent = [];
    FakeUpload.real = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  }
  static uninstall() {
    if (FakeUpload.real) globalThis.XMLHttpRequest = FakeUpload.real;
  }

  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  /** Response headers of the answer, by lower-case name (e.g. Retry-After of a 429 or 503). */
  responseHeaders: Record<string, string> = {};
  file: File | null = null;
  open() {}
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    this.file = form.get('file') as File;
    FakeUpload.sent.push(this);
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.response = body;
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
  }
}

export const hash = (n: number) => n.toString(16).padStart(32, '0');
/** What media answers for the n-th photo (201). */
export const uploaded = (n: number) => ({
  id: `u${n}`,
  url: `/media/${hash(n)}-1600.webp`,
  width: 2000,
  height: 1500,
  sizes: [{ width: 1600, url: `/media/${hash(n)}-1600.webp` }],
  placeholder: 'data:image/webp;base64,AAAA',
});
