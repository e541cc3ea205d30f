/**
 * The bench measures how fast the portal answers, not its rate limits (a setting, proven by
 * rate-limits.test.ts): every limit is set out of reach for the bench's own servers.
 */
export const UNTHROTTLED_ENV: Record<string, string> = Object.fromEntries(
  ['PER_ADDRESS', 'PER_USER', 'SIGN_IN', 'CAPTCHA', 'REGISTRATION', 'UPLOADS', 'PAYMENT_STARTS'].map(
    (name) => [`RATE_LIMIT_${name}`, '1000000'],
  ),
);
