import { describe, expect, it } from 'vitest';
import {
  API_TRANSLATION_STATUSES,
  API_TRANSLATION_STATUS_COLOURS,
  CRAWL_STATUSES,
  DOCUMENT_STATUSES,
  DOMAIN_VERIFICATION_LEVELS,
  DOMAIN_VERIFICATION_LEVEL_LABELS,
  DOMAIN_VERIFICATION_LEVEL_VALUES,
  FILE_PROCESSING_STATUSES,
  MANUAL_TRANSLATION_STATUSES,
  PROJECT_CREATION_STATUSES,
  PROJECT_STATUSES,
  SUGGESTION_STATUSES,
} from '../src';

// Each list below is copied from spec §4 "Status vocabularies".
const list = (text: string) => text.split(', ');

describe('status vocabularies of spec §4', () => {
  it('match the spec verbatim and in order', () => {
    expect(PROJECT_CREATION_STATUSES).toEqual(
      list(
        'partialCreated, processing, crawling, crawlingFailed, crawled, parsing, parsingFailed, parsed, translationProcess, translationCompleted',
      ),
    );
    expect(MANUAL_TRANSLATION_STATUSES).toEqual(
      list(
        'pendingMachineTranslation, processingMachineTranslation, completedMachineTranslation, rejectedMachineTranslation, pendingManualTranslation, processingManualTranslation, completedManualTranslation, rejectedManualTranslation, projectDeleted, signOff, reverted',
      ),
    );
    expect(CRAWL_STATUSES).toEqual(list('INACTIVE, ACTIVE, FAILED, COMPLETED'));
    expect(FILE_PROCESSING_STATUSES).toEqual(
      list('NEW_URL, PBK_SENT, NMT_TRANSLATED, PBK_TRANSLATED, PBK_EXPORTED, FAILED'),
    );
    expect(API_TRANSLATION_STATUSES).toEqual(
      list('none, syncing, synced, applied_nmt, sent_to_pbk, pbk_translated, created'),
    );
    expect(SUGGESTION_STATUSES).toEqual(list('accepted, rejected, new, inprocess'));
    expect(DOCUMENT_STATUSES).toEqual(list('pending, accepted, rejected, signed'));
    expect(PROJECT_STATUSES).toEqual(list('projectCreated, processing, completed'));
  });

  it('gives every API translation status a distinct hex colour', () => {
    expect(Object.keys(API_TRANSLATION_STATUS_COLOURS)).toEqual(API_TRANSLATION_STATUSES);
    const colours = Object.values(API_TRANSLATION_STATUS_COLOURS);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('numbers the domain verification levels 0 none … 3 client verified', () => {
    expect(DOMAIN_VERIFICATION_LEVELS).toEqual({
      none: 0,
      scriptVerified: 1,
      projectIdVerified: 2,
      clientVerified: 3,
    });
    expect(DOMAIN_VERIFICATION_LEVEL_VALUES).toEqual([0, 1, 2, 3]);
    expect(
      DOMAIN_VERIFICATION_LEVEL_VALUES.map((level) => `${level} ${DOMAIN_VERIFICATION_LEVEL_LABELS[level]}`),
    ).toEqual(list('0 none, 1 script verified, 2 project id verified, 3 client verified'));
  });
});
