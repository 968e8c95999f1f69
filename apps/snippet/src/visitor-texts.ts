/**
 * The words of the snippet's own visitor UI. English for now: the host page's visitors read them
 * next to the site's translated content; a per-language table can replace this object later.
 */
export const VISITOR_TEXTS = {
  suggestMode: 'Suggest a translation',
  feedback: 'Feedback',
  suggestTitle: 'Suggest a better translation',
  original: 'Original',
  current: 'Current translation',
  yourTranslation: 'Your translation',
  yourName: 'Your name or e-mail (optional)',
  feedbackTitle: 'Feedback on this translation',
  rating: 'Rating',
  comment: 'Your feedback',
  send: 'Send',
  cancel: 'Cancel',
  thanks: 'Thank you!',
  failed: 'Sorry, this could not be sent. Please try again later.',
} as const;
