import { webProject } from './vitest.config.ts';

/** The component tests that mock a module, each in a module registry of its own (see vitest.config.ts). */
export default webProject({ isolated: true });
