export { startAppProcess } from './app-process.js';
export type { AppProcess, AppProcessOptions } from './app-process.js';
