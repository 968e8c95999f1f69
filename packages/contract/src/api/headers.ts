/** Request headers of spec §7: the stored token, and the client's current time. */
export const AUTH_HEADER = 'authorization';
export const TIMEZONE_HEADER = 'timezone';

/** Browser storage keys (spec §3): the token as is, the role base64-encoded. */
export const STORAGE_KEYS = { token: 'token', role: 'role' } as const;
