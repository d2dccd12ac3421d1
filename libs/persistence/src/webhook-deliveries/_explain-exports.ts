export { claimDueDeliveries } from './delivery-claims.js';
export { recordAsClaimed } from './delivery-outcomes.js';
export { insertDeliveries } from './delivery-fan-out.js';
