// Once per engine run: the static test server (scripts/serve.mjs) on
// DOMTOOL_TEST_PORT and PORT+1, and the browser: Firefox launched here (tests
// connect over BiDi), or Xvfb + WebKitWebDriver on PORT+2 (tests open the session).
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/serve.mjs';
import { PORT, currentEngine } from './harness';
import { launchFirefox } from './firefox';
import { startWebKitDriver } from './webkit';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = startServer(PORT);
  if (currentEngine() === 'firefox') {
    const firefox = await launchFirefox();
    project.provide('engineEndpoint', firefox.endpoint);
    return async () => {
      await firefox.close();
      server.close();
    };
  }
  const driver = await startWebKitDriver(PORT + 2);
  project.provide('engineEndpoint', driver.url);
  return async () => {
    await driver.stop();
    server.close();
  };
}
