import { Anchor, Button, Container, Group, Text } from '@mantine/core';
import { IconArrowRight, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Outlet } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { RouterHomeLink } from '@/components/home-link';
import { LanguageSwitch } from '@/components/language-switch';
import { isSignedIn } from '@/lib/auth-storage';
import { getClientConfig } from '@/lib/client-config';
import { paths } from '@/lib/paths';
import classes from './public-layout.module.css';

const headerLinks = [
  { key: 'home', path: paths.landing.path },
  { key: 'contact', path: paths.contact.path },
] as const;

export function PublicLayout() {
  const { t } = useTranslation(['common', 'landing']);
  const { centre } = getClientConfig();
  const signedIn = isSignedIn();

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <BrandMark nameVisibleFrom="sm" homeLink={RouterHomeLink} />
            <Group gap="xs" wrap="nowrap">
              <Group gap={4} visibleFrom="sm" component="nav" aria-label={t('nav.mainNavigation')}>
                {headerLinks.map((link) => (
                  <RouterNavLink key={link.key} to={link.path} end className={classes.navLink}>
                    {t(`nav.${link.key}`)}
                  </RouterNavLink>
                ))}
              </Group>
              <LanguageSwitch />
              {signedIn ? (
                <Button component={Link} to={paths.panel.path} rightSection={<IconArrowRight size={16} />}>
                  {t('nav.openPanel')}
                </Button>
              ) : (
                <Button component={Link} to={paths.authLogin.path} leftSection={<IconLogin2 size={16} />}>
                  {t('nav.signIn')}
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </header>

      <main className={classes.main}>
        <Outlet />
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="md" py="xl">
            <Text size="sm" c="dimmed">
              {t('landing:footer.rights', { year: new Date().getFullYear(), centre: centre.name })}
            </Text>
            <Group gap="lg">
              <Anchor component={Link} to={paths.contact.path} size="sm" c="dimmed">
                {t('landing:footer.contact')}
              </Anchor>
              <Anchor component={Link} to={paths.authLogin.path} size="sm" c="dimmed">
                {t('landing:footer.signIn')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </footer>
    </div>
  );
}
