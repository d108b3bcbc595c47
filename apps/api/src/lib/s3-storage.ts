import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type Storage, storageUnavailable } from './storage.js';

const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;

/**
 * S3-compatible object storage from `s3://[key:secret@]bucket?endpoint=…&region=…`. A URL with an endpoint
 * (MinIO, Ceph, Garage, s3rver …) uses path-style addressing; without credentials in the URL the SDK's usual
 * chain applies (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, instance roles).
 */
export function createS3Storage(storageUrl: string): Storage {
  const url = new URL(storageUrl);
  const bucket = url.hostname;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const client = new S3Client({
    region: url.searchParams.get('region') ?? 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(url.username
      ? {
          credentials: {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          },
        }
      : {}),
    // An unreachable store must fail the request within seconds, not after the SDK's long retries.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  return {
    async put(prefix, bytes, extension) {
      const key = `${prefix}/${randomUUID()}.${extension}`;
      try {
        // One PUT: S3 stores the object whole or not at all.
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
      } catch (error) {
        throw storageUnavailable(error);
      }
      return key;
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw storageUnavailable(error);
      }
    },
    async delete(key) {
      if (!SAFE_KEY.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && SAFE_KEY.test(object.Key))
            yield { key: object.Key, modified: object.LastModified ?? new Date() };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
