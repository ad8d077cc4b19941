import { defineRpc } from '../rpc/contract';

/**
 * media answers no requests over NATS: photos are uploaded and served over its own HTTP routes (files never travel
 * over NATS). The table exists so that media is a NATS principal like every service (its user, its grants).
 */
export const MEDIA_RPC = defineRpc('media', {});
