import { Fragment, memo } from 'react';

// Segment texts carry inline markup as `<xN>…</xN>` / `<xN/>` placeholders (see the engine's
// placeholder syntax); showing them as chips tells the translator what must survive the edit.
const PLACEHOLDER = /(<\s*\/?\s*[xX]\d{1,6}\s*\/?\s*>)/;

/** A segment's text with its placeholders drawn as small chips; plain text is never parsed as HTML. */
export const SegmentText = memo(function SegmentText({ text }: { text: string }) {
  const parts = text.split(PLACEHOLDER);
  return (
    <span className="workspace-segment-text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="workspace-placeholder" aria-hidden>
            {part.replace(/\s+/g, '')}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </span>
  );
});
