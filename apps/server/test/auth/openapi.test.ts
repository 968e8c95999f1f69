import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bhasha/contract';
import { buildTestApp, type TestApp } from '../support/test-app';

const AUTH_CALLS = [
  'post /api/auth',
  'post /api/auth/new',
  'post /api/auth/verification',
  'post /api/auth/verifyEmailId',
  'post /api/auth/update-password',
  'post /api/auth/password-reset',
  'get /api/user/check/',
  'get /api/auth/fetchUIEndpoints',
  'post /api/auth/checkProjectExists',
  'post /api/auth/sendOtp',
  'post /api/auth/resendOtp',
  'post /api/auth/verifyOtp',
  'post /api/auth/sendEmailOTP',
  'post /api/auth/verifyEmailOTP',
  'post /api/auth/onboard/free-org',
  'post /api/auth/clearCookie',
  'post /api/user/edit',
  'post /api/auth/newOrganisation',
];

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
        responses: Record<string, unknown>;
      }
    >
  >;
}

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('documents every authentication call of spec §7 with its request and response schemas', () => {
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    for (const call of AUTH_CALLS) expect(documented, call).toContain(call);

    const sendOtp = doc.paths['/api/auth/sendOtp']!.post!;
    const schema = sendOtp.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([
      'email',
      'languages',
      'name',
      'password',
      'phone',
      'url',
    ]);
    expect(schema.required?.sort()).toEqual(['email', 'languages', 'name', 'password', 'phone', 'url']);
    expect(Object.keys(sendOtp.responses).sort()).toEqual(['200', '400', '409', '429', '502']);
    const login = doc.paths['/api/auth']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.required?.sort()).toEqual([
      'email',
      'password',
    ]);
  });

  it('documents the length every new password must have, as the server enforces it', () => {
    // The contract is the one source: the documented bounds are the ones validation applies.
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const chosenPasswords: [string, string][] = [
      ['/api/user', 'password'],
      ['/api/user/resetPasswordThroughProfile', 'newPassword'],
      ['/api/auth/new', 'password'],
      ['/api/auth/update-password', 'password'],
    ];
    for (const [path, field] of chosenPasswords) {
      const schema = doc.paths[path]!.post!.requestBody!.content['application/json']!.schema;
      expect(schema.properties?.[field], `${path} ${field}`).toMatchObject({
        minLength: PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      });
    }
  });
});
