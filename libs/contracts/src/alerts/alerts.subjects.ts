import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import { CreateSavedSearchRequest, DeleteSavedSearchRequest, ListSavedSearchesRequest } from './alerts.rpc';
import type { SavedSearchDto } from './saved-search.dto';

/** alerts' request/reply subjects, each with its request class and reply type. */
export const ALERTS_RPC = defineRpc('alerts', {
  /** CONFLICT beyond MAX_SAVED_SEARCHES; VALIDATION_FAILED for a search with neither words nor filters. */
  createSavedSearch: rpc('alerts.saved-search.create', CreateSavedSearchRequest).returns<SavedSearchDto>(),
  listSavedSearches: rpc('alerts.saved-search.list', ListSavedSearchesRequest).returns<SavedSearchDto[]>(),
  deleteSavedSearch: rpc('alerts.saved-search.delete', DeleteSavedSearchRequest).returns<Done>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('alerts.user.export', UserExportRequest).returns<UserExportPage>(),
});
