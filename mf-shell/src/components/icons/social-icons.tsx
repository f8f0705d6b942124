import { type IconProps, STROKE, SvgIcon } from './svg-icon';

export function FacebookIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fill="currentColor"
        d="M13.4 22v-8.1h2.7l.4-3.2h-3.1V8.7c0-.9.3-1.6 1.6-1.6h1.7V4.3a23 23 0 0 0-2.5-.1c-2.5 0-4.2 1.5-4.2 4.3v2.3H7.3v3.2H10V22h3.4z"
      />
    </SvgIcon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fill="currentColor"
        d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.2l-4.9-6.3L5.4 21H2.3l7.3-8.3L1.9 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z"
      />
    </SvgIcon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" {...STROKE} />
      <circle cx="12" cy="12" r="4" {...STROKE} />
      <circle cx="17.4" cy="6.6" r="1.2" fill="currentColor" />
    </SvgIcon>
  );
}

export function TikTokIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fill="currentColor"
        d="M16.7 5.8A4.4 4.4 0 0 1 15.6 3h-3.2v12.5a2.7 2.7 0 1 1-2.7-2.7c.3 0 .6 0 .8.1V9.7a5.9 5.9 0 1 0 5.1 5.8V9.2a7.5 7.5 0 0 0 4.4 1.4V7.4a4.4 4.4 0 0 1-3.3-1.6z"
      />
    </SvgIcon>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3L10 15z"
      />
    </SvgIcon>
  );
}
