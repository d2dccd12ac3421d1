/** `npm run record-cost`: the lines each record of the engine costs (record-cost.ts). */
import { recordCosts, recordCostTable } from './record-cost.js';

console.log('Non-blank lines of each record of the engine: its definition and its migration (the one named after it, else those creating its table)\n');
console.log(recordCostTable(recordCosts()));
