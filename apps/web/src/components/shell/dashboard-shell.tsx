import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import {
  ActionIcon,
  AppShell,
  Burger,
  Container,
  Divider,
  Group,
  NavLink,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import { IconLogout } from '@tabler/icons-react';
import type { CurrentUser } from '@tutoria/shared';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { RouterHomeLink } from '@/components/home-link';
import { LanguageSwitch } from '@/components/language-switch';
import { focusPageContent, MAIN_CONTENT_ID } from '@/lib/page-focus';
import classes from './dashboard-shell.module.css';
import { UserSummary } from './user-summary';

const NAVBAR_ID = 'main-navigation';

interface ShellLink {
  key: string;
  label: string;
  path: string;
  icon: Icon;
  /** At the entry's end, e.g. a count waiting for the user. */
  badge?: ReactNode;
}

interface DashboardShellProps {
  user: CurrentUser;
  links: readonly ShellLink[];
  onSignOut: () => void;
  /** Shown in the header before the user's name (the notification bell). */
  headerActions?: ReactNode;
  children: ReactNode;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The link the page is under: the longest path that holds it (Tasks' page lies under Reports' path). */
function activePath(pathname: string, links: readonly { path: string }[]): string | undefined {
  return links
    .map((link) => link.path)
    .filter((path) => isActive(pathname, path))
    .sort((a, b) => b.length - a.length)[0];
}

/** Sidebar, header and content of the signed-in areas; the sidebar folds behind a burger on phones. */
export function DashboardShell({ user, links, onSignOut, headerActions, children }: DashboardShellProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const currentPath = activePath(pathname, links);
  const [opened, { toggle, close }] = useDisclosure(false);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  // The shell is drawn first and the page inside it in a render of its own: a phone's main thread
  // does two shorter pieces of work instead of one long one as a signed-in page opens (issue 9).
  // Later updates come inside the router's transitions, where React gives the new page at once.
  const page = useDeferredValue(children, null);
  // A link chosen in the phone menu folds the menu away (inert), which drops focus to <body>: it
  // goes to the new page's content instead, once the address has changed.
  const chosenFrom = useRef<string | null>(null);
  useEffect(() => {
    if (chosenFrom.current === null || chosenFrom.current === pathname) return;
    chosenFrom.current = null;
    focusPageContent();
  }, [pathname]);
  const choose = (path: string) => {
    close();
    if (!phone) return;
    if (path === pathname) window.requestAnimationFrame(focusPageContent);
    else chosenFrom.current = pathname;
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      // No AppShell transition, and its `data-resizing` mark kept on: the mark came off after the
      // page was drawn and after each resize, which restyled every element of the page even with no
      // transition to switch off (issue 9); the sidebar slides by its own CSS.
      transitionDuration={0}
      mod={{ resizing: true }}
      padding={{ base: 'md', sm: 'xl' }}
      classNames={{ main: classes.main, navbar: classes.navbar }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleNavigation')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <BrandMark nameVisibleFrom="md" homeLink={RouterHomeLink} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {headerActions}
            <UserSummary user={user} />
            <Divider orientation="vertical" visibleFrom="sm" />
            <LanguageSwitch />
            <Tooltip label={t('nav.logout')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={onSignOut}
                aria-label={t('nav.logout')}
              >
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      {/* Folded away on a phone, the sidebar is also out of reach for keyboard and screen readers. */}
      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label={t('nav.mainNavigation')} inert={phone && !opened}>
        <AppShell.Section grow className={classes.links}>
          {links.map(({ key, label, path, icon: LinkIcon, badge }) => (
            <NavLink
              key={key}
              component={Link}
              to={path}
              label={label}
              leftSection={<LinkIcon size={20} stroke={1.6} />}
              rightSection={badge}
              active={path === currentPath}
              onClick={() => choose(path)}
              className={classes.link}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section className={classes.footer}>
          <NavLink
            component="button"
            label={t('nav.logout')}
            leftSection={<IconLogout size={20} stroke={1.6} />}
            onClick={onSignOut}
            className={classes.link}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          {page}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
