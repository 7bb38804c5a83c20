import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuild } from './clientBuild.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the client build id', () => {
  it("is 'dev' without a built client, a hash of index.html with one, and a new one after a new build", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voltscope-build-'));
    const build = clientBuild(dir);
    expect(await build()).toBe('dev');

    const index = path.join(dir, 'index.html');
    await writeFile(index, '<script src="/assets/index-a1.js"></script>');
    const first = await build();
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(await build()).toBe(first);

    await writeFile(index, '<script src="/assets/index-b2.js"></script>');
    const later = new Date(Date.now() + 5000);
    await utimes(index, later, later);
    const second = await build();
    expect(second).toMatch(/^[0-9a-f]{16}$/);
    expect(second).not.toBe(first);

    await rm(index);
    expect(await build()).toBe('dev');
  });
});
