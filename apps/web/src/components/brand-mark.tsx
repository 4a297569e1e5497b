import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getClientConfig } from '@/lib/client-config';
import type { HomeLink } from './home-link';

interface BrandMarkProps {
  /** Hide the centre's name below this width (phones). */
  nameVisibleFrom?: 'xs' | 'sm' | 'md';
  inverted?: boolean;
  /** The link home: `RouterHomeLink` inside the router (home-link.tsx). */
  homeLink: HomeLink;
}

/** The centre's mark and name, linking home. The application name is never shown (SPEC §1). */
export function BrandMark({ nameVisibleFrom = 'xs', inverted = false, homeLink }: BrandMarkProps) {
  const { t } = useTranslation();
  const { centre } = getClientConfig();
  return (
    // The accessible name starts with the centre's name, the link's visible text (WCAG 2.5.3).
    <UnstyledButton component={homeLink} aria-label={t('nav.homeLink', { name: centre.name })}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon
          size={34}
          radius="md"
          variant={inverted ? 'white' : 'gradient'}
          gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        >
          <IconSchool size={20} stroke={1.8} />
        </ThemeIcon>
        <Text
          fw={700}
          size="md"
          c={inverted ? 'white' : undefined}
          visibleFrom={nameVisibleFrom}
          lineClamp={1}
        >
          {centre.name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
