/** An object read back from storage. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/**
 * Where uploaded images live. Keys are `<tenantId>/<random>.<ext>`, never a client's file name; drivers refuse
 * any key outside a safe character set so no key can escape its folder or bucket prefix.
 */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*(\.[A-Za-z0-9]{1,8})?$/;

export const isSafeKey = (key: string) => key.length <= 256 && SAFE_KEY.test(key);

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
