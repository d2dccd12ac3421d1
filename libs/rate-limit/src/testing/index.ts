export { describeWindowCounterContract } from './window-counter.contract.js';
