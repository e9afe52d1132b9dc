import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { AppError } from "../../domain/errors";
import { log } from "../log";
import { type FileStorage, keyOf, makeScratchDir, type StoredFile } from "./storage";

/** STORAGE=s3's settings, read by config.ts. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** MinIO, R2, Ceph…; unset: Amazon S3 of the region. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: MinIO needs it. */
  forcePathStyle: boolean;
}

/** The S3 answers that mean the settings are wrong, with what the operator should check. */
const SETTINGS_FAULTS: Record<string, string> = {
  InvalidAccessKeyId: "S3_ACCESS_KEY_ID is not a key the store knows",
  SignatureDoesNotMatch: "S3_SECRET_ACCESS_KEY does not match S3_ACCESS_KEY_ID",
  AccessDenied: "the key may not use this bucket",
  NoSuchBucket: "S3_BUCKET names no bucket there",
};

/**
 * The files in one bucket of Amazon S3 or an S3-compatible store (MinIO, R2…), under the same keys
 * the local store uses as paths; every process of the installation reads and writes the bucket.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  private connection?: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }>;

  constructor(
    private readonly settings: S3Settings,
    private readonly dataDir: string,
  ) {}

  /** The SDK is loaded on first use: an install on local disk never loads it. */
  private connect() {
    this.connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: this.makeClient(sdk),
    }));
    return this.connection;
  }

  private makeClient(sdk: typeof import("@aws-sdk/client-s3")): S3Client {
    const { settings } = this;
    return new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
      // default ones (aws-chunked bodies with trailing checksums).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private key(ref: string): string {
    const key = keyOf(this.dataDir, ref);
    if (!key) throw new Error(`not a storage key: ${ref}`);
    return key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.send("store", key, ({ sdk, client }) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      ),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    // Streamed with its length known: an export is never held whole in memory.
    const { size } = await stat(file);
    await this.send("store", key, ({ sdk, client }) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(key),
          Body: createReadStream(file),
          ContentType: contentType,
          ContentLength: size,
        }),
      ),
    );
    await rm(file, { force: true });
  }

  async open(ref: string): Promise<StoredFile | null> {
    const key = keyOf(this.dataDir, ref);
    if (!key) return null;
    try {
      const { sdk, client } = await this.connect();
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      if (!(res.Body instanceof Readable)) throw new Error("the store answered no body");
      return { stream: res.Body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.fault("read", key, err);
    }
  }

  localFile(): null {
    return null;
  }

  async remove(ref: string): Promise<void> {
    const key = keyOf(this.dataDir, ref);
    if (!key) return;
    await this.send("remove", key, ({ sdk, client }) =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key })),
    );
  }

  scratchDir(): Promise<string> {
    return makeScratchDir();
  }

  private async send<T>(
    what: string,
    key: string,
    call: (c: Awaited<ReturnType<S3Storage["connect"]>>) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(await this.connect());
    } catch (err) {
      throw this.fault(what, key, err);
    }
  }

  /**
   * A refusal or silence of the store as a 503 that says what to check, never a 500; the
   * operator finds the detail in the log.
   */
  private fault(what: string, key: string, err: unknown): AppError {
    const code = isS3Answer(err) ? err.name : ((err as { code?: string }).code ?? "");
    const hint = SETTINGS_FAULTS[code];
    log.error(
      { err, bucket: this.settings.bucket, key, s3Code: code },
      `file storage: could not ${what} ${key}${hint ? `: ${hint}` : ""}`,
    );
    return new AppError(
      "STORAGE_UNAVAILABLE",
      hint
        ? `The file store refused this server (S3 answered ${code}: ${hint}). Nothing was ${what === "read" ? "read" : "changed"}; the server's S3 settings need to be corrected.`
        : `The file store did not answer${code ? ` (${code})` : ""}. Please try again in a moment.`,
    );
  }
}

/**
 * An error the store answered (the SDK's S3ServiceException, which says whose fault it was), not
 * one of the network (which carries only the SDK's attempt count).
 */
function isS3Answer(err: unknown): err is Error & { $metadata: { httpStatusCode?: number } } {
  return err instanceof Error && typeof (err as { $fault?: unknown }).$fault === "string";
}

function isMissing(err: unknown): boolean {
  if (!isS3Answer(err)) return false;
  if (err.name === "NoSuchBucket") return false;
  return (
    err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404
  );
}
