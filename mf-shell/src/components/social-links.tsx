import type { SiteConfig } from '@agency/core';
import { useSiteConfig, useTranslation } from '@agency/core';
import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, TikTokIcon, XIcon, YouTubeIcon } from './icons/social-icons';
import type { IconProps } from './icons/svg-icon';

type Network = keyof SiteConfig['social'];

const NETWORKS: readonly { network: Network; Icon: ComponentType<IconProps> }[] = [
  { network: 'facebook', Icon: FacebookIcon },
  { network: 'x', Icon: XIcon },
  { network: 'instagram', Icon: InstagramIcon },
  { network: 'tiktok', Icon: TikTokIcon },
  { network: 'youtube', Icon: YouTubeIcon },
];

/** The agency's social profiles, each opening in a new tab. Networks without a configured URL are left out. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const { social } = useSiteConfig();
  const links = NETWORKS.filter(({ network }) => social[network] !== '');
  if (links.length === 0) return null;
  return (
    <ul className={`social-links ${className}`.trim()} aria-label={t('social.label')}>
      {links.map(({ network, Icon }) => (
        <li key={network}>
          <a
            className="social-links__link"
            href={social[network]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('social.linkLabel', { network: t(`social.${network}`) })}
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
