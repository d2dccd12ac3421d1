export { startAppProcess } from './app-process.js';
export type { AppProcess, AppProcessOptions } from './app-process.js';
export { alternatesDownUp, outageLog } from './outage-log.js';
export type { LoggedLine, OutageLog } from './outage-log.js';
