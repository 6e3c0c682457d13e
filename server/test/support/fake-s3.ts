// A local HTTP server speaking enough of the S3 REST protocol (path-style) for the AWS SDK v3: PutObject,
// GetObject, HeadObject, DeleteObject, DeleteObjects and ListObjectsV2, objects kept in memory. Every
// request must carry a valid SigV4 signature, in the Authorization header or in a presigned URL's query,
// and presigned URLs are refused with 403 once X-Amz-Date + X-Amz-Expires has passed, as S3 does.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32 } from 'node:zlib';

export interface FakeS3Object {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  /** the raw path and query as received */
  url: string;
  operation: string;
  auth: 'header' | 'presigned' | 'none';
  status: number;
}

export interface FakeS3Options {
  buckets?: string[];
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** the server's clock, for expiry and clock-skew checks */
  now?: () => number;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`, for the SDK's `endpoint` with `forcePathStyle` */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket -> key -> object */
  buckets: Map<string, Map<string, FakeS3Object>>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function xmlUnescape(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

/** RFC 3986 encoding, as SigV4 wants it in canonical query strings. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** `20240101T000000Z` -> milliseconds, or NaN. */
function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function parseQuery(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      const name = at < 0 ? part : part.slice(0, at);
      const value = at < 0 ? '' : part.slice(at + 1);
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  terminator: string;
}

function parseCredential(value: string): Credential {
  const [accessKeyId, date, region, service, terminator] = value.split('/');
  if (!accessKeyId || !date || !region || !service || !terminator)
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'malformed credential');
  return { accessKeyId, date, region, service, terminator };
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-access-key';
  const region = options.region ?? 'us-east-1';
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Map<string, FakeS3Object>>(
    (options.buckets ?? ['chapitres']).map((name) => [name, new Map()]),
  );
  const requests: FakeS3Request[] = [];

  /** Verifies a SigV4 signature, from the Authorization header or from a presigned URL's query. */
  function authenticate(
    request: IncomingMessage,
    rawPath: string,
    query: [string, string][],
    body: Buffer,
  ): 'header' | 'presigned' {
    const params = new Map(query);
    const authorization = request.headers.authorization;
    let credential: Credential;
    let signedHeaders: string[];
    let signature: string;
    let amzDate: string;
    let payloadHash: string;
    let kind: 'header' | 'presigned';
    let canonicalQueryPairs = query;
    if (params.has('X-Amz-Algorithm')) {
      kind = 'presigned';
      if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'unsupported algorithm');
      credential = parseCredential(params.get('X-Amz-Credential') ?? '');
      signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
      signature = params.get('X-Amz-Signature') ?? '';
      amzDate = params.get('X-Amz-Date') ?? '';
      payloadHash = params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
      const expires = params.get('X-Amz-Expires') ?? '';
      if (!/^\d+$/.test(expires) || Number(expires) > MAX_PRESIGN_SECONDS)
        throw new S3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Expires must be a number of seconds up to a week',
        );
      const signedAt = parseAmzDate(amzDate);
      if (Number.isNaN(signedAt))
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'bad X-Amz-Date');
      if (signedAt > now() + MAX_SKEW_MS)
        throw new S3Error(403, 'AccessDenied', 'Request is not yet valid');
      if (now() > signedAt + Number(expires) * 1000)
        throw new S3Error(403, 'AccessDenied', 'Request has expired');
      canonicalQueryPairs = query.filter(([name]) => name !== 'X-Amz-Signature');
    } else if (authorization) {
      kind = 'header';
      const m =
        /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
          authorization,
        );
      if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'malformed Authorization');
      credential = parseCredential(m[1]!);
      signedHeaders = m[2]!.split(';');
      signature = m[3]!;
      amzDate = headerValue(request, 'x-amz-date') ?? '';
      payloadHash = headerValue(request, 'x-amz-content-sha256') ?? '';
      const signedAt = parseAmzDate(amzDate);
      if (Number.isNaN(signedAt) || Math.abs(now() - signedAt) > MAX_SKEW_MS)
        throw new S3Error(403, 'RequestTimeTooSkewed', 'request time too skewed');
      if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'missing x-amz-content-sha256');
      if (/^[0-9a-f]{64}$/.test(payloadHash)) {
        if (sha256Hex(body) !== payloadHash)
          throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'payload hash mismatch');
      } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
        // Streaming (aws-chunked) uploads are beyond this fake.
        throw new S3Error(501, 'NotImplemented', `payload mode ${payloadHash}`);
      }
    } else {
      throw new S3Error(403, 'AccessDenied', 'anonymous access is not allowed');
    }

    if (credential.accessKeyId !== accessKeyId)
      throw new S3Error(403, 'InvalidAccessKeyId', 'unknown access key');
    if (
      credential.date !== amzDate.slice(0, 8) ||
      credential.region !== region ||
      credential.service !== 's3' ||
      credential.terminator !== 'aws4_request'
    )
      throw new S3Error(403, 'SignatureDoesNotMatch', 'bad credential scope');
    if (!signedHeaders.includes('host'))
      throw new S3Error(403, 'SignatureDoesNotMatch', 'host is not signed');

    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = headerValue(request, name);
        if (value === undefined)
          throw new S3Error(403, 'SignatureDoesNotMatch', `signed header ${name} is missing`);
        return `${name}:${value}\n`;
      })
      .join('');
    const canonicalRequest = [
      request.method,
      rawPath,
      canonicalQuery(canonicalQueryPairs),
      canonicalHeaders,
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${credential.date}/${credential.region}/${credential.service}/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join(
      '\n',
    );
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, credential.date), credential.region), 's3'),
      'aws4_request',
    );
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    if (!safeEqual(expected, signature))
      throw new S3Error(403, 'SignatureDoesNotMatch', 'signature does not match');
    return kind;
  }

  function verifyChecksums(request: IncomingMessage, body: Buffer): void {
    const md5 = headerValue(request, 'content-md5');
    if (md5 && createHash('md5').update(body).digest('base64') !== md5)
      throw new S3Error(400, 'BadDigest', 'Content-MD5 mismatch');
    const crc = headerValue(request, 'x-amz-checksum-crc32');
    if (crc) {
      const expected = Buffer.alloc(4);
      expected.writeUInt32BE(crc32(body));
      if (expected.toString('base64') !== crc)
        throw new S3Error(400, 'BadDigest', 'x-amz-checksum-crc32 mismatch');
    }
  }

  function sendXml(response: ServerResponse, status: number, xml: string): void {
    const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
    response.writeHead(status, {
      'Content-Type': 'application/xml',
      'Content-Length': body.length,
    });
    response.end(body);
  }

  function objectHeaders(object: FakeS3Object): Record<string, string | number> {
    return {
      'Content-Type': object.contentType,
      'Content-Length': object.bytes.length,
      ETag: object.etag,
      'Last-Modified': object.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
  }

  function listObjects(
    response: ServerResponse,
    bucketName: string,
    bucket: Map<string, FakeS3Object>,
    params: Map<string, string>,
  ): void {
    const prefix = params.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Number(params.get('max-keys') ?? 1000));
    if (!Number.isInteger(maxKeys) || maxKeys < 0)
      throw new S3Error(400, 'InvalidArgument', 'bad max-keys');
    const token = params.get('continuation-token');
    let after = params.get('start-after') ?? '';
    if (token !== undefined) {
      after = Buffer.from(token, 'base64url').toString('utf8');
      if (!after) throw new S3Error(400, 'InvalidArgument', 'bad continuation token');
    }
    const matching = [...bucket.keys()]
      .filter((key) => key.startsWith(prefix) && key > after)
      .sort();
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const contents = page
      .map((key) => {
        const object = bucket.get(key)!;
        return (
          `<Contents><Key>${xmlEscape(key)}</Key>` +
          `<LastModified>${object.lastModified.toISOString()}</LastModified>` +
          `<ETag>${xmlEscape(object.etag)}</ETag><Size>${object.bytes.length}</Size>` +
          `<StorageClass>STANDARD</StorageClass></Contents>`
        );
      })
      .join('');
    sendXml(
      response,
      200,
      `<ListBucketResult xmlns="${XMLNS}"><Name>${xmlEscape(bucketName)}</Name>` +
        `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (token !== undefined ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '') +
        (truncated
          ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
          : '') +
        contents +
        `</ListBucketResult>`,
    );
  }

  function deleteObjects(
    request: IncomingMessage,
    response: ServerResponse,
    bucket: Map<string, FakeS3Object>,
    body: Buffer,
  ): void {
    if (!headerValue(request, 'content-md5') && !headerValue(request, 'x-amz-checksum-crc32'))
      throw new S3Error(400, 'InvalidRequest', 'DeleteObjects needs Content-MD5 or a checksum');
    const xml = body.toString('utf8');
    if (!/<Delete[\s>]/.test(xml)) throw new S3Error(400, 'MalformedXML', 'no Delete element');
    const keys = [...xml.matchAll(/<Object>\s*<Key>([^<]*)<\/Key>/g)].map((m) =>
      xmlUnescape(m[1]!),
    );
    if (keys.length === 0 || keys.length > 1000)
      throw new S3Error(400, 'MalformedXML', 'between 1 and 1000 keys per request');
    const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(xml);
    for (const key of keys) bucket.delete(key);
    const deleted = quiet
      ? ''
      : keys.map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`).join('');
    sendXml(response, 200, `<DeleteResult xmlns="${XMLNS}">${deleted}</DeleteResult>`);
  }

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    record: FakeS3Request,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawUrl = request.url ?? '/';
    const at = rawUrl.indexOf('?');
    const rawPath = at < 0 ? rawUrl : rawUrl.slice(0, at);
    const query = parseQuery(at < 0 ? '' : rawUrl.slice(at + 1));
    const params = new Map(query);

    record.auth = authenticate(request, rawPath, query, body);

    const slash = rawPath.indexOf('/', 1);
    const bucketName = decodeURIComponent(slash < 0 ? rawPath.slice(1) : rawPath.slice(1, slash));
    const key = slash < 0 ? '' : decodeURIComponent(rawPath.slice(slash + 1));
    const bucket = buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const method = request.method ?? 'GET';

    if (!key) {
      if (method === 'GET' && params.get('list-type') === '2') {
        record.operation = 'ListObjectsV2';
        return listObjects(response, bucketName, bucket, params);
      }
      if (method === 'POST' && params.has('delete')) {
        record.operation = 'DeleteObjects';
        verifyChecksums(request, body);
        return deleteObjects(request, response, bucket, body);
      }
      throw new S3Error(501, 'NotImplemented', `bucket operation ${method} ${rawUrl}`);
    }

    if (method === 'PUT') {
      record.operation = 'PutObject';
      if (request.headers['x-amz-copy-source'])
        throw new S3Error(501, 'NotImplemented', 'CopyObject');
      verifyChecksums(request, body);
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      bucket.set(key, {
        bytes: body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        etag,
        lastModified: new Date(Math.floor(now() / 1000) * 1000),
      });
      response.writeHead(200, { ETag: etag, 'Content-Length': 0 });
      response.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      record.operation = method === 'GET' ? 'GetObject' : 'HeadObject';
      const object = bucket.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, objectHeaders(object));
      response.end(method === 'GET' ? object.bytes : undefined);
      return;
    }
    if (method === 'DELETE') {
      record.operation = 'DeleteObject';
      bucket.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', `${method} is not allowed`);
  }

  const server = createServer((request, response) => {
    const record: FakeS3Request = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      operation: 'unknown',
      auth: 'none',
      status: 0,
    };
    requests.push(record);
    response.on('finish', () => (record.status = response.statusCode));
    handle(request, response, record).catch((error: unknown) => {
      const s3 =
        error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      if (request.method === 'HEAD') {
        response.writeHead(s3.status);
        response.end();
        return;
      }
      sendXml(
        response,
        s3.status,
        `<Error><Code>${s3.code}</Code><Message>${xmlEscape(s3.message)}</Message>` +
          `<RequestId>fake</RequestId></Error>`,
      );
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    buckets,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
