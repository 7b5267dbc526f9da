// Types of redis-server.mjs, for the TypeScript tests.
export interface TestRedis {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}
export function startRedis(): Promise<TestRedis>;
