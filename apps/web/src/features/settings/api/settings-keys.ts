/** Query keys of the settings feature; every key of a project starts with ['settings', projectId]. */
export const settingsKeys = {
  project: (projectId: string) => ['settings', projectId] as const,
  fontSizes: (projectId: string) => ['settings', projectId, 'font-sizes'] as const,
  noTranslationNodes: (projectId: string) => ['settings', projectId, 'no-translation-nodes'] as const,
  swalekhNodes: (projectId: string) => ['settings', projectId, 'swalekh-nodes'] as const,
  ignorePatterns: (projectId: string) => ['settings', projectId, 'ignore-patterns'] as const,
  transliterationPairs: (projectId: string, page?: object) =>
    ['settings', projectId, 'transliteration-pairs', ...(page ? [page] : [])] as const,
  maskTerms: (projectId: string, page?: object) =>
    ['settings', projectId, 'mask-terms', ...(page ? [page] : [])] as const,
  verifications: (projectId: string) => ['settings', projectId, 'verifications'] as const,
};
