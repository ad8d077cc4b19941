/** The answer to `POST /api/uploads` (201). */
export interface UploadDto {
  id: string;
  /** The largest size: what a listing's `images` holds (the other sizes follow from it, see media-urls.ts). */
  url: string;
  width: number;
  height: number;
  sizes: { width: number; url: string }[];
  /** A 16 px WebP as a data URL, shown blurred until the image arrives. */
  placeholder: string;
}
