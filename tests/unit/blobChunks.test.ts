// A Blob read front to back into one reused buffer, and by slices where there is no byte stream.
import { describe, expect, it } from 'vitest';
import { blobChunks } from '../../web/src/engine/blobChunks';

const bytes = Uint8Array.from({ length: 300_001 }, (_, i) => (i * 7) % 251);

async function readAll(blob: Blob, chunkBytes: number) {
  const chunks = blobChunks(blob, chunkBytes);
  const out = new Uint8Array(blob.size);
  let [at, sizes] = [0, 0];
  for (let c = await chunks.next(); c; c = await chunks.next()) {
    expect(c.length).toBeLessThanOrEqual(chunkBytes);
    out.set(c, at);
    at += c.length;
    sizes += 1;
  }
  return { out: out.subarray(0, at), sizes };
}

describe('blobChunks', () => {
  it.each([1 << 16, 100_000, 1 << 20])('gives the whole blob in order, %i bytes at a time, in full chunks but the last', async (size) => {
    const { out, sizes } = await readAll(new Blob([bytes]), size);
    expect(out).toEqual(bytes);
    expect(sizes).toBe(Math.ceil(bytes.length / size));
  });

  it('reads by slices when the blob has no byte stream', async () => {
    const blob = new Blob([bytes]);
    const noStream = {
      size: blob.size,
      slice: blob.slice.bind(blob),
      stream: () => {
        throw new TypeError('no streams here');
      },
    } as unknown as Blob;
    const { out, sizes } = await readAll(noStream, 100_000);
    expect(out).toEqual(bytes);
    expect(sizes).toBe(4);
  });

  it('stops early when closed', async () => {
    const chunks = blobChunks(new Blob([bytes]), 1000);
    expect((await chunks.next())?.length).toBe(1000);
    await chunks.close();
    await expect(chunks.next()).resolves.toBeNull();
  });
});
