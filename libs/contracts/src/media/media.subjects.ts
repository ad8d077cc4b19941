import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { defineRpc, rpc } from '../rpc/contract';

/**
 * media answers few requests over NATS: photos (and data archives) are uploaded and served over its own HTTP routes,
 * since files never travel over NATS. Its uploads list, a small JSON page, does.
 */
export const MEDIA_RPC = defineRpc('media', {
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('media.user.export', UserExportRequest).returns<UserExportPage>(),
});
