/** A paper plane leaving an envelope: something was sent successfully. */
export function SentIllustration({ size = 180 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 200 200"
      role="img"
      aria-hidden="true"
      data-testid="illustration-sent"
    >
      <circle cx="100" cy="100" r="92" fill="#EEF0FF" />
      <circle cx="100" cy="100" r="70" fill="#DCE0FD" />
      <path
        d="M38 150c26-6 46-18 62-38"
        fill="none"
        stroke="#BCC3FA"
        strokeWidth="4"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <rect x="46" y="112" width="64" height="44" rx="7" fill="#FFFFFF" stroke="#3F3CC8" strokeWidth="4" />
      <path d="M48 116l30 22 30-22" fill="none" stroke="#3F3CC8" strokeWidth="4" strokeLinejoin="round" />
      <path
        d="M160 42L82 86l26 10 8 28 14-20 18 10z"
        fill="#F58A1F"
        stroke="#D9700B"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M160 42l-52 54 8 28" fill="none" stroke="#D9700B" strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M160 42l-30 62"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.7"
      />
      <circle cx="150" cy="138" r="16" fill="#1F9D55" />
      <path
        d="M142 138l6 6 10-12"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
