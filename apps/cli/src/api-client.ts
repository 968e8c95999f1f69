import { CliError } from './errors';
import type { Credentials } from './config';

interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
  type?: string;
  name?: string;
  flag?: string;
}

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * The Bhasha API as the CLI uses it: JSON calls under /api with the `{success, message, data}`
 * envelope, an API key (`x-api-key`) or a token from signing in, and every failure turned into a
 * one-line CliError carrying the server's own message.
 */
export class BhashaClient {
  private token: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials | undefined,
  ) {}

  async call<T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
    const headers = await this.headers();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.send(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return this.unwrap<T>(path, response);
  }

  /** A multipart upload: the fields first, then the file (the server reads them in that order). */
  async upload<T>(path: string, fields: Record<string, string>, file: UploadFile): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file.bytes], { type: file.contentType }), file.name);
    const response = await this.send(path, { method: 'POST', headers: await this.headers(), body: form });
    return this.unwrap<T>(path, response);
  }

  /** A call that answers a file: its bytes, or the envelope's message as the error. */
  async download(path: string, body: unknown): Promise<Uint8Array> {
    const headers = { ...(await this.headers()), 'content-type': 'application/json' };
    const response = await this.send(path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
      await this.unwrap(path, response);
      throw new CliError(`${path} answered no file`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }

  private async headers(): Promise<Record<string, string>> {
    const headers: Record<string, string> = { timezone: new Date().toISOString() };
    if (!this.credentials) return headers;
    if ('apiKey' in this.credentials) headers['x-api-key'] = this.credentials.apiKey;
    else headers.authorization = await this.signIn(this.credentials);
    return headers;
  }

  private async signIn(credentials: { email: string; password: string }): Promise<string> {
    if (this.token) return this.token;
    const response = await this.send('auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
    });
    const data = await this.unwrap<{ token: string }>('auth', response, 'Signing in failed');
    this.token = data.token;
    return data.token;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const url = `${this.baseUrl}/api/${path.replace(/^\/+/, '')}`;
    try {
      return await fetch(url, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new CliError(`Cannot reach ${this.baseUrl}${cause ? ` (${cause})` : ''}`);
    }
  }

  private async unwrap<T>(path: string, response: Response, context?: string): Promise<T> {
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new CliError(`${path}: the server answered ${response.status} without a JSON body`);
    }
    if (envelope.success) return envelope.data as T;
    if (response.status === 401 || envelope.name === 'TokenExpiredError' || envelope.flag === 'TIME_TRAVEL')
      throw new CliError(
        this.credentials
          ? `Not signed in: the server refused these credentials (${envelope.message ?? response.status})`
          : 'Not signed in: set BHASHA_API_KEY, or BHASHA_EMAIL and BHASHA_PASSWORD',
      );
    const detail = Array.isArray(envelope.data) ? `: ${(envelope.data as unknown[]).join('; ')}` : '';
    const message = envelope.message ?? `the server answered ${response.status}`;
    throw new CliError(`${context ? `${context}: ` : ''}${message}${detail}`);
  }
}
