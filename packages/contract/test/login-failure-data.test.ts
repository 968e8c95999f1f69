import { describe, expect, it } from 'vitest';
import { loginFailureDataSchema, readLoginFailureData } from '../src';

/** What the sign-in screen made of a failure's `data` with the schema. */
function readWithSchema(data: unknown) {
  const parsed = loginFailureDataSchema.safeParse(data);
  return parsed.success ? parsed.data : { locked: false, attempts: 0 };
}

describe('readLoginFailureData', () => {
  const samples: unknown[] = [
    { locked: true, attempts: 5 },
    { locked: false, attempts: 0 },
    { locked: false, attempts: 2, extra: 'left out' },
    { locked: 'yes', attempts: 2 },
    { locked: true },
    { attempts: 3 },
    { locked: false, attempts: -1 },
    { locked: false, attempts: 1.5 },
    { locked: false, attempts: '3' },
    { locked: false, attempts: Number.NaN },
    { locked: false, attempts: Number.POSITIVE_INFINITY },
    { locked: false, attempts: Number.MAX_SAFE_INTEGER + 2 },
    { locked: false, attempts: -0 },
    Object.assign(Object.create({ locked: true }) as object, { attempts: 1 }),
    null,
    undefined,
    'locked',
    42,
    [],
  ];

  it('answers what the schema answers, for every sample', () => {
    for (const sample of samples) expect(readLoginFailureData(sample)).toEqual(readWithSchema(sample));
  });

  it('keeps only locked and attempts', () => {
    expect(readLoginFailureData({ locked: true, attempts: 5, message: 'x' })).toStrictEqual({
      locked: true,
      attempts: 5,
    });
  });
});
