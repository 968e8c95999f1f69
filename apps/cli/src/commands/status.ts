import type { TranslationDashboard } from '@bhasha/contract';
import type { CommandContext } from '../context';

/** `bhasha status`: progress per language, in words and in strings. */
export async function status(context: CommandContext): Promise<void> {
  const projectId = context.project();
  const dashboard = await context
    .client()
    .call<TranslationDashboard>('translation/dashboard/get', { projectId });
  const rows = dashboard.languages.map((language) => ({
    language: language.targetLang,
    percentTranslated: language.percentTranslated,
    words: {
      total: language.totalWords,
      machine: language.wordCount.MACHINE,
      self: language.wordCount.USER,
      professional: language.wordCount.PBK,
      untranslated: language.wordCount.NO_TRANSLATION_AVAILABLE,
      new: language.newContentWords,
    },
    strings: {
      total: language.totalSegments,
      machine: language.tmCount.MACHINE,
      self: language.tmCount.USER,
      professional: language.tmCount.PBK,
      untranslated: language.tmCount.NO_TRANSLATION_AVAILABLE,
      new: language.newContentSegments,
    },
  }));
  context.out.result({ projectId, sourceLanguage: dashboard.sourceLanguage, languages: rows });
  if (rows.length === 0) {
    context.out.line('The project has no target languages yet.');
    return;
  }
  context.out.line(
    `${dashboard.totalWords} words in ${dashboard.totalSegments} strings (${dashboard.sourceLanguage})`,
  );
  context.out.table(
    [
      'LANGUAGE',
      'DONE',
      'WORDS',
      'MACHINE',
      'SELF',
      'PROFESSIONAL',
      'NEW',
      'STRINGS',
      'MACHINE',
      'SELF',
      'PROFESSIONAL',
      'NEW',
    ],
    rows.map(({ language, percentTranslated, words, strings }) => [
      language,
      `${percentTranslated}%`,
      words.total,
      words.machine,
      words.self,
      words.professional,
      words.new,
      strings.total,
      strings.machine,
      strings.self,
      strings.professional,
      strings.new,
    ]),
  );
}
