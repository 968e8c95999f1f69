import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LOCKOUT_MINUTES,
  ALL_URL_PAGE_PART,
  API_DEFAULT_PAGE_NUMBER,
  API_DEFAULT_PAGE_SIZE,
  API_DOMAIN_VALUES,
  API_TYPE_OPTION_VALUES,
  CMS_DOMAIN_OPTIONS,
  CONTENT_TYPE_VALUES,
  DISPLAY_TYPE_LABELS,
  DISPLAY_TYPES,
  DOWNLOAD_FILE_NAMES,
  DYNAMIC_LIST_TOTAL_PAGES,
  ENVIRONMENT_VALUES,
  FILTER_LABELS,
  FORGOT_PASSWORD_DISABLE_SECONDS,
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENT_VALUES,
  LOGIN_ATTEMPT_LIMIT,
  MIN_AGE_YEARS,
  NAME_MIN_LENGTH,
  NEW_FORM_LANGUAGE_COUNT,
  NOTIFICATION_REDIRECT_SECONDS,
  OLD_FORM_MAX_LANGUAGES,
  OPT_OUT_BUSINESS_DAYS,
  OTP_RESEND_COOLDOWN_SECONDS,
  PARLIAMENT_DOCUMENT_CATEGORIES,
  PARLIAMENT_DOCUMENT_CATEGORY_VALUES,
  PASSWORD_WHITESPACE_PATTERN,
  PHONE_LENGTH,
  PHONE_PATTERN,
  POLICY_RETENTION_YEARS,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPE_VALUES,
  PROJECT_TYPES,
  ROLES,
  SCOPE_TYPE_LABELS,
  SELF_REGISTRATION_ROLE,
  SERVICE_PIPELINES,
  SERVICE_PRICE_WEIGHTS,
  SERVICE_TYPE_VALUES,
  SIGN_UP_DEFAULT_ROLE,
  SUPPORT_REPLY_HOURS,
  TRANSLATION_TYPE_VALUES,
  getAttemptsRemaining,
  getDocumentCategoriesFor,
  getPipelinePriceWeight,
  shouldShowAttemptsRemaining,
} from '../src';

describe('translation vocabularies', () => {
  it('match spec §9', () => {
    expect(TRANSLATION_TYPE_VALUES).toEqual(['USER', 'MACHINE', 'PBK', 'NO_TRANSLATION_AVAILABLE']);
    expect(DISPLAY_TYPES.t13n).toBe('t13n');
    expect(Object.values(DISPLAY_TYPE_LABELS)).toEqual(['Translated Strings', 'Transliterated Strings']);
    expect(PROJECT_TYPES.mobile).toBe('mob');
    expect(PROJECT_TYPE_VALUES).toHaveLength(4);
    expect(Object.keys(PROJECT_TYPE_LABELS)).toEqual(PROJECT_TYPE_VALUES);
    expect(Object.values(SCOPE_TYPE_LABELS)).toEqual(['Auto Crawl', 'Manual']);
  });

  it('labels the filters as spec §9 does, one per translation type', () => {
    expect(Object.values(FILTER_LABELS)).toEqual([
      'New Content Available',
      'Prabandhak Translated',
      'Self Translated',
      'Machine Translated',
    ]);
    expect(Object.keys(FILTER_LABELS).sort()).toEqual([...TRANSLATION_TYPE_VALUES].sort());
  });
});

describe('business constants of spec §9', () => {
  it('prices the services and pipelines', () => {
    expect(SERVICE_TYPE_VALUES).toEqual(['translation', 'proofreading', 'editing']);
    expect(SERVICE_PRICE_WEIGHTS).toEqual({ translation: 1, proofreading: 0.5, editing: 0.5 });
    expect(SERVICE_PIPELINES).toEqual([
      ['translation'],
      ['translation', 'proofreading'],
      ['translation', 'proofreading', 'editing'],
    ]);
    expect(SERVICE_PIPELINES.map((p) => getPipelinePriceWeight(p))).toEqual([1, 1.5, 2]);
  });

  it('lists the KYC documents', () => {
    expect(KYC_DOCUMENT_VALUES).toEqual([
      'aadhaar',
      'panCard',
      'roc',
      'gst',
      'bankDetails',
      'contract',
      'cancelledCheck',
    ]);
    expect(Object.keys(KYC_DOCUMENT_LABELS)).toEqual(KYC_DOCUMENT_VALUES);
  });

  it('names the downloads and default roles', () => {
    expect(Object.values(DOWNLOAD_FILE_NAMES)).toEqual([
      'maskTermsList',
      'suggestionReport',
      'feedbackReport',
    ]);
    expect(SELF_REGISTRATION_ROLE).toBe(ROLES.freeOrgAdmin);
    expect(SIGN_UP_DEFAULT_ROLE).toBe(ROLES.organisationAdmin);
  });

  it('lists content types, API domains, API types and environments', () => {
    expect(CONTENT_TYPE_VALUES).toHaveLength(2);
    expect(API_DOMAIN_VALUES).toEqual(['ls', 'rs']);
    expect(API_TYPE_OPTION_VALUES).toEqual(['singleType', 'collectionType']);
    expect(ENVIRONMENT_VALUES).toEqual(['prod', 'staging']);
  });

  it('offers every portal in test, stage, prod and local', () => {
    expect(CMS_DOMAIN_OPTIONS).toHaveLength(12);
    expect(new Set(CMS_DOMAIN_OPTIONS.map((o) => o.value)).size).toBe(12);
    expect(CMS_DOMAIN_OPTIONS.filter((o) => o.portal === 'peoplesPortal').map((o) => o.environment)).toEqual([
      'test',
      'stage',
      'prod',
      'local',
    ]);
    expect(CMS_DOMAIN_OPTIONS[0]).toEqual({
      value: 'peoplesPortal-test',
      label: "People's Portal (test)",
      portal: 'peoplesPortal',
      environment: 'test',
    });
  });

  it('lists the parliament document categories, UnStarred questions for the upper house only', () => {
    expect(PARLIAMENT_DOCUMENT_CATEGORIES.map((c) => c.label)).toEqual([
      'List of Business (Normal)',
      'List of Business (Revised)',
      'List of Business (Supplementary 1)',
      'List of Business (Supplementary 2)',
      'List of Business (Supplementary 3)',
      'Bulletin Part-I',
      'Bulletin Part-II',
      'Questions List (Starred)',
      'Questions List (UnStarred)',
      'Synopsis (Normal)',
      'Synopsis (Supplementary 1)',
      'Synopsis (Supplementary 2)',
      'Paper to be Laid',
    ]);
    expect(new Set(PARLIAMENT_DOCUMENT_CATEGORY_VALUES).size).toBe(PARLIAMENT_DOCUMENT_CATEGORIES.length);
    expect(getDocumentCategoriesFor('rs')).toHaveLength(13);
    expect(getDocumentCategoriesFor('ls').map((c) => c.value)).not.toContain('questionsListUnStarred');
    expect(getDocumentCategoriesFor('ls')).toHaveLength(12);
  });
});

describe('limits of spec §9', () => {
  it('have the spec values', () => {
    expect(ACCOUNT_LOCKOUT_MINUTES).toBe(30);
    expect(LOGIN_ATTEMPT_LIMIT).toBe(5);
    expect(OTP_RESEND_COOLDOWN_SECONDS).toBe(120);
    expect(NOTIFICATION_REDIRECT_SECONDS).toBe(30);
    expect(FORGOT_PASSWORD_DISABLE_SECONDS).toBe(5);
    expect(NAME_MIN_LENGTH).toBe(3);
    expect(PHONE_LENGTH).toBe(10);
    expect(OLD_FORM_MAX_LANGUAGES).toBe(3);
    expect(NEW_FORM_LANGUAGE_COUNT).toBe(1);
    expect(API_DEFAULT_PAGE_SIZE).toBe(10);
    expect(API_DEFAULT_PAGE_NUMBER).toBe(1);
    expect(DYNAMIC_LIST_TOTAL_PAGES).toBe(1);
    expect(ALL_URL_PAGE_PART).toBe(0);
    expect(POLICY_RETENTION_YEARS).toBe(3);
    expect(OPT_OUT_BUSINESS_DAYS).toBe(10);
    expect(MIN_AGE_YEARS).toBe(18);
    expect(SUPPORT_REPLY_HOURS).toBe(48);
  });

  it('shows attempts remaining only for more than 1 and not 5 attempts', () => {
    expect([1, 2, 3, 4, 5].map(shouldShowAttemptsRemaining)).toEqual([false, true, true, true, false]);
    expect(getAttemptsRemaining(2)).toBe(3);
    expect(getAttemptsRemaining(9)).toBe(0);
  });

  it('checks phone numbers and passwords as spec §5 says', () => {
    for (const phone of ['9876543210', '6000000000', '09876543210'])
      expect(PHONE_PATTERN.test(phone), phone).toBe(true);
    for (const phone of ['5876543210', '987654321', '98765432100', '+919876543210']) {
      expect(PHONE_PATTERN.test(phone), phone).toBe(false);
    }
    expect(PASSWORD_WHITESPACE_PATTERN.test('pass word')).toBe(true);
    expect(PASSWORD_WHITESPACE_PATTERN.test('password')).toBe(false);
  });
});
