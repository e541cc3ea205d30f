/**
 * A call the web app makes by itself on a timer (a poll) rather than for something the user did.
 * The server still authenticates it but does not count it as activity: otherwise an open tab
 * would keep an abandoned session alive past its idle time-out. No zod here: the API client
 * that sets it also serves the sign-in pages, which load before zod.
 */
export const BACKGROUND_HEADER = 'X-Settle-Background';
export const BACKGROUND_HEADER_VALUE = '1';
