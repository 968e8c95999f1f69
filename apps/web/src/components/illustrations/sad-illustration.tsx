/** A drooping speech bubble with a sad face: something did not work out. */
export function SadIllustration({ size = 180 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 200 200"
      role="img"
      aria-hidden="true"
      data-testid="illustration-sad"
    >
      <circle cx="100" cy="100" r="92" fill="#FFF6EB" />
      <circle cx="100" cy="100" r="70" fill="#FFE8CC" />
      <path
        d="M52 58h96a14 14 0 0 1 14 14v52a14 14 0 0 1-14 14H98l-26 22v-22H52a14 14 0 0 1-14-14V72a14 14 0 0 1 14-14z"
        fill="#FFFFFF"
        stroke="#3F3CC8"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="80" cy="90" r="6" fill="#3F3CC8" />
      <circle cx="120" cy="90" r="6" fill="#3F3CC8" />
      <path d="M78 120q22-18 44 0" fill="none" stroke="#3F3CC8" strokeWidth="5" strokeLinecap="round" />
      <path d="M128 100q4 8 0 12q-4-4 0-12z" fill="#6E74EE" />
      <path
        d="M150 40l10-10M160 52l14-4M138 32l2-14"
        stroke="#F58A1F"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
