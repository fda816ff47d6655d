import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** A connection to the TEST_REDIS_URL server and a key prefix of its own; close() removes its keys. */
export async function testRedis(
  url: string,
): Promise<{ redis: Redis; prefix: string; close(): Promise<void> }> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  await redis.ping();
  const prefix = `cinelog-test-${randomUUID()}`;
  return {
    redis,
    prefix,
    close: async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** The stores every rate-limit and conversation test runs on: in process, and Redis when CI has it. */
export const REDIS_URL = process.env.TEST_REDIS_URL;
