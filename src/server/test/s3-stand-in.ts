import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterAll } from "vitest";

/**
 * A local stand-in of an S3-compatible store (path-style addresses, one bucket), speaking the
 * REST shapes the AWS SDK uses for the calls Parley makes: PutObject (PUT), GetObject (GET),
 * HeadObject (HEAD) and DeleteObject (DELETE), with S3's XML error document
 * (`<Error><Code>…</Code><Message>…</Message></Error>`). Every request must carry a SigV4
 * Authorization header naming the configured access key; the signature is checked by computing it
 * again with the SDK's own signer. Objects live in memory.
 */
export interface S3StandInObject {
  body: Buffer;
  contentType: string;
}

export interface S3StandInOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** What the signer hands its hash: text or bytes in any of their forms. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytesOf(data: SourceData): Buffer {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** node:crypto as the signer's hash (HMAC when given a secret). */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret ? createHmac("sha256", bytesOf(this.secret)) : createHash("sha256");
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.fresh();
  }
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export async function startS3StandIn(opts: S3StandInOptions) {
  const objects = new Map<string, S3StandInObject>();
  /** Every request, with what the stand-in answered. */
  const requests: { method: string; key: string; status: number; code?: string }[] = [];
  const signer = new SignatureV4({
    service: "s3",
    region: opts.region,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    sha256: NodeSha256,
    // S3 signs the path as sent, without encoding it a second time (as the SDK's S3 client does).
    uriEscapePath: false,
  });

  const fail = (res: ServerResponse, status: number, code: string, message: string) => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>stand-in</RequestId></Error>`;
    res.writeHead(status, { "content-type": "application/xml" });
    // A HEAD answer has no body; the SDK then goes by the status alone.
    res.end(res.req.method === "HEAD" ? undefined : xml);
    return code;
  };

  /** Null when the request is signed by the configured key; else the S3 error code sent. */
  async function refusal(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const header = req.headers.authorization ?? "";
    if (!header)
      return fail(res, 403, "AccessDenied", "Anonymous access is not allowed for this bucket.");
    const m = AUTH.exec(header);
    if (!m)
      return fail(
        res,
        400,
        "AuthorizationHeaderMalformed",
        "The authorization header is malformed.",
      );
    const [, keyId, , region, signedHeaders, signature] = m;
    if (keyId !== opts.accessKeyId)
      return fail(
        res,
        403,
        "InvalidAccessKeyId",
        "The AWS Access Key Id you provided does not exist in our records.",
      );
    if (region !== opts.region)
      return fail(res, 400, "AuthorizationHeaderMalformed", `The region '${region}' is wrong.`);
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (
      payloadHash !== "UNSIGNED-PAYLOAD" &&
      payloadHash !== createHash("sha256").update(body).digest("hex")
    )
      return fail(
        res,
        400,
        "XAmzContentSHA256Mismatch",
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    // Signed again with our secret, from exactly the headers the client says it signed.
    const headers: Record<string, string> = {};
    for (const name of signedHeaders!.split(";")) headers[name] = String(req.headers[name] ?? "");
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    const signingDate = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const signed = await signer.sign(
      {
        method: req.method ?? "GET",
        protocol: "http:",
        hostname: url.hostname,
        port: Number(url.port) || undefined,
        path: url.pathname,
        query,
        headers,
        body,
      },
      { signingDate },
    );
    const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
    if (expected !== signature)
      return fail(
        res,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided.",
      );
    return null;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const [, bucket = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const method = req.method ?? "GET";
    const record = (status: number, code?: string) =>
      requests.push({ method, key, status, ...(code ? { code } : {}) });

    const refused = await refusal(req, res, body);
    if (refused) return record(res.statusCode, refused);
    if (bucket !== opts.bucket)
      return record(404, fail(res, 404, "NoSuchBucket", "The specified bucket does not exist"));
    if (!key)
      return record(400, fail(res, 400, "InvalidRequest", "This stand-in keeps objects only."));
    if (req.headers["content-encoding"]?.includes("aws-chunked"))
      return record(
        501,
        fail(res, 501, "NotImplemented", "aws-chunked bodies are not taken here."),
      );

    if (method === "PUT") {
      objects.set(key, {
        body,
        contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
      });
      res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      res.end();
      return record(200);
    }
    if (method === "GET" || method === "HEAD") {
      const o = objects.get(key);
      if (!o) return record(404, fail(res, 404, "NoSuchKey", "The specified key does not exist."));
      res.writeHead(200, {
        "content-type": o.contentType,
        "content-length": o.body.length,
        etag: `"${createHash("md5").update(o.body).digest("hex")}"`,
        "last-modified": new Date().toUTCString(),
      });
      res.end(method === "HEAD" ? undefined : o.body);
      return record(200);
    }
    if (method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return record(204);
    }
    return record(405, fail(res, 405, "MethodNotAllowed", "The specified method is not allowed."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    /** The settings a Parley process needs to use this store. */
    env: (overrides: Record<string, string> = {}) => ({
      STORAGE: "s3",
      S3_BUCKET: opts.bucket,
      S3_REGION: opts.region,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: opts.accessKeyId,
      S3_SECRET_ACCESS_KEY: opts.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      ...overrides,
    }),
  };
}
