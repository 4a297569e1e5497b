import { Anchor, Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/List.layer.css';
import { IconArrowLeft, IconCalendarCheck, IconClipboardCheck, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitch } from '@/components/language-switch';
import type { HomeLink } from '@/components/home-link';
import classes from './auth-frame.module.css';

const points = [
  { key: 'schedule', icon: IconCalendarCheck },
  { key: 'records', icon: IconClipboardCheck },
  { key: 'finance', icon: IconShieldCheck },
] as const;

interface AuthFrameProps {
  /** The link home: `RouterHomeLink` in the router; the sign-in screen without the router has its own. */
  homeLink: HomeLink;
  children: ReactNode;
}

/** Sign-in screens: the form beside a short word about the product (the aside folds away on phones). */
export function AuthFrame({ homeLink, children }: AuthFrameProps) {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.page}>
      <aside className={classes.aside}>
        <BrandMark inverted homeLink={homeLink} />
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" className={classes.asideTitle}>
            {t('login.asideTitle')}
          </Title>
          <Text c="indigo.0" size="lg">
            {t('login.asideBody')}
          </Text>
          <List spacing="md" center>
            {points.map(({ key, icon: PointIcon }) => (
              <List.Item
                key={key}
                icon={
                  <ThemeIcon variant="white" radius="xl" size={32}>
                    <PointIcon size={18} />
                  </ThemeIcon>
                }
              >
                <Text c="white" fw={500}>
                  {t(`login.asidePoints.${key}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <span />
      </aside>
      <section className={classes.content}>
        <Group justify="space-between" wrap="nowrap" className={classes.topBar}>
          <Anchor component={homeLink} c="dimmed" size="sm">
            <Group gap={6} wrap="nowrap">
              <IconArrowLeft size={16} />
              {t('login.backHome')}
            </Group>
          </Anchor>
          <LanguageSwitch />
        </Group>
        <div className={classes.form}>
          <Box w="100%" maw={400}>
            <Box hiddenFrom="md" mb="xl">
              <BrandMark homeLink={homeLink} />
            </Box>
            {children}
          </Box>
        </div>
      </section>
    </div>
  );
}
