import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBell,
  IconBook2,
  IconCalendarTime,
  IconChartLine,
  IconCircleCheck,
  IconClipboardCheck,
  IconLanguage,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import classes from './hero.module.css';

const highlights = ['sessions', 'progress', 'finance'] as const;

/** Decorative tiles standing for the product's areas; they carry no information of their own. */
const tiles = [
  { icon: IconCalendarTime, color: 'indigo' },
  { icon: IconBook2, color: 'cyan' },
  { icon: IconChartLine, color: 'teal' },
  { icon: IconClipboardCheck, color: 'violet' },
  { icon: IconUsersGroup, color: 'indigo' },
  { icon: IconWallet, color: 'grape' },
  { icon: IconBell, color: 'orange' },
  { icon: IconLanguage, color: 'blue' },
  { icon: IconCircleCheck, color: 'green' },
] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} className={classes.grid}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" className={classes.eyebrow}>
              {t('hero.eyebrow')}
            </Badge>
            <Title order={1} className={classes.title}>
              {t('hero.title')}
            </Title>
            <Text size="lg" c="dimmed" className={classes.subtitle}>
              {t('hero.subtitle')}
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to={paths.authLogin.path}
                size="md"
                rightSection={<IconArrowRight size={18} />}
              >
                {t('hero.signIn')}
              </Button>
              <Button component={Link} to={paths.contact.path} size="md" variant="default">
                {t('hero.contact')}
              </Button>
            </Group>
            <Group gap="lg" mt="xs">
              {highlights.map((key) => (
                <Group key={key} gap={6} wrap="nowrap">
                  <IconCircleCheck size={18} className={classes.check} />
                  <Text size="sm" fw={500}>
                    {t(`highlights.${key}`)}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <div className={classes.mosaic} aria-hidden>
            {tiles.map(({ icon: TileIcon, color }, index) => (
              <div key={index} className={classes.tile}>
                <ThemeIcon size={56} radius="lg" variant="light" color={color}>
                  <TileIcon size={30} stroke={1.5} />
                </ThemeIcon>
              </div>
            ))}
          </div>
        </SimpleGrid>
      </Container>
    </section>
  );
}
