/**
 * How big an upload may be: media refuses a photo over MEDIA_MAX_UPLOAD_BYTES, and the gateway's
 * proxy stops passing on a body over that plus the multipart framing, both as soon as the bytes cross it. One fact,
 * read by both sides, with the sentence either of them answers.
 */
export const MEDIA_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the multipart framing (boundaries, part headers, other small fields) around the file. */
export const MEDIA_UPLOAD_FRAMING_BYTES = 64 * 1024;
export const MEDIA_TOO_LARGE_MESSAGE = 'A photo can be at most 10 MB.';
