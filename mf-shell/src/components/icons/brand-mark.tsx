/** The agency's logo mark: decorative, the link or heading around it carries the site name. */
export function BrandMark() {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
      className="brand-mark"
    >
      <rect width="32" height="32" rx="9" fill="var(--color-brand, #4338ca)" />
      <path
        d="M9 23 16 8l7 15M11.8 17.5h8.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="9" r="2.5" fill="var(--color-accent, #f59e0b)" />
    </svg>
  );
}
