import { IsString, IsUUID, Matches, ValidateIf } from 'class-validator';

/**
 * A profile photo is one of our own uploads (`POST /api/uploads`, the listing photos' route and limits), named by its
 * path `/media/<hash>-<width>.webp`: a pasted address would make every page that shows the person load from a server
 * we do not control.
 */
const AVATAR_PATH = /^\/media\/[0-9a-f]{32}-\d{1,4}\.webp$/;

export const AVATAR_MESSAGES = { notUploaded: 'Upload the photo first, then choose it' } as const;

/** `PUT /api/me/avatar`: the photo to show, or null for the initials again. */
export class SetAvatarDto {
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: AVATAR_MESSAGES.notUploaded })
  @Matches(AVATAR_PATH, { message: AVATAR_MESSAGES.notUploaded })
  avatar!: string | null;
}

/** `identity.user.set-avatar`: the caller's own profile photo. */
export class SetAvatarRequest extends SetAvatarDto {
  @IsUUID('all') actorId!: string;
}
