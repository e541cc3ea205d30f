import type { TUserData } from '@settle/shared/auth';

/** The specification's storage name for the signed-in user's data. */
export const USER_DATA_KEY = 'userData';

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedValue: TUserData | null = null;

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Reads storage on every call (cheap) and re-parses only when the text changed, so the
 * snapshot stays stable for useSyncExternalStore and never goes stale after another tab
 * or a test wrote storage directly.
 */
export function getUserData(): TUserData | null {
  const raw = localStorage.getItem(USER_DATA_KEY);
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  cachedValue = parseUserData(raw);
  return cachedValue;
}

function parseUserData(raw: string | null): TUserData | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // Data written by an older version of the app is treated as signed out rather than trusted.
    return isUserData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const STRING_FIELDS = [
  'loginName',
  'fullName',
  'firstName',
  'lastName',
  'locale',
  'localeForFormatting',
  'language',
  'timezone',
  'sessionId',
  'currencyCode',
  'appHeaderName',
] as const;

/**
 * The stored value has the shape of ZUserData's fields. A plain check, not the schema: the login
 * page reads it, and checks the login call's answer with it, before zod has loaded.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isUserData(value: unknown): value is TUserData {
  if (!isRecord(value)) return false;
  const data = value;
  return (
    STRING_FIELDS.every((field) => typeof data[field] === 'string') &&
    Array.isArray(data.customers) &&
    Array.isArray(data.roles) &&
    data.roles.every((role) => typeof role === 'string') &&
    isRecord(data.currencyMap) &&
    Object.values(data.currencyMap).every((value) => typeof value === 'string') &&
    data.customers.every(isRecord) &&
    (data.currentCustNo === null || typeof data.currentCustNo === 'string') &&
    (data.currentCustomer === null || isRecord(data.currentCustomer))
  );
}

export function setUserData(userData: TUserData): void {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(userData));
  notify();
}

export function updateUserData(changes: Partial<TUserData>): void {
  const current = getUserData();
  if (current) setUserData({ ...current, ...changes });
}

export function clearUserData(): void {
  localStorage.removeItem(USER_DATA_KEY);
  notify();
}

export function subscribeUserData(listener: Listener): () => void {
  listeners.add(listener);
  // Signing out in one tab signs out the others.
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_DATA_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
