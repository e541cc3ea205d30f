import type en from '../locales/en';

export type TNamespace = keyof typeof en;

/**
 * The namespaces the sign-in pages (/login, /postLogin, /troubleSigningIn, and the bare address
 * that sends to /login) use: the first visit downloads these texts and no others, because /login
 * is held to 150 kB of JavaScript (npm run bench:web). A text of another namespace on those pages
 * turns app/sign-in-texts.test.tsx red. Each is a chunk of its own per language; every other
 * namespace is in one chunk per language (vite.config.ts), fetched with the lazy root layout.
 * Plain data: the build configuration reads it too.
 */
export const SIGN_IN_NAMESPACES: readonly TNamespace[] = ['auth', 'common', 'errors', 'help'];
