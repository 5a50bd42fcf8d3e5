import { useEffect, type ReactNode } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import { useAnnouncementBar } from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * Docusaurus's inline script hides the bar before hydration when the stored dismissal is `true`. When the bar id
 * has changed, React resets the dismissal and wants the bar shown, but the CSS flag stays, so a visitor who
 * dismissed an earlier announcement would not see the new one until a full reload. Lifting the flag once React
 * says the bar is active makes the reset visible at once (spec §2).
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
