import { readdir, writeFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageWrites } from '../lib/image-store';
import { useTestApp } from '../test/app';
import { type FilePart, multipart, signedIn, type TestBrowser } from '../test/browser';
import { describeEachDatabase } from '../test/databases';
import { makeImage } from '../test/images';
import { postForm } from '../test/posts';

/** An error as Node's file system gives it, with its code. */
function systemError(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: the disk said no, ${syscall}`), { code, syscall });
}

/**
 * How each kind of broken disk fails the one place bytes are written: a full disk after part of the file
 * is on it (the temporary file stays unless the server removes it), a read-only one at the first write.
 */
const DISKS = [
  { code: 'ENOSPC', status: 507, message: 'storage_full', fails: 'writeFile' },
  { code: 'EDQUOT', status: 507, message: 'storage_full', fails: 'writeFile' },
  { code: 'ENOSPC', status: 507, message: 'storage_full', fails: 'rename' },
  { code: 'EROFS', status: 503, message: 'storage_unavailable', fails: 'writeFile' },
  { code: 'EROFS', status: 503, message: 'storage_unavailable', fails: 'mkdir' },
  { code: 'EACCES', status: 503, message: 'storage_unavailable', fails: 'writeFile' },
  { code: 'EPERM', status: 503, message: 'storage_unavailable', fails: 'rename' },
] as const;

type Disk = (typeof DISKS)[number];

function breakDisk({ code, fails }: Disk): void {
  if (fails === 'writeFile') {
    vi.spyOn(storageWrites, 'writeFile').mockImplementation(async (file, data) => {
      // What a full disk does: the file is created and part of it written before the error.
      if (code === 'ENOSPC' || code === 'EDQUOT')
        await writeFile(file as string, (data as Buffer).subarray(0, 100));
      throw systemError(code, 'write');
    });
  } else if (fails === 'rename') {
    vi.spyOn(storageWrites, 'rename').mockRejectedValue(systemError(code, 'rename'));
  } else {
    vi.spyOn(storageWrites, 'mkdir').mockRejectedValue(systemError(code, 'mkdir'));
  }
}

describeEachDatabase('uploads on a full or read-only disk', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  let image: Buffer;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.3.1');
    image = await makeImage('png');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  let counter = 0;
  function postFields(overrides: Record<string, string | FilePart> = {}) {
    counter += 1;
    return postForm({ title: `Stored ${counter}`, slug: `stored-${counter}`, ...overrides });
  }

  async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string | FilePart>) {
    const body = await multipart(fields);
    return editor.request({ method, url, payload: body.payload, headers: body.headers });
  }

  /** Every file in the storage folder, dot files (temporary files) included. */
  const files = async () => (await readdir(t.app.storage.dir)).sort();

  describe.each(DISKS)('$code at $fails', (disk) => {
    it(`POST /api/upload-image answers ${disk.status} ${disk.message} and leaves no file`, async () => {
      const before = await files();
      breakDisk(disk);
      const res = await send('POST', '/api/upload-image', { poster_image: { bytes: image } });
      expect(res.statusCode).toBe(disk.status);
      expect(res.json()).toEqual({ message: disk.message });
      expect(await files()).toEqual(before);
    });

    it(`POST /api/posts with a featured image answers ${disk.status} and stores no post`, async () => {
      const before = await files();
      breakDisk(disk);
      const fields = postFields({ poster_image: { bytes: image } });
      const res = await send('POST', '/api/posts', fields);
      expect(res.statusCode).toBe(disk.status);
      expect(res.json()).toEqual({ message: disk.message });
      expect(await files()).toEqual(before);
      vi.restoreAllMocks();
      expect((await editor.request({ url: `/api/posts/${fields.slug}` })).statusCode).toBe(404);
    });

    it(`PUT /api/posts with a new featured image answers ${disk.status} and changes nothing`, async () => {
      const created = await send('POST', '/api/posts', postFields({ poster_image: { bytes: image } }));
      const post = created.json<{ data: { slug: string; updated_at: string; poster_image: string } }>().data;
      const before = await files();
      breakDisk(disk);
      const res = await send(
        'PUT',
        `/api/posts/${post.slug}`,
        postFields({ slug: post.slug, version: post.updated_at, poster_image: { bytes: image } }),
      );
      expect(res.statusCode).toBe(disk.status);
      expect(res.json()).toEqual({ message: disk.message });
      expect(await files()).toEqual(before);
      vi.restoreAllMocks();
      const kept = (await editor.request({ url: `/api/posts/${post.slug}` })).json<typeof post>();
      expect(kept).toMatchObject({ updated_at: post.updated_at, poster_image: post.poster_image });
    });
  });

  it('a width that cannot be made on a full disk is 404, and leaves no file', async () => {
    const created = await send('POST', '/api/posts', postFields({ poster_image: { bytes: image } }));
    const { poster_image } = created.json<{ data: { poster_image: string } }>().data;
    const before = await files();
    breakDisk(DISKS[0]);
    const url = `/storage/poster_images/${poster_image.replace(/\.webp$/, '-480w.webp')}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect(await files()).toEqual(before);
    vi.restoreAllMocks();
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('says so in the OpenAPI description of each route that stores an image', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    }>();
    for (const [path, method] of [
      ['/api/upload-image', 'post'],
      ['/api/posts', 'post'],
      ['/api/posts/{slug}', 'put'],
    ] as const) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      expect(responses['507']?.description, `${method} ${path}`).toContain('storage_full');
      expect(responses['503']?.description, `${method} ${path}`).toContain('storage_unavailable');
    }
  });

  it('a failure of another kind stays a plain 500, with no file left', async () => {
    const before = await files();
    vi.spyOn(storageWrites, 'writeFile').mockRejectedValue(systemError('EIO', 'write'));
    const res = await send('POST', '/api/upload-image', { poster_image: { bytes: image } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(await files()).toEqual(before);
  });
});
