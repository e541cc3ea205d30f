import { enableCompileCache } from 'node:module';

// The built server's entry (dist/server.js). Node keeps the compiled code of every module it
// loads after this call (V8's code cache, in NODE_COMPILE_CACHE or the system's temporary folder,
// keyed by each file's content), so a restart skips parsing and compiling our bundle and its
// packages. It must run before they load, hence this file and a dynamic import of the server.
enableCompileCache();
await import('./server');
