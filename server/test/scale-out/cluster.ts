import { freePort } from '../helpers/child-process.ts';
import { createPostgresTestDatabaseUrl } from '../helpers/test-database.ts';
import { type Instance, sharedInstanceEnv, startInstance } from './instances.ts';
import { type Nginx, nginxBinary, startNginx } from './nginx.ts';

/** Two Tablo instances on a fresh PostgreSQL database, behind nginx: what the scale-out suites start from. */
export interface Cluster {
  databaseUrl: string;
  a: Instance;
  b: Instance;
  nginx: Nginx;
  stop(): Promise<void>;
}

export async function startCluster(adminUrl: string): Promise<Cluster> {
  nginxBinary(); // fails with how to install it, before anything starts
  const fresh = await createPostgresTestDatabaseUrl(adminUrl);
  const [portA, portB, portN] = [await freePort(), await freePort(), await freePort()];
  const env = sharedInstanceEnv(`http://127.0.0.1:${portN}`);
  const a = await startInstance({ name: 'A', databaseUrl: fresh.url, port: portA, env });
  const b = await startInstance({ name: 'B', databaseUrl: fresh.url, port: portB, env });
  let nginx: Nginx | undefined;
  const stop = async () => {
    await Promise.all([a.kill(), b.kill()]);
    await nginx?.stop();
    await fresh.drop();
  };
  try {
    await Promise.all([a.ready(), b.ready()]);
    nginx = await startNginx([portA, portB], portN);
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl: fresh.url, a, b, nginx, stop };
}

/** Instances on a fresh PostgreSQL database, without a balancer (clients pick their instance). */
export async function startInstances(
  adminUrl: string,
  names: string[],
  env: Record<string, string> = {},
): Promise<{ databaseUrl: string; instances: Instance[]; stop(): Promise<void> }> {
  const fresh = await createPostgresTestDatabaseUrl(adminUrl);
  const instances: Instance[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await fresh.drop();
  };
  try {
    for (const name of names) {
      const port = await freePort();
      const shared = sharedInstanceEnv(`http://127.0.0.1:${port}`);
      instances.push(await startInstance({ name, databaseUrl: fresh.url, port, env: { ...shared, ...env } }));
    }
    await Promise.all(instances.map((instance) => instance.ready()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl: fresh.url, instances, stop };
}
