const SENT_WORDS = /\b(sent|success|successfully|verified|registered|updated|created|done)\b/i;

/** Which picture the notification page shows: `sent` for good news, `sad` for everything else. */
export function pickNotificationMood(message: string): 'sent' | 'sad' {
  return SENT_WORDS.test(message) ? 'sent' : 'sad';
}
