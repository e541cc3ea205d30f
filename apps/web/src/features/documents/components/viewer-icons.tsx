import type { ReactNode } from 'react';

/** Inline stroke icons (the app has no icon package); decorative: the buttons carry the labels. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const FirstPageIcon = () => (
  <Icon>
    <path d="M7 6v12" />
    <path d="M17 6l-6 6l6 6" />
  </Icon>
);

export const PreviousPageIcon = () => (
  <Icon>
    <path d="M15 6l-6 6l6 6" />
  </Icon>
);

export const NextPageIcon = () => (
  <Icon>
    <path d="M9 6l6 6l-6 6" />
  </Icon>
);

export const LastPageIcon = () => (
  <Icon>
    <path d="M7 6l6 6l-6 6" />
    <path d="M17 6v12" />
  </Icon>
);

export const ZoomInIcon = () => (
  <Icon>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6 -6" />
    <path d="M7 10h6" />
    <path d="M10 7v6" />
  </Icon>
);

export const ZoomOutIcon = () => (
  <Icon>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6 -6" />
    <path d="M7 10h6" />
  </Icon>
);

export const DownloadIcon = () => (
  <Icon>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2" />
    <path d="M7 11l5 5l5 -5" />
    <path d="M12 4v12" />
  </Icon>
);

export const PrintIcon = () => (
  <Icon>
    <path d="M17 17h2a2 2 0 0 0 2 -2v-4a2 2 0 0 0 -2 -2h-14a2 2 0 0 0 -2 2v4a2 2 0 0 0 2 2h2" />
    <path d="M17 9v-4a2 2 0 0 0 -2 -2h-6a2 2 0 0 0 -2 2v4" />
    <rect x="7" y="13" width="10" height="8" rx="2" />
  </Icon>
);
