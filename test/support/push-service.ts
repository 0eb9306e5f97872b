import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, Agent, type Server } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback that speaks HTTPS like FCM or Mozilla's: it keeps every push web-push sends (headers
 * and the encrypted body) and answers 201, or the status a test sets for an endpoint (410: the browser unsubscribed).
 * Its name, push.example.test, resolves to 127.0.0.1 only through `agent()`, which also trusts its certificate.
 */
export class PushService {
  readonly received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
  /** Status to answer per endpoint path (default 201 Created). */
  readonly answers = new Map<string, number>();
  private server?: Server;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer({ key: KEY, cert: CERT }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = this.answers.get(req.url ?? '') ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The address a browser would be given for one subscription. */
  endpoint(name: string): string {
    return `https://push.example.test:${this.port}/push/${name}`;
  }

  get origin(): string {
    return `https://push.example.test:${this.port}`;
  }

  /** The pushes that arrived for one subscription. */
  to(name: string) {
    return this.received.filter((r) => r.path === `/push/${name}`);
  }

  /** An HTTPS agent for the app: push.example.test is this server, and its certificate is trusted. */
  agent(): Agent {
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: '127.0.0.1', family: 4 },
        ]);
      callback(null, '127.0.0.1', 4);
    };
    return new Agent({ ca: CERT, lookup });
  }
}

/** A browser's side of a subscription: its key pair and auth secret, to subscribe with and to open what arrives. */
export class FakeBrowser {
  private readonly ecdh = createECDH('prime256v1');
  private readonly auth = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }

  /** What `PushSubscription.toJSON()` gives. */
  subscription(endpoint: string) {
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') },
    };
  }

  /** Opens an aes128gcm push message (RFC 8188, keys per RFC 8291) as the browser does, to the JSON sent. */
  open(body: Buffer): unknown {
    const salt = body.subarray(0, 16);
    const idLength = body[20];
    const senderKey = body.subarray(21, 21 + idLength);
    const sealed = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(sealed.subarray(-16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 and any padding zeros.
    let end = plain.length - 1;
    while (end > 0 && plain[end] === 0) end--;
    return JSON.parse(plain.subarray(0, end).toString('utf8'));
  }
}

/**
 * Checks a VAPID Authorization header ('vapid t=<JWT>, k=<public key>') as a push service does: the JWT is signed
 * (ES256) by the key given, for this push service's origin, not expired. Returns the JWT's claims.
 */
export function checkVapid(header: string | undefined, publicKey: string, audience: string, now = Date.now()) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${header}`);
  const [, head, claims, signature, k] = match;
  if (k !== publicKey) throw new Error('The VAPID header carries another public key');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID JWT signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (payload.aud !== audience) throw new Error(`The VAPID JWT is for ${payload.aud}, not ${audience}`);
  if (payload.exp * 1000 < now) throw new Error('The VAPID JWT has expired');
  return payload;
}

// A self-signed certificate for push.example.test (P-256, valid to 2126), made for these tests only.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7cPSPgc3rfB7Ta4m
M412w50la/atGW+PPX6Dnxo5gsehRANCAARF7tMmrEMs6JryjRbUUOnh2ZflOfnf
ztdKJJ85YP9taJjzkqgS9vb2gX8fDkqZ1xnxg+aSmUxCCf3xSsAsRs+M
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBrjCCAVOgAwIBAgIUEiXP0PJSMdSR2Lzl8aZEjpukWl4wCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRcHVzaC5leGFtcGxlLnRlc3QwIBcNMjYxMTI0MDY1ODU5WhgP
MjEyNjEwMzEwNjU4NTlaMBwxGjAYBgNVBAMMEXB1c2guZXhhbXBsZS50ZXN0MFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAERe7TJqxDLOia8o0W1FDp4dmX5Tn5387X
SiSfOWD/bWiY85KoEvb29oF/Hw5KmdcZ8YPmkplMQgn98UrALEbPjKNxMG8wHQYD
VR0OBBYEFGeHKffC5dKzunmyhi4CfV8654GsMB8GA1UdIwQYMBaAFGeHKffC5dKz
unmyhi4CfV8654GsMA8GA1UdEwEB/wQFMAMBAf8wHAYDVR0RBBUwE4IRcHVzaC5l
eGFtcGxlLnRlc3QwCgYIKoZIzj0EAwIDSQAwRgIhAIucSWjKt/TOxmEem1FJshSd
EKycs/DD0jSMT1sW3vb/AiEAmvknFc5pjU0R7gFbqlG0bxXCxbdeTmP300AhMvtI
1EU=
-----END CERTIFICATE-----`;
