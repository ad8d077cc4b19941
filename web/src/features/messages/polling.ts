/** Spec section 4: the conversation list every 3 s (also in the background), the open thread every 5 s. */
export const CONVERSATIONS_POLL_MS = 3_000;
export const THREAD_POLL_MS = 5_000;
