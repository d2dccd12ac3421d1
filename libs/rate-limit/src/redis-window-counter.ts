/**
 * Counters in Redis: one Lua script counts the call in every window, so a
 * request costs one EVALSHA (atomic on the server, exact across replicas).
 * Keys are passed as KEYS so that the script stays valid on a Redis Cluster
 * only if they share a hash slot; this lib targets a single Redis (REDIS_URL).
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WindowCount, WindowCounter } from './window-counter.js';

/**
 * KEYS[i] is window i's counter, ARGV[i] its length in milliseconds and
 * ARGV[#KEYS + i] what to add to it (the calls, or the window's own increment).
 * - INCRBY adds the amount; a counter without expiry (PTTL < 0) is new, or lost
 *   its expiry, and gets one, so it cannot count forever. Testing the TTL
 *   rather than `count == amount` keeps a 0 or negative amount (a read, a
 *   refund) from restarting a window that already runs.
 * Returns count_1, pttl_1, count_2, pttl_2, ...
 */
export const HIT_WINDOWS_SCRIPT = `
local result = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, tonumber(ARGV[#KEYS + i]))
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  result[2 * i - 1] = count
  result[2 * i] = ttl
end
return result
`;

const SCRIPT_SHA = createHash('sha1').update(HIT_WINDOWS_SCRIPT).digest('hex');

export function createRedisWindowCounter(client: Redis): WindowCounter {
  return {
    async hit(windows, calls = 1) {
      const keys = windows.map((window) => window.key);
      const lengthsMs = [...windows.map((window) => String(window.durationSeconds * 1000)), ...windows.map((window) => String(window.increment ?? calls))];
      let reply: unknown;
      try {
        reply = await client.evalsha(SCRIPT_SHA, keys.length, ...keys, ...lengthsMs);
      } catch (error) {
        // The server does not know the script yet (first call, restart, SCRIPT FLUSH):
        // send it once in full; EVAL also caches it for the next EVALSHA.
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
        reply = await client.eval(HIT_WINDOWS_SCRIPT, keys.length, ...keys, ...lengthsMs);
      }
      return countsOf(reply, windows.length);
    },
  };
}

function countsOf(reply: unknown, windows: number): WindowCount[] {
  if (!isNumberList(reply) || reply.length !== windows * 2) {
    throw new Error(`unexpected reply from the rate-limit script: ${JSON.stringify(reply)}`);
  }
  const counts: WindowCount[] = [];
  for (let i = 0; i < windows; i += 1) counts.push({ count: reply[2 * i]!, msBeforeReset: reply[2 * i + 1]! });
  return counts;
}

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item: unknown) => typeof item === 'number');
