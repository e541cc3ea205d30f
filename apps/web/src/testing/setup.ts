import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubApi, takeUnexpectedCalls } from './fetch-stub';
import { clearXsrfCookie } from './xsrf-cookie';

// Mantine reads browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};

// Time limits guard against a hang, they are not assertions on speed. On a loaded machine (two
// cores shared by several workers) a first render of the whole app takes seconds of wall
// clock, so the default limits (5 s a test, 1 s a findBy) fail correct tests at random.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // A test that stubs nothing expects no API call: any call fails it.
  stubApi([]);
});

afterEach(() => {
  // Without Vitest globals, Testing Library cannot register its own cleanup.
  cleanup();
  cleanNotifications();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  clearXsrfCookie();
  delete window.settleConfig;
  // Last, so that the resets above run even when it fails: a call no stub answered fails the
  // test, although the code under test may have caught the rejection and carried on.
  const unexpected = takeUnexpectedCalls();
  if (unexpected.length > 0) throw new Error(`API calls no stub answered:\n  ${unexpected.join('\n  ')}`);
});
