import { symlink } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHost, type TestHost, closeTestHost } from './support/test-host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
  await symlink(path.join(host.demoDir, '..', 'outside.txt'), path.join(host.demoDir, 'link.txt'));
});

afterAll(() => closeTestHost(host));

/** GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(rawPath: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  it('serves demo pages at / and bundles at /dist/ with their content types and nosniff', async () => {
    const cases: [string, string, string][] = [
      ['/', 'text/html; charset=utf-8', '<title>demo</title>'],
      ['/index.html', 'text/html; charset=utf-8', '<title>demo</title>'],
      ['/pages/', 'text/html; charset=utf-8', '<title>pages</title>'],
      ['/pages', 'text/html; charset=utf-8', '<title>pages</title>'],
      ['/style.css?v=1', 'text/css; charset=utf-8', 'margin'],
      ['/dist/core.js', 'text/javascript; charset=utf-8', 'export const core'],
      ['/dist/core.js.map', 'application/json; charset=utf-8', '{}'],
    ];
    for (const [urlPath, type, content] of cases) {
      const response = await fetch(`${host.url}${urlPath}`);
      expect(response.status, urlPath).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain(content);
    }
  });

  it('answers HEAD with headers only', async () => {
    const response = await fetch(`${host.url}/dist/core.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('export const core = 1;'.length));
    expect(await response.text()).toBe('');
  });

  it('never leaves the served folders', async () => {
    const attempts = [
      '/../outside.txt',
      '/dist/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2Foutside.txt',
      '/..%5Coutside.txt',
      '/dist/%2e%2e%2f%2e%2e%2foutside.txt',
      '/link.txt',
      '/.secret',
      '/%2esecret',
      '/index.html%00.js',
      '/%E0%A4%A',
      '/dist/../dist/../../outside.txt',
    ];
    for (const attempt of attempts) {
      const response = await rawGet(attempt);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.status, attempt).toBeLessThan(500);
      expect(response.body).not.toContain('outside the served folders');
      expect(response.body).not.toContain('hidden');
      expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses a request target that is not a path', async () => {
    const response = await rawGet('http://example.com/index.html');
    expect(response.status).toBe(400);
  });
});
