import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a small value (the mystery fish) so that nothing the site serves can read it until the committee asks:
 * AES-256-GCM under a key derived (HKDF) from the site's secret, so a database dump, a backup or the audit log
 * shows only ciphertext, and the key lives where SESSION_SECRET does (the environment, or DATA_DIR/secrets.json).
 * Each seal also gives a commitment, SHA-256 over a random nonce and the value: the audit log records it when the
 * value is sealed and the nonce when it is revealed, so anyone can check that what was revealed is what was sealed
 * (the nonce makes the few thousand possible fish impossible to guess from the hash).
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tweed-coast-anglers sealed values', purpose, 32));
  }

  /** `bound`: what the value belongs to (an event id); opening it under another fails. */
  seal<T>(value: T, bound: string): { sealed: string; commitment: string } {
    const nonce = randomBytes(16).toString('base64url');
    const plain = JSON.stringify({ nonce, value });
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(bound));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const sealed = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    return { sealed, commitment: commitmentOf(plain) };
  }

  /**
   * The value, and the exact text that was sealed (whose SHA-256 is the commitment); null when this key cannot open
   * it (sealed under another secret, or altered).
   */
  open<T>(sealed: string, bound: string): { value: T; plain: string; commitment: string } | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(bound));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return { value: (JSON.parse(plain) as { value: T }).value, plain, commitment: commitmentOf(plain) };
    } catch {
      return null;
    }
  }
}

/** SHA-256 (hex) of the sealed text: `{"nonce":…,"value":…}` exactly as it was sealed. */
export const commitmentOf = (plain: string) => createHash('sha256').update(plain).digest('hex');
