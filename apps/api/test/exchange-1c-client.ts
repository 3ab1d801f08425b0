import type { FastifyInstance } from 'fastify';

// A test client of the 1C exchange that speaks the protocol the way 1C:Управление торговлей does: checkauth with
// HTTP Basic, the cookie of its answer on every later call, init, the file in parts of at most file_limit, import
// repeated while the answer is `progress`, then for orders query and success.

const PATH = '/api/exchange/1c/';

export interface Answer {
  status: number;
  lines: string[];
  body: string;
  contentType: string;
}

export class OneCClient {
  private cookie = '';
  fileLimit = 0;
  zip = false;

  constructor(
    private readonly app: FastifyInstance,
    readonly type: 'catalog' | 'sale',
  ) {}

  private async call(
    mode: string,
    extra: Record<string, string> = {},
    body?: Buffer,
    auth?: string,
  ): Promise<Answer> {
    const query = new URLSearchParams({ type: this.type, mode, ...extra });
    const res = await this.app.inject({
      method: body ? 'POST' : 'GET',
      url: `${PATH}?${query}`,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
    return {
      status: res.statusCode,
      body: res.body,
      lines: res.body.split('\n'),
      contentType: String(res.headers['content-type'] ?? ''),
    };
  }

  async checkauth(login: string, password: string): Promise<Answer> {
    const answer = await this.call(
      'checkauth',
      {},
      undefined,
      `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
    );
    if (answer.lines[0] === 'success') this.cookie = `${answer.lines[1]}=${answer.lines[2]}`;
    return answer;
  }

  async init(): Promise<Answer> {
    const answer = await this.call('init');
    for (const line of answer.lines) {
      const [key, value] = line.split('=');
      if (key === 'file_limit') this.fileLimit = Number(value);
      if (key === 'zip') this.zip = value === 'yes';
    }
    return answer;
  }

  /** Sends `data` in parts of `partSize` (default: file_limit); `skip` leaves out that part (an interrupted upload). */
  async upload(filename: string, data: Buffer, partSize = this.fileLimit, skip?: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let at = 0, part = 0; at < data.length; at += partSize, part += 1) {
      if (part === skip) continue;
      answers.push(await this.call('file', { filename }, data.subarray(at, at + partSize)));
    }
    return answers;
  }

  /** mode=import until the answer is not `progress` (at most `maxCalls`); every answer in order. */
  async importFile(filename: string, maxCalls = 1000): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < maxCalls; i += 1) {
      const answer = await this.call('import', { filename });
      answers.push(answer);
      if (answer.lines[0] !== 'progress') break;
    }
    return answers;
  }

  query(): Promise<Answer> {
    return this.call('query');
  }

  success(): Promise<Answer> {
    return this.call('success');
  }

  sendFile(filename: string, data: Buffer): Promise<Answer> {
    return this.call('file', { filename }, data);
  }
}
