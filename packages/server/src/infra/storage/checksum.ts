import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** A pass-through stream that counts bytes and computes their MD5 on the way. */
export class ChecksumStream extends Transform {
  private readonly hash = createHash('md5');
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
