import { DEFAULT_DATA_DIR, startHost } from './host.js';

/**
 * `npm start` / `npm run serve`: the demo pages and the reference host API on one port.
 * HOST and PORT choose where to listen (127.0.0.1:5173); T3_DATA_DIR where the database lives.
 */

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 5173;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const dataDir = process.env.T3_DATA_DIR || DEFAULT_DATA_DIR;
  const running = await startHost({
    host: process.env.HOST || '127.0.0.1',
    port: readPort(process.env.PORT),
    dataDir,
  });
  console.log(`t3-composer demo: ${running.url}/  (data in ${dataDir})`);

  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    console.error('t3-composer demo: the port is already in use; set PORT to another one (PORT=5174 npm start).');
  } else {
    console.error(error);
  }
  process.exit(1);
});
