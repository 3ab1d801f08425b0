import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createProviders } from './providers';

// Issue #16: which provider each channel gets from the environment — the outbox unless asked — and the settings a
// chosen provider cannot start without.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-providers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
const log = Fastify({ logger: false }).log;

describe('gateway configuration', () => {
  it('uses the outbox for every channel by default', () => {
    const config = loadConfig(base);
    expect(config.gateways).toEqual({ sms: 'outbox', call: 'outbox', mail: 'outbox', timeoutMs: 10_000 });
    expect(createProviders(config.gateways, config.outboxPath, log).names).toEqual({
      sms: 'outbox',
      call: 'outbox',
      mail: 'outbox',
    });
  });

  it('takes SMS.ru for texts and calls and SMTP for e-mail when named, with their settings', () => {
    const config = loadConfig({
      ...base,
      SMS_PROVIDER: 'smsru',
      CALL_PROVIDER: 'smsru',
      MAIL_PROVIDER: 'smtp',
      SMSRU_API_ID: 'KEY',
      SMSRU_URL: 'http://127.0.0.1:9/',
      SMSRU_TEST: '1',
      SMTP_URL: 'smtps://shop:secret@smtp.example.ru:465',
      MAIL_FROM: 'Подбор <noreply@example.ru>',
      GATEWAY_TIMEOUT_MS: '2500',
    });
    expect(config.gateways).toEqual({
      sms: 'smsru',
      call: 'smsru',
      mail: 'smtp',
      smsru: { apiId: 'KEY', url: 'http://127.0.0.1:9', from: undefined, test: true },
      smtp: { url: 'smtps://shop:secret@smtp.example.ru:465', from: 'Подбор <noreply@example.ru>' },
      timeoutMs: 2500,
    });
    expect(createProviders(config.gateways, config.outboxPath, log).names).toEqual({
      sms: 'smsru',
      call: 'smsru',
      mail: 'smtp',
    });
  });

  it('takes SMSC for texts when named, with its login, password, address and sender; calls stay on the outbox', () => {
    const config = loadConfig({
      ...base,
      SMS_PROVIDER: 'smsc',
      SMSC_LOGIN: 'shop',
      SMSC_PASSWORD: 'secret',
      SMSC_URL: 'http://127.0.0.1:9/',
      SMSC_SENDER: 'Podbor',
    });
    expect(config.gateways).toEqual({
      sms: 'smsc',
      call: 'outbox',
      mail: 'outbox',
      smsc: { login: 'shop', password: 'secret', url: 'http://127.0.0.1:9', sender: 'Podbor' },
      timeoutMs: 10_000,
    });
    expect(createProviders(config.gateways, config.outboxPath, log).names).toEqual({
      sms: 'smsc',
      call: 'outbox',
      mail: 'outbox',
    });
  });

  it('refuses to start a provider without its settings', () => {
    expect(() => loadConfig({ ...base, CALL_PROVIDER: 'smsru' })).toThrow(/SMSRU_API_ID is required/);
    expect(() => loadConfig({ ...base, MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://localhost:25' })).toThrow(
      /SMTP_URL and MAIL_FROM are required/,
    );
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'smsc', SMSC_LOGIN: 'shop' })).toThrow(
      /SMSC_LOGIN and SMSC_PASSWORD are required/,
    );
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'smsaero' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...base, CALL_PROVIDER: 'smsc' })).toThrow(/CALL_PROVIDER/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.ru' })).toThrow(/SMTP_URL/);
  });
});
