import crypto from 'node:crypto';

/**
 * AES-256-GCM under a keyring: the current key seals, every key of the ring opens. A sealed value names the key
 * that sealed it (the first bytes of its SHA-256), so after a rotation old values still open with the previous
 * key until they are sealed again. The associated data binds a value to its name, so a ciphertext copied onto
 * another setting (a token pasted over an account id) fails to open instead of being used.
 */
export interface SecretsCipher {
  seal(plaintext: string, name: string): string;
  open(sealed: string, name: string): string;
  /** True when the value was sealed under the current key (nothing to re-encrypt). */
  isCurrent(sealed: string): boolean;
  /**
   * A key of this installation for one purpose (HMAC of the current key and the purpose), the same in every
   * process: for signatures Canvass both makes and checks, such as the simulator's webhooks.
   */
  derive(purpose: string): Buffer;
}

const VERSION = 'v1';

function keyId(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** A key as the environment gives it: 32 bytes in base64 or base64url (`openssl rand -base64 32`). */
export function parseSecretsKey(text: string): Buffer | null {
  const key = Buffer.from(text.trim(), 'base64');
  return key.length === 32 ? key : null;
}

export function createSecretsCipher(current: Buffer, previous: readonly Buffer[] = []): SecretsCipher {
  const ring = new Map<string, Buffer>();
  for (const key of [current, ...previous]) if (!ring.has(keyId(key))) ring.set(keyId(key), key);
  const currentId = keyId(current);
  const b64 = (b: Buffer) => b.toString('base64url');
  return {
    seal(plaintext, name) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(name));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, currentId, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
    },
    open(sealed, name) {
      const [version, id, iv, tag, body] = sealed.split('.');
      const key = ring.get(id);
      if (version !== VERSION || !key || body === undefined) throw new Error('Secret sealed under an unknown key');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    isCurrent: (sealed) => sealed.split('.')[1] === currentId,
    derive: (purpose) => crypto.createHmac('sha256', current).update(`canvass:${purpose}`).digest(),
  };
}
