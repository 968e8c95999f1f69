import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@bhasha/contract';
import { createTokenService } from '../../src/modules/auth/token.service';

// The token service keeps verified tokens so repeated requests skip the HMAC check: what it
// remembers must never outlive the token's expiry or accept what the check refuses.
describe('the token service', () => {
  const claims = {
    userId: '4a4f2a8e-0d3b-4d8e-9e1a-6f6a2b3c4d5e',
    role: ROLES.organisationAdmin,
    version: 3,
  };

  function serviceAt(start: Date, ttlSeconds = 60) {
    let now = start;
    const clock = { now: () => now };
    const service = createTokenService(randomBytes(32), ttlSeconds, clock);
    return { service, moveTo: (date: Date) => (now = date) };
  }

  it('answers the same claims for a token checked again', async () => {
    const { service } = serviceAt(new Date('2026-11-29T07:00:00Z'));
    const token = await service.sign(claims);
    expect(await service.verify(token)).toEqual({ state: 'valid', claims });
    expect(await service.verify(token)).toEqual({ state: 'valid', claims });
  });

  it('answers expired for a remembered token once its expiry has come', async () => {
    const { service, moveTo } = serviceAt(new Date('2026-11-29T07:00:00Z'), 60);
    const token = await service.sign(claims);
    expect((await service.verify(token)).state).toBe('valid');
    moveTo(new Date('2026-11-29T07:00:59.900Z'));
    expect((await service.verify(token)).state).toBe('valid');
    moveTo(new Date('2026-11-29T07:01:00Z'));
    expect((await service.verify(token)).state).toBe('expired');
    expect((await service.verify(token)).state).toBe('expired');
  });

  it('refuses a token whose signature was altered after the original was checked', async () => {
    const { service } = serviceAt(new Date('2026-11-29T07:00:00Z'));
    const token = await service.sign(claims);
    expect((await service.verify(token)).state).toBe('valid');
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await service.verify(altered)).toEqual({ state: 'invalid' });
    const otherService = serviceAt(new Date('2026-11-29T07:00:00Z')).service;
    expect(await otherService.verify(token)).toEqual({ state: 'invalid' });
  });
});
