import { IsUUID } from 'class-validator';
import { SaveSearchDto } from './saved-search.dto';

/** The caller saves Home's current search. */
export class CreateSavedSearchRequest extends SaveSearchDto {
  @IsUUID('all') actorId!: string;
}

/** The caller's saved searches, newest first, each with its new matches since they last looked (and now looked). */
export class ListSavedSearchesRequest {
  @IsUUID('all') actorId!: string;
}

/** The caller deletes one of their saved searches (NOT_FOUND for anyone else's). */
export class DeleteSavedSearchRequest {
  @IsUUID('all') actorId!: string;
  @IsUUID('all') savedSearchId!: string;
}
