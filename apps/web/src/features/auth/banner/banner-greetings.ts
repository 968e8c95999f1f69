/**
 * Greetings that drift across the banner, one per script. They are sample content in their own
 * languages (never translated), so they live here and not in the i18n resources.
 */
export const BANNER_GREETINGS: readonly { text: string; lang: string }[] = [
  { text: 'नमस्ते', lang: 'hi' },
  { text: 'নমস্কার', lang: 'bn' },
  { text: 'வணக்கம்', lang: 'ta' },
  { text: 'నమస్కారం', lang: 'te' },
  { text: 'ನಮಸ್ಕಾರ', lang: 'kn' },
  { text: 'നമസ്കാരം', lang: 'ml' },
  { text: 'નમસ્તે', lang: 'gu' },
  { text: 'ਸਤ ਸ੍ਰੀ ਅਕਾਲ', lang: 'pa' },
  { text: 'ନମସ୍କାର', lang: 'or' },
  { text: 'آداب', lang: 'ur' },
  { text: 'नमस्कार', lang: 'mr' },
  { text: 'নমস্কাৰ', lang: 'as' },
  { text: 'Hello', lang: 'en' },
  { text: 'Hola', lang: 'es' },
  { text: 'Bonjour', lang: 'fr' },
  { text: 'こんにちは', lang: 'ja' },
  { text: '你好', lang: 'zh' },
  { text: '안녕하세요', lang: 'ko' },
  { text: 'مرحبا', lang: 'ar' },
  { text: 'Olá', lang: 'pt' },
  { text: 'Привет', lang: 'ru' },
  { text: 'Ciao', lang: 'it' },
  { text: 'Merhaba', lang: 'tr' },
  { text: 'Jambo', lang: 'sw' },
];
