import type { Redis } from 'ioredis';

/** QUIT when connected (no timer left behind); otherwise QUIT would wait in the offline queue, so just drop the socket. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
